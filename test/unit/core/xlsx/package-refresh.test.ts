import type { SpillTable } from "../../../../src/core/rows/spill-table";
import { readTableQueryXml, tableQueryXml } from "../../../../src/core/workbook-queries/record-xml";
import type { StoredTableQuery } from "../../../../src/core/workbook-queries/stored-query";
import { refreshPackage, type FetchDependencies } from "../../../../src/core/xlsx/package-refresh";
import { memorySpool } from "../../../../src/core/xlsx/table-fetch";
import { entryBytes, entryText, readZip, writeZip, type ZipEntry } from "../../../../src/core/xlsx/zip-package";
import { excelMade, withEntryText, withStoredQueries, withTable } from "../../../support/stored-query-parts";
import { sheetsOf } from "../../../support/xlsx";

/**
 * The headless refresh's package editing on workbooks Excel saved (test/fixtures/excel-made):
 * rows written where the pane writes them, the user's columns, totals row and formats kept,
 * growth refused over data, PivotTables marked, and every other entry byte for byte as it was.
 */

const NOW = Date.UTC(2024, 1, 1, 6, 0, 0);

function record(
  id: string,
  table: string,
  sheet: string,
  columns: string[],
  query: Partial<StoredTableQuery["query"]> = {},
): StoredTableQuery {
  const groups = columns.filter((column) => !["impressions", "revenues", "ecpm", "requests"].includes(column));
  const metrics = columns.filter((column) => ["impressions", "revenues", "ecpm", "requests"].includes(column));
  return {
    version: 1,
    id,
    query: {
      period: { from: "2024-01-01", to: "2024-01-31" },
      groups,
      metrics,
      filters: {},
      orders: [],
      ...query,
    } as StoredTableQuery["query"],
    table: { excelId: "{1}", name: table, sheet },
    columns,
    pivots: [],
    createdAt: "2024-01-01T00:00:00Z",
  } as StoredTableQuery;
}

/** An answer of `rows` rows per table name, in the query's columns: a country and its numbers. */
function deps(rowsByTable: Record<string, number>): FetchDependencies {
  return {
    today: () => "2024-02-01",
    now: () => NOW,
    async fetch(query): Promise<SpillTable> {
      const count = rowsByTable[JSON.stringify(query.request.metrics)] ?? 0;
      const rows = Array.from({ length: count }, (_, index) => [
        `Country ${index}`,
        (index + 1) * 100,
        (index + 1) * 1.25,
      ]);
      return { rows: [["Country", "Impressions", "Revenues"], ...rows], dateColumns: [], dataRowCount: count };
    },
    fetchLegacy: async () => {
      throw new Error("no legacy table here");
    },
    dataThrough: async () => "2024-01-31",
    activeProfile: () => "Finance",
  };
}

function written(result: Awaited<ReturnType<typeof refreshPackage>>): Uint8Array {
  const chunks: Uint8Array[] = [];
  writeZip(result.package.outputEntries(), (chunk) => chunks.push(chunk));
  return new Uint8Array(Buffer.concat(chunks));
}

const byName = (bytes: Uint8Array) => new Map(readZip(bytes).map((entry) => [entry.name, entry]));
const storedRecord = (entry: ZipEntry) => {
  const read = readTableQueryXml(entryText(entry));
  if (!("record" in read)) throw new Error(read.problem);
  return read.record;
};

