import { randomBytes } from "node:crypto";
import { crc32, inflateRawSync } from "node:zlib";
import fc from "fast-check";
import { entryText, readZip, writeZip } from "../../../src/core/xlsx/zip-package";
import { zlibRawDeflater } from "../../../src/headless/zlib-deflater";

/**
 * The headless refresh's deflater: blocks compressed one call at a time must make one raw
 * DEFLATE stream, whatever the sizes of the pieces pushed, and reach back across blocks.
 */

function deflated(chunks: readonly Uint8Array[]): Buffer {
  const deflater = zlibRawDeflater();
  const out: Uint8Array[] = [];
  chunks.forEach((chunk, index) => out.push(...deflater.push(chunk, index === chunks.length - 1)));
  return Buffer.concat(out);
}

/** Pieces of sheet-like text and of noise, so that blocks both compress and refer back. */
const piece = fc.oneof(
  fc.integer({ min: 0, max: 300_000 }).map((length) => new Uint8Array(randomBytes(length))),
  fc
    .tuple(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 1_000_000 }))
    .map(([rows, seed]) =>
      new TextEncoder().encode(
        Array.from(
          { length: rows },
          (_, row) => `<row r="${seed + row}"><c><v>${(row * 0.37).toFixed(4)}</v></c></row>`,
        ).join(""),
      ),
    ),
  fc.constantFrom(new Uint8Array(0), new Uint8Array(128 * 1024).fill(65), new Uint8Array(32 * 1024).fill(66)),
);

describe("zlibRawDeflater", () => {
  it("makes one DEFLATE stream of any sequence of pieces", () => {
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 6 }), (chunks) => {
        expect(inflateRawSync(deflated(chunks)).equals(Buffer.concat(chunks))).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it("refers back across blocks: noise repeated after a block boundary costs nothing the second time", () => {
    const noise = new Uint8Array(randomBytes(20_000));
    // The first copy ends a 128 KB block, the second starts the next one.
    const filler = new Uint8Array(128 * 1024 - noise.length).fill(32);
    const once = deflated([filler, noise]).length;
    const twice = deflated([filler, noise, noise]).length;
    expect(twice - once).toBeLessThan(1_000);
  });

  it("writes an entry any zip reader takes: sizes and CRC of what was pushed", () => {
    const text = Array.from({ length: 30_000 }, (_, row) => `<row r="${row + 1}"><c><v>${row}</v></c></row>`).join("");
    const chunks: Uint8Array[] = [];
    writeZip(
      [
        {
          kind: "new",
          name: "xl/worksheets/sheet1.xml",
          mtime: new Date(2024, 0, 1),
          chunks: [text.slice(0, 70_000), text.slice(70_000)],
        },
      ],
      (chunk) => chunks.push(chunk),
      { deflater: () => zlibRawDeflater() },
    );
    const [entry] = readZip(Buffer.concat(chunks));
    expect(entry!.method).toBe(8);
    expect(entry!.size).toBe(Buffer.byteLength(text));
    // zlib's CRC of zlib's inflation: a check that does not go through the writer's own code.
    expect(entry!.crc).toBe(crc32(inflateRawSync(entry!.raw)));
    expect(entryText(entry!)).toBe(text);
  });
});
