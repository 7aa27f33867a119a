import fc from "fast-check";
import {
  columnsFromHeader,
  fingerprintOf,
  fingerprintText,
  fnv1a64,
  valuesHash,
  type FrozenColumn,
} from "../../../../src/core/changes/fingerprint";
import {
  FROZEN_SHEET_NAMESPACE,
  frozenSheetXml,
  readFrozenSheetXml,
  type FrozenSheetRecord,
} from "../../../../src/core/changes/frozen-sheet-record";
import { ecpmOf } from "../../../../src/core/ecpm";
import type { TableCell } from "../../../../src/core/workbook-queries/table-columns";

const COLUMNS: FrozenColumn[] = [
  { key: "date", isMetric: false },
  { key: "country", isMetric: false },
  { key: "impressions", isMetric: true },
  { key: "revenues", isMetric: true },
  { key: "ecpm", isMetric: true },
];

const cell: fc.Arbitrary<TableCell> = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string(),
  fc.boolean(),
  fc.integer(),
);
const rowsArbitrary = fc.array(fc.array(cell, { minLength: 5, maxLength: 5 }), { minLength: 1, maxLength: 20 });

/** FNV-1a 64 by the book, in BigInt: what the limb arithmetic must equal. */
function referenceFnv(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text))
    hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return hash.toString(16).padStart(16, "0");
}

const fingerprint = (rows: TableCell[][]) =>
  fingerprintOf({
    query: { words: "Revenues by Date, Country; June 2026" },
    frozenDay: "2026-07-02",
    dataThrough: "2026-07-01",
    columns: COLUMNS,
    rows,
  });

describe("fnv1a64", () => {
  it("gives the published values", () => {
    expect(fnv1a64("")).toBe("cbf29ce484222325");
    expect(fnv1a64("a")).toBe("af63dc4c8601ec8c");
    expect(fnv1a64("foobar")).toBe("85944171f73967e8");
  });

  it("equals FNV-1a 64 computed in BigInt, for any text", () => {
    fc.assert(fc.property(fc.string({ unit: "grapheme" }), (text) => fnv1a64(text) === referenceFnv(text)));
  });
});

describe("fingerprintOf", () => {
  it("gives the same fingerprint for the same rows", () => {
    fc.assert(
      fc.property(rowsArbitrary, (rows) => expect(fingerprint(rows)).toEqual(fingerprint(rows.map((row) => [...row])))),
    );
  });

  it("changes the hash when any one cell changes", () => {
    fc.assert(
      fc.property(rowsArbitrary, fc.nat(), fc.nat(4), cell, (rows, r, c, value) => {
        const row = r % rows.length;
        fc.pre(!Object.is(rows[row]![c], value) && valuesHash([[rows[row]![c]!]]) !== valuesHash([[value]]));
        const changed = rows.map((cells) => [...cells]);
        changed[row]![c] = value;
        expect(fingerprint(changed).hash).not.toBe(fingerprint(rows).hash);
      }),
    );
  });

  it("tells a number from the same text, and cells apart from their joins", () => {
    expect(valuesHash([[1]])).not.toBe(valuesHash([["1"]]));
    expect(valuesHash([["a", "b"]])).not.toBe(valuesHash([["a;b"]]));
    expect(valuesHash([["a"], ["b"]])).not.toBe(valuesHash([["a", "b"]]));
    expect(valuesHash([[true]])).not.toBe(valuesHash([[1]]));
  });

  it("hashes a number as Excel keeps it: 15 significant digits", () => {
    expect(valuesHash([[1234.5678901234567]])).toBe(valuesHash([[1234.56789012346]]));
    expect(valuesHash([[0.1 + 0.2]])).toBe(valuesHash([[0.3]]));
    expect(valuesHash([[1234.56]])).not.toBe(valuesHash([[1234.57]]));
  });

  it("keeps totals equal to the rows' sums, eCPM recomputed", () => {
    const cents = fc.integer({ min: 0, max: 10_000_000 }).map((value) => value / 100);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(1_000_000), cents), { maxLength: 30 }), (pairs) => {
        const rows = pairs.map(([impressions, revenues], index): TableCell[] => [
          46_000 + index,
          "FR",
          impressions,
          revenues,
          ecpmOf(revenues, impressions),
        ]);
        const { totals, rows: count } = fingerprint(rows);
        const revenues = pairs.reduce((sum, [, value]) => sum + value, 0);
        const impressions = pairs.reduce((sum, [value]) => sum + value, 0);
        expect(count).toBe(rows.length);
        expect(totals.revenues).toBeCloseTo(revenues, 6);
        expect(totals.impressions).toBe(impressions);
        expect(totals.ecpm).toBeCloseTo(ecpmOf(revenues, impressions), 9);
        expect(totals.requests).toBeUndefined();
      }),
    );
  });

  it("says what it holds in the note's words", () => {
    const print = fingerprint([
      [46_000, "FR", 1000, 12.5, 12.5],
      [46_001, "DE", 3000, 1234.5, 411.5],
    ]);
    expect(fingerprintText(print)).toBe(
      `version 1; 2 rows; Revenues 1,247.00; Impressions 4,000; eCPM 311.75; hash ${print.hash}`,
    );
    expect(print.hash).toMatch(/^fnv1a64:[0-9a-f]{16}$/);
  });
});