describe("refreshPackage on table-sample.xlsx (totals row, calculated columns, calcChain)", () => {
  const input = withStoredQueries(excelMade("table-sample.xlsx"), [
    record("q-table-sample-0001", "Tabelle1", "Tabelle1", ["country", "impressions", "revenues"]),
  ]);
  const key = JSON.stringify(["impressions", "revenues"]);

  it("grows the table: new rows, formulas of the calculated columns, totals row under them, styles kept", async () => {
    const result = await refreshPackage(input, deps({ [key]: 7 }));
    expect(result.tables).toEqual([
      expect.objectContaining({
        table: "Tabelle1",
        outcome: "refreshed",
        rowsBefore: 4,
        rowsAfter: 7,
        totalsBefore: { impressions: 10, revenues: 26 },
        totalsAfter: { impressions: 2800, revenues: 35 },
      }),
    ]);
    const output = written(result);
    const rows = (await sheetsOf(output)).get("Tabelle1")!;
    expect(rows[3]!.slice(2, 7)).toEqual(["Field 1", "Field 2", "Field 3", "Field 4 ", "Field 5"]);
    for (let index = 0; index < 7; index++)
      expect(rows[4 + index]!.slice(2, 5)).toEqual([`Country ${index}`, (index + 1) * 100, (index + 1) * 1.25]);
    const entries = byName(output);
    const sheet = entryText(entries.get("xl/worksheets/sheet1.xml")!);
    expect(sheet).toContain('<c r="F11"><f>SUM(Tabelle1[[#This Row],[Field 2]:[Field 3]])</f></c>');
    expect(sheet).toContain(
      '<c r="G11" s="1"><f>Tabelle1[[#This Row],[Field 4 ]]/Tabelle1[[#Totals],[Field 4 ]]</f></c>',
    );
    expect(sheet).toContain('<c r="C12" t="s"><v>3</v></c><c r="D12"><f>SUBTOTAL(101,Tabelle1[Field 2])</f></c>');
    const table = entryText(entries.get("xl/tables/table1.xml")!);
    expect(table).toContain('ref="C4:G12" totalsRowCount="1"><autoFilter ref="C4:G11"');
    expect(entryText(entries.get("xl/workbook.xml")!)).toContain('<calcPr calcId="191029" fullCalcOnLoad="1"/>');
    // calcChain listed F5...: deleted, with its relationship and content type.
    expect(result.calcChainDropped).toBe(true);
    expect(entries.has("xl/calcChain.xml")).toBe(false);
    expect(entryText(entries.get("xl/_rels/workbook.xml.rels")!)).not.toContain("calcChain");
    expect(entryText(entries.get("[Content_Types].xml")!)).not.toContain("calcChain");
    expect(storedRecord(entries.get("customXml/item1.xml")!).lastRefresh).toEqual({
      at: "2024-02-01T06:00:00Z",
      rows: 7,
      dataThrough: "2024-01-31",
      profile: "Finance",
    });
  });

  it("copies every entry it does not edit with its compressed bytes as they were", async () => {
    const output = written(await refreshPackage(input, deps({ [key]: 2 })));
    // Against the file Excel wrote (and the helper's own parts), so that a writer recompressing
    // every entry the same way on both sides could not pass.
    const before = new Map([...byName(input), ...byName(excelMade("table-sample.xlsx"))]);
    const after = byName(output);
    // The refreshed table's parts, what records the refresh and recalculation, and what making
    // the Refresh log touches (its number formats in styles.xml).
    const edited = new Set([
      "xl/worksheets/sheet1.xml",
      "xl/tables/table1.xml",
      "xl/workbook.xml",
      "xl/_rels/workbook.xml.rels",
      "[Content_Types].xml",
      "customXml/item1.xml",
      "xl/styles.xml",
    ]);
    for (const [name, entry] of before) {
      if (edited.has(name) || name === "xl/calcChain.xml") continue;
      const kept = after.get(name)!;
      expect({ name, raw: Buffer.from(kept.raw).equals(Buffer.from(entry.raw)), crc: kept.crc }).toEqual({
        name,
        raw: true,
        crc: entry.crc,
      });
    }
    // The only new parts: the Refresh log's sheet and its table.
    expect([...after.keys()].filter((name) => !before.has(name))).toEqual([
      "xl/worksheets/sheet2.xml",
      "xl/worksheets/_rels/sheet2.xml.rels",
      "xl/tables/table2.xml",
    ]);
  });

  it("shrinks the table: the totals row moves up, the rows given up are emptied, a sort follows the rows", async () => {
    const sorted = withEntryText(input, "xl/tables/table1.xml", (text) =>
      text.replace(
        '<autoFilter ref="C4:G8" xr:uid="{F10770DE-874D-4639-BA35-6E90B9C2F544}"/>',
        '<autoFilter ref="C4:G8"/><sortState ref="C5:G8"><sortCondition ref="D5:D8"/></sortState>',
      ),
    );
    const output = written(await refreshPackage(sorted, deps({ [key]: 2 })));
    const sheet = entryText(byName(output).get("xl/worksheets/sheet1.xml")!);
    expect(sheet).toContain('<c r="C7" t="s"><v>3</v></c>');
    expect(sheet).not.toMatch(/r="[C-G]8"/);
    expect(sheet).not.toMatch(/r="[C-G]9"/);
    expect(entryText(byName(output).get("xl/tables/table1.xml")!)).toContain(
      'ref="C4:G7" totalsRowCount="1"><autoFilter ref="C4:G6"/><sortState ref="C5:G6"><sortCondition ref="D5:D6"/></sortState>',
    );
  });
});

