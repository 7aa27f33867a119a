import { readdirSync } from "node:fs";
import { WorkbookPackage } from "../../../../src/core/xlsx/workbook-package";
import {
  bytesSource,
  entryText,
  entryTextChunks,
  readZip,
  writeZip,
  type OutputEntry,
  type ZipSource,
} from "../../../../src/core/xlsx/zip-package";
import { EXCEL_MADE, excelMade } from "../../../support/stored-query-parts";

/**
 * The headless refresh reads its input through positioned reads of the file (a ZipSource), so
 * that a 100,000-row workbook is never held whole: these check what is read, and that what is
 * written from such reads is the input's bytes.
 */

/** A source over `bytes` that records the length of every read. */
function recording(bytes: Uint8Array): ZipSource & { reads: number[] } {
  const source = bytesSource(bytes);
  const reads: number[] = [];
  return {
    size: source.size,
    reads,
    read(at, length) {
      reads.push(length);
      // A copy, as a file read gives: nothing may rely on the source's memory staying the same.
      return source.read(at, length).slice();
    },
  };
}

function toBytes(entries: Iterable<OutputEntry>): Uint8Array {
  const chunks: Uint8Array[] = [];
  writeZip(entries, (chunk) => chunks.push(chunk));
  return new Uint8Array(Buffer.concat(chunks));
}

/** table-sample.xlsx with a sheet of about 300 KB, stored (so its compressed size is that too). */
function largeWorkbook(): { bytes: Uint8Array; large: string } {
  let text = "";
  for (let row = 0; row < 12_000; row++) text += `<row r="${row + 1}"><c><v>${(row * 7919) % 104_729}</v></c></row>`;
  const large = "xl/worksheets/large.xml";
  const stored = toBytes([{ kind: "new", name: large, mtime: new Date(2026, 0, 1), chunks: [text] }]);
  // Kept entries only: the large part keeps its compression (deflate, still tens of KB) as written.
  const entries = [...readZip(excelMade("table-sample.xlsx")), ...readZip(stored)].map((entry): OutputEntry => ({
    kind: "kept",
    entry,
  }));
  return { bytes: toBytes(entries), large };
}

describe("reading a workbook through positioned reads", () => {
  it("opens the package reading its directory and a few small parts, not its large ones", () => {
    const { bytes, large } = largeWorkbook();
    const source = recording(bytes);
    const pkg = new WorkbookPackage(source);
    const largeEntry = pkg.entries.find((entry) => entry.name === large)!;
    expect(largeEntry.compressedSize).toBeGreaterThan(20_000);
    const read = source.reads.reduce((sum, length) => sum + length, 0);
    expect(read).toBeLessThan(largeEntry.compressedSize);
    expect(read).toBeLessThan(bytes.length / 2);
  });

  it("copies untouched entries from the source a slice at a time, with their bytes as they were", () => {
    const { bytes, large } = largeWorkbook();
    const source = recording(bytes);
    const entries = readZip(source);
    source.reads.length = 0;
    const output = toBytes(entries.map((entry): OutputEntry => ({ kind: "kept", entry })));
    expect(Math.max(...source.reads)).toBeLessThanOrEqual(8 * 1024);
    const before = readZip(bytes);
    const after = readZip(output);
    expect(after.map((entry) => entry.name)).toEqual(before.map((entry) => entry.name));
    after.forEach((entry, index) => {
      expect({
        name: entry.name,
        crc: entry.crc,
        raw: Buffer.from(entry.raw).equals(Buffer.from(before[index]!.raw)),
      }).toEqual({ name: before[index]!.name, crc: before[index]!.crc, raw: true });
    });
    const sheet = entries.find((entry) => entry.name === large)!;
    source.reads.length = 0;
    expect([...entryTextChunks(sheet)].join("")).toBe(entryText(before.find((entry) => entry.name === large)!));
    expect(Math.max(...source.reads)).toBeLessThanOrEqual(8 * 1024);
  });

  it.each(readdirSync(EXCEL_MADE).filter((name) => name.endsWith(".xlsx")))(
    "reads %s, and the copy written from it (with data descriptors), as from its bytes",
    (name) => {
      const bytes = excelMade(name);
      const fromSource = readZip(recording(bytes));
      const fromBytes = readZip(bytes);
      const summary = (entries: typeof fromBytes) =>
        entries.map((entry) => ({ name: entry.name, crc: entry.crc, size: entry.size, text: entryText(entry) }));
      expect(summary(fromSource)).toEqual(summary(fromBytes));
      // fflate writes every entry with a data descriptor after its data.
      const copy = toBytes(fromSource.map((entry): OutputEntry => ({ kind: "kept", entry })));
      expect(summary(readZip(recording(copy)))).toEqual(summary(fromBytes));
    },
  );
});