describe("columnsFromHeader", () => {
  it("finds metrics by their readable or API name, the rest are groups", () => {
    expect(columnsFromHeader(["Date", "Revenues", "impressions", "Notes"])).toEqual([
      { key: "date", isMetric: false },
      { key: "revenues", isMetric: true },
      { key: "impressions", isMetric: true },
      { key: "notes", isMetric: false },
    ]);
  });
});

describe("the frozen sheet's custom XML part", () => {
  const record = (): FrozenSheetRecord => ({
    version: 1,
    id: "f-12345678",
    sheet: { excelId: "{ABC}", name: "Jun 2026 (frozen)" },
    frozenAt: "2026-07-02T09:30:00Z",
    source: "Sheet1!A1:E31",
    values: { firstRow: 9, header: true, columns: 5 },
    fingerprint: {
      ...fingerprint([[46_000, "FR", 1000, 12.5, 12.5]]),
      query: {
        words: "Revenues by Date; June 2026",
        run: {
          table: {
            period: { from: "2026-06-01", to: "2026-06-30" },
            groups: ["date"],
            metrics: ["revenues"],
            filters: {},
            orders: [],
            profile: "Demo",
          },
        },
      },
    },
  });

  it("reads back what it writes, in its own namespace and without a declaration", () => {
    const xml = frozenSheetXml(record());
    expect(xml.startsWith(`<frozenSheet xmlns="${FROZEN_SHEET_NAMESPACE}"`)).toBe(true);
    expect(readFrozenSheetXml(xml)).toEqual(record());
  });

  it("refuses a field it does not list, so that no credential can ride along", () => {
    const withToken = { ...record(), fingerprint: { ...record().fingerprint, query: { words: "x", token: "secret" } } };
    expect(() => frozenSheetXml(withToken as unknown as FrozenSheetRecord)).toThrow();
    expect(
      readFrozenSheetXml(
        frozenSheetXml(record()).replace("&quot;words&quot;", "&quot;token&quot;:&quot;secret&quot;,&quot;words&quot;"),
      ),
    ).toBeUndefined();
  });

  it("reads nothing from a damaged part, or a newer version's", () => {
    expect(readFrozenSheetXml("<frozenSheet><json>{not json</json></frozenSheet>")).toBeUndefined();
    expect(
      readFrozenSheetXml(frozenSheetXml(record()).replace("&quot;version&quot;:1", "&quot;version&quot;:2")),
    ).toBeUndefined();
  });
});