describe("refreshPackage on simple-monthly-budget.xlsx (two tables, a chart, an image, a custom XML part)", () => {
  it("refuses to grow one table over the other, naming the cells, and still refreshes the other", async () => {
    const sheetName = [...(await sheetsOf(excelMade("simple-monthly-budget.xlsx"))).keys()][0]!;
    const input = withStoredQueries(excelMade("simple-monthly-budget.xlsx"), [
      record("q-income-00000001", "tblIncome", sheetName, ["country", "revenues"]),
      record("q-expense-0000001", "tblExpenses", sheetName, ["country", "impressions"]),
    ]);
    const answers: FetchDependencies = {
      ...deps({}),
      async fetch(query) {
        const count = query.request.metrics?.includes("revenues") ? 6 : 3;
        const metric = query.request.metrics![0]!;
        const rows = Array.from({ length: count }, (_, index) => [`Line ${index}`, index + 1]);
        return { rows: [["Country", metric], ...rows], dateColumns: [], dataRowCount: count };
      },
    };
    const result = await refreshPackage(input, answers);
    const failed = result.tables.find((table) => table.outcome === "failed")!;
    expect(failed.table).toBe("tblIncome");
    expect(failed.reason).toMatch(
      /^The table tblIncome was not refreshed: it needs 3 more rows below it, but B9:C10 on the sheet Simple Monthly Budget holds data that the refresh will not overwrite or move\./,
    );
    expect(result.tables.find((table) => table.table === "tblExpenses")).toEqual(
      expect.objectContaining({ outcome: "refreshed", rowsBefore: 13, rowsAfter: 3 }),
    );
    const output = written(result);
    const entries = byName(output);
    // The failure is kept with the table's query; its rows stay.
    const stored = [...entries.values()]
      .filter((entry) => /^customXml\/item\d+\.xml$/.test(entry.name) && entryText(entry).includes("tableQuery"))
      .map(storedRecord);
    expect(stored.find((one) => one.table.name === "tblIncome")!.lastFailure?.reason).toBe(failed.reason);
    expect(entryText(entries.get("xl/tables/table1.xml")!)).toContain('ref="B4:C7"');
    // The chart, the image, the workbook's own custom XML part: all there, as they were.
    for (const name of [
      "xl/charts/chart1.xml",
      "xl/media/image1.jpeg",
      "xl/drawings/drawing1.xml",
      "customXml/item1.xml",
      "customXml/itemProps1.xml",
      "docProps/custom.xml",
    ]) {
      expect(
        Buffer.from(entryBytes(entries.get(name)!)).equals(Buffer.from(entryBytes(byName(input).get(name)!))),
      ).toBe(true);
    }
  });
});

describe("refreshPackage marks the PivotTables built on a refreshed table", () => {
  const base = excelMade("pivot-various-types.xlsx");
  const headers = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"];

  async function tableOverData(): Promise<Uint8Array> {
    const header = (await sheetsOf(base)).get("Data")![0]!.map(String);
    return withTable(base, {
      sheetPath: "xl/worksheets/sheet1.xml",
      name: "Stats_by_Date",
      ref: "A1:J11",
      columns: header.length === 10 ? header : headers,
    });
  }

  const stats = record("q-pivot-source-01", "Stats_by_Date", "Data", ["country", "impressions", "revenues"]);
  const key = JSON.stringify(["impressions", "revenues"]);

  it("by range: refreshOnLoad, the range resized to the table's new extent", async () => {
    const input = withStoredQueries(await tableOverData(), [stats]);
    const result = await refreshPackage(input, deps({ [key]: 15 }));
    expect(result.tables[0]).toEqual(
      expect.objectContaining({ outcome: "refreshed", rowsAfter: 15, pivots: [expect.any(String)] }),
    );
    const cache = entryText(byName(written(result)).get("xl/pivotCache/pivotCacheDefinition1.xml")!);
    expect(cache).toMatch(/<pivotCacheDefinition [^>]*refreshOnLoad="1"/);
    expect(cache).toContain('<worksheetSource ref="A1:J16" sheet="Data"/>');
  });

  it("by the table's name: refreshOnLoad, the source left as it is", async () => {
    const input = withStoredQueries(
      withEntryText(await tableOverData(), "xl/pivotCache/pivotCacheDefinition1.xml", (text) =>
        text.replace('ref="A1:J11" sheet="Data"', 'name="Stats_by_Date"'),
      ),
      [stats],
    );
    const result = await refreshPackage(input, deps({ [key]: 4 }));
    const cache = entryText(byName(written(result)).get("xl/pivotCache/pivotCacheDefinition1.xml")!);
    expect(cache).toMatch(/<pivotCacheDefinition [^>]*refreshOnLoad="1"/);
    expect(cache).toContain('<worksheetSource name="Stats_by_Date"/>');
  });
});

describe("stored queries the command cannot read", () => {
  it("reports the part as failed and leaves it as it was, refreshing the others", async () => {
    const good = record("q-table-sample-0002", "Tabelle1", "Tabelle1", ["country", "impressions", "revenues"]);
    const newer = tableQueryXml(good).replace("&quot;version&quot;:1", "&quot;version&quot;:2");
    const input = withStoredQueries(excelMade("table-sample.xlsx"), [good, { xml: newer }]);
    const result = await refreshPackage(input, deps({ [JSON.stringify(["impressions", "revenues"])]: 1 }));
    expect(result.tables.map((table) => [table.table, table.outcome])).toEqual([
      ["customXml/item2.xml", "failed"],
      ["Tabelle1", "refreshed"],
    ]);
    expect(result.tables[0]!.reason).toContain(
      "could not be read: its content is not a query this version of the add-in reads",
    );
    expect(result.package.isEdited("customXml/item2.xml")).toBe(false);
  });

  it("reads what the pane's writer wrote, as Excel saved it", async () => {
    const stored = record("q-agreement-00001", "Tabelle1", "Tabelle1", ["country", "impressions", "revenues"]);
    const input = withStoredQueries(excelMade("table-sample.xlsx"), [stored]);
    const { storedQueryParts } = await import("../../../../src/core/xlsx/stored-query-parts");
    const { WorkbookPackage } = await import("../../../../src/core/xlsx/workbook-package");
    expect(storedQueryParts(new WorkbookPackage(input))).toEqual([{ path: "customXml/item1.xml", record: stored }]);
  });
});

describe("inputs that are not workbooks", () => {
  it("says so in plain words", async () => {
    await expect(refreshPackage(new TextEncoder().encode("not a zip at all, just text"), deps({}))).rejects.toThrow(
      /is not an Excel workbook \(\.xlsx\)/,
    );
    const chunks: Uint8Array[] = [];
    writeZip([{ kind: "new", name: "readme.txt", mtime: new Date(2024, 0, 1), chunks: ["hello"] }], (chunk) =>
      chunks.push(chunk),
    );
    await expect(refreshPackage(new Uint8Array(Buffer.concat(chunks)), deps({}))).rejects.toThrow(
      /holds no Excel workbook/,
    );
  });
});

describe("refreshPackage streams a table's rows", () => {
  const stored = record("q-stream-0000001", "Tabelle1", "Tabelle1", ["country", "impressions", "revenues"]);
  const input = withStoredQueries(excelMade("table-sample.xlsx"), [stored]);
  const key = JSON.stringify(["impressions", "revenues"]);
  const entryOf = (count: number, index: number) =>
    ({
      group: { country: `Country ${index}` },
      metrics: { impressions: (index + 1) * 100, revenues: (index + 1) * 1.25 },
    }) as never;

  /** The service's pages of `size` entries, a spool that counts how often it is read, what was seen. */
  function paged(count: number, size: number) {
    const spool = memorySpool();
    const reads = { rows: 0, disposed: false, appended: [] as number[] };
    const seen: { table: string; expected: number[]; before: unknown[][]; after: unknown[][] } = {
      table: "",
      expected: [],
      before: [],
      after: [],
    };
    const streaming: FetchDependencies = {
      ...deps({}),
      fetch: async () => {
        throw new Error("the rows must come page by page");
      },
      async statsPages(_query, _signal, onPage) {
        for (let offset = 0; offset < count; offset += size)
          onPage(Array.from({ length: Math.min(size, count - offset) }, (_, at) => entryOf(count, offset + at)));
      },
      spool: () => ({
        ...spool,
        get count() {
          return spool.count;
        },
        append: (rows) => {
          reads.appended.push(rows.length);
          spool.append(rows);
        },
        rows: () => {
          reads.rows += 1;
          return spool.rows();
        },
        dispose: () => {
          reads.disposed = true;
        },
      }),
    };
    const observeRows = (table: string) => {
      seen.table = table;
      return {
        expectRows: (count: number) => seen.expected.push(count),
        before: (values: readonly unknown[]) => seen.before.push([...values]),
        after: (values: readonly unknown[]) => seen.after.push([...values]),
      };
    };
    return { streaming, reads, seen, observeRows };
  }

  it("writes the same sheet from pages as from the whole answer, reading the spool only when the sheet is written", async () => {
    const { streaming, reads, observeRows } = paged(7, 3);
    const result = await refreshPackage(input, streaming, { observeRows });
    expect(result.tables[0]).toEqual(
      expect.objectContaining({ outcome: "refreshed", rowsAfter: 7, totalsAfter: { impressions: 2800, revenues: 35 } }),
    );
    // Once for the totals and the observer; the sheet itself is not written yet.
    expect(reads.rows).toBe(1);
    const fromPages = entryText(byName(written(result)).get("xl/worksheets/sheet1.xml")!);
    expect(reads.rows).toBe(2);
    result.dispose();
    expect(reads.disposed).toBe(true);
    const whole = entryText(
      byName(written(await refreshPackage(input, deps({ [key]: 7 })))).get("xl/worksheets/sheet1.xml")!,
    );
    expect(fromPages).toBe(whole);
  });

  it("converts and spools a page of the service a slice at a time, in order", async () => {
    const { streaming, reads, seen, observeRows } = paged(1_234, 1_234);
    await refreshPackage(input, streaming, { observeRows });
    // A whole page converted at once outlives young collections: the peak memory test of the bench.
    expect(reads.appended).toEqual([500, 500, 234]);
    expect(seen.after).toHaveLength(1_234);
    expect(seen.after.map((row) => row[0])).toEqual(Array.from({ length: 1_234 }, (_, index) => `Country ${index}`));
  });

  it("lets a change report hear the old rows and the new ones as they stream past", async () => {
    const { streaming, seen, observeRows } = paged(2, 10);
    await refreshPackage(input, streaming, { observeRows });
    expect(seen.table).toBe("Tabelle1");
    // table-sample.xlsx's four rows, in the query's three columns (Field 1..3 as Excel saved them),
    // announced before the first so that the report makes room for them once.
    expect(seen.expected).toEqual([4]);
    expect(seen.before).toHaveLength(4);
    expect(seen.before[0]).toHaveLength(3);
    expect(seen.after).toEqual([
      ["Country 0", 100, 1.25],
      ["Country 1", 200, 2.5],
    ]);
  });
});

describe("refreshPackage moves the ranges over a resized table's rows, as Excel does", () => {
  // pivot-subtotals.xlsx, as Excel saved it: its names Orders and Orders_tpl are Sheet1!$A$3:$H$6,
  // and a conditional format covers C3:C6: the rows under the header B2:H2. A table is laid over
  // B2:H6, and data validations are added, one over the same rows, one over part of them.
  const base = excelMade("pivot-subtotals.xlsx");
  const stats = record("q-ranges-0000001", "Orders_table", "Sheet1", ["country", "impressions", "revenues"]);
  const key = JSON.stringify(["impressions", "revenues"]);

  async function input(): Promise<Uint8Array> {
    const header = (await sheetsOf(base)).get("Sheet1")![1]!.slice(1, 8).map(String);
    const withValidations = withEntryText(base, "xl/worksheets/sheet1.xml", (text) =>
      text.replace(
        "<pageMargins",
        '<dataValidations count="2"><dataValidation type="whole" operator="greaterThan" sqref="E3:E6"><formula1>0</formula1></dataValidation><dataValidation type="whole" sqref="F3:F5 H3:H6"><formula1>0</formula1></dataValidation></dataValidations><pageMargins',
      ),
    );
    return withStoredQueries(
      withTable(withValidations, {
        sheetPath: "xl/worksheets/sheet1.xml",
        name: "Orders_table",
        ref: "B2:H6",
        columns: header,
      }),
      [stats],
    );
  }

  it("extends those that span the table's data rows when it grows, and leaves the others", async () => {
    const result = await refreshPackage(await input(), deps({ [key]: 10 }));
    expect(result.tables[0]).toEqual(expect.objectContaining({ outcome: "refreshed", rowsBefore: 4, rowsAfter: 10 }));
    const entries = byName(written(result));
    expect(entryText(entries.get("xl/workbook.xml")!)).toContain(
      '<definedName name="Orders">Sheet1!$A$3:$H$12</definedName><definedName name="Orders_tpl">Sheet1!$A$3:$H$12</definedName>',
    );
    const sheet = entryText(entries.get("xl/worksheets/sheet1.xml")!);
    expect(sheet).toContain('<conditionalFormatting sqref="C3:C12">');
    expect(sheet).toContain('<dataValidation type="whole" operator="greaterThan" sqref="E3:E12">');
    expect(sheet).toContain('<dataValidation type="whole" sqref="F3:F5 H3:H12">');
    // The selection in the sheet's view is not a range over the rows: as written.
    expect(sheet).toContain('<selection activeCell="B3" sqref="B3 B3:H4"/>');
  });

  it("shortens them when it shrinks", async () => {
    const entries = byName(written(await refreshPackage(await input(), deps({ [key]: 2 }))));
    expect(entryText(entries.get("xl/workbook.xml")!)).toContain("Sheet1!$A$3:$H$4</definedName>");
    const sheet = entryText(entries.get("xl/worksheets/sheet1.xml")!);
    expect(sheet).toContain('<conditionalFormatting sqref="C3:C4">');
    expect(sheet).toContain('sqref="F3:F5 H3:H4"');
  });
});
