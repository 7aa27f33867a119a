import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import type { SpillTable } from "../../../../src/core/rows/spill-table";
import { REFRESH_LOG_COLUMNS, REFRESH_LOG_HEADERS, refreshLogRow } from "../../../../src/core/changes/refresh-log";
import { summaryOf } from "../../../../src/core/changes/change-summary";
import { rowCollector } from "../../../../src/core/changes/streamed-changes";
import { readTableQueryXml } from "../../../../src/core/workbook-queries/record-xml";
import type { StoredTableQuery } from "../../../../src/core/workbook-queries/stored-query";
import type { TableCell } from "../../../../src/core/workbook-queries/table-columns";
import { refreshPackage, type FetchDependencies, type PackageRefresh } from "../../../../src/core/xlsx/package-refresh";
import { entryText, readZip, writeZip, type ZipEntry } from "../../../../src/core/xlsx/zip-package";
import { excelMade, withEntryText, withStoredQueries } from "../../../support/stored-query-parts";

/**
 * The headless refresh's rows of the Refresh log, on a workbook Excel saved (table-sample.xlsx):
 * the log made as the pane makes it, then appended to by the next run with the rows already
 * there copied byte for byte, a totals row kept below, growth over data refused (the tables
 * still refreshed), and the user's own "Refresh log" sheet or RefreshLog name never taken over.
 */

const DAY = 86_400_000;
const START = Date.UTC(2024, 1, 1, 6, 0, 0);
const LAST = String.fromCharCode(64 + REFRESH_LOG_HEADERS.length);

function record(id: string): StoredTableQuery {
  return {
    version: 1,
    id,
    query: {
      period: { from: "2024-01-01", to: "2024-01-31" },
      groups: ["country"],
      metrics: ["impressions", "revenues"],
      filters: {},
      orders: [],
    },
    table: { excelId: "{1}", name: "Tabelle1", sheet: "Tabelle1" },
    columns: ["country", "impressions", "revenues"],
    pivots: [],
    createdAt: "2024-01-01T00:00:00Z",
  } as StoredTableQuery;
}

/** `count` countries; each run's revenues `scale` times the first's (a restatement). */
function deps(count: number, scale: number, now: number): FetchDependencies {
  return {
    today: () => "2024-02-01",
    now: () => now,
    async fetch(): Promise<SpillTable> {
      const rows = Array.from({ length: count }, (_, index) => [
        `Country ${index}`,
        (index + 1) * 100,
        (index + 1) * 1.25 * scale,
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

/** A run as the command makes it: the change report heard as the rows stream past. */
const run = (input: Uint8Array, scale: number, day: number) =>
  refreshPackage(input, deps(3, scale, START + day * DAY), { observeRows: (_table, columns) => rowCollector(columns) });

function written(result: PackageRefresh): Uint8Array {
  const chunks: Uint8Array[] = [];
  writeZip(result.package.outputEntries(), (chunk) => chunks.push(chunk));
  result.dispose();
  return new Uint8Array(Buffer.concat(chunks));
}

const byName = (bytes: Uint8Array) => new Map(readZip(bytes).map((entry) => [entry.name, entry]));
const text = (bytes: Uint8Array, name: string) => entryText(byName(bytes).get(name)!);
const savedRecord = (bytes: Uint8Array): StoredTableQuery => {
  const read = readTableQueryXml(text(bytes, "customXml/item1.xml"));
  if (!("record" in read)) throw new Error(read.problem);
  return read.record;
};
const rowsOf = (sheetXml: string) =>
  [...sheetXml.matchAll(/<row\b[^>]*?(?:\/>|>[\s\S]*?<\/row>)/g)].map((match) => match[0]);

/** The log's rows as exceljs reads them, dates back to Excel serials and blanks to "", with each cell's number format. */
async function logOf(
  bytes: Uint8Array,
  sheetName = "Refresh log",
): Promise<{ values: TableCell[][]; formats: string[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(sheetName)!;
  const values: TableCell[][] = [];
  const formats: string[][] = [];
  sheet.eachRow((row) => {
    const cells = REFRESH_LOG_HEADERS.map((_, column) => row.getCell(column + 1));
    values.push(
      cells.map(({ value }) =>
        value instanceof Date
          ? value.getTime() / DAY + 25_569
          : value === null || value === undefined
            ? ""
            : (value as TableCell),
      ),
    );
    formats.push(cells.map((cell) => cell.numFmt ?? "General"));
  });
  return { values, formats };
}

const base = withStoredQueries(excelMade("table-sample.xlsx"), [record("q-refresh-log-0001")]);
let first: Uint8Array;

beforeAll(async () => {
  first = written(await run(base, 1, 0));
});

describe("a workbook without a Refresh log", () => {
  it("gets one as the pane makes it: a last sheet, the RefreshLog table, the refresh's row in the columns' formats", async () => {
    const workbook = text(first, "xl/workbook.xml");
    expect(workbook).toContain(
      '<sheet name="Tabelle1" sheetId="1" r:id="rId1"/><sheet name="Refresh log" sheetId="2" r:id="rId6"/></sheets>',
    );
    expect(text(first, "xl/_rels/workbook.xml.rels")).toContain(
      '<Relationship Id="rId6" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/>',
    );
    const types = text(first, "[Content_Types].xml");
    expect(types).toContain(
      '<Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>',
    );
    expect(types).toContain(
      '<Override PartName="/xl/tables/table2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.table+xml"/>',
    );
    expect(text(first, "xl/worksheets/_rels/sheet2.xml.rels")).toContain('Target="../tables/table2.xml"');
    const table = text(first, "xl/tables/table2.xml");
    expect(table).toContain(
      `id="2" name="RefreshLog" displayName="RefreshLog" ref="A1:${LAST}2" totalsRowShown="0"><autoFilter ref="A1:${LAST}2"/>`,
    );
    expect([...table.matchAll(/<tableColumn id="\d+" name="([^"]*)"\/>/g)].map((match) => match[1])).toEqual(
      REFRESH_LOG_HEADERS,
    );
    expect(table).toContain('<tableStyleInfo name="TableStyleMedium2"');

    const saved = savedRecord(first);
    expect(saved.lastRefresh!.changes).toEqual(expect.objectContaining({ rowsBefore: 4, totals: expect.any(Array) }));
    const log = await logOf(first);
    expect(log.values[0]).toEqual(REFRESH_LOG_HEADERS);
    expect(log.values.slice(1)).toEqual([refreshLogRow(saved)]);
    expect(log.formats[1]).toEqual(REFRESH_LOG_COLUMNS.map((column) => column.format));
    // Excel requires a table's header cells to hold its columns' names: text cells, as text.
    expect(log.formats[0]).toEqual(REFRESH_LOG_HEADERS.map(() => "@"));
  });

  it("adds only the number formats it needs to styles.xml, with counts that match (formats in dxfs are not counted)", async () => {
    const expenses = record("q-refresh-log-0002");
    const budget = withStoredQueries(excelMade("simple-monthly-budget.xlsx"), [
      {
        ...expenses,
        query: { ...expenses.query, metrics: ["impressions"] },
        table: { excelId: "{1}", name: "tblExpenses", sheet: "Simple Monthly Budget" },
        columns: ["country", "impressions"],
      } as StoredTableQuery,
    ]);
    const oneMetric: FetchDependencies = {
      ...deps(1, 1, START),
      fetch: async () => ({
        rows: [
          ["Country", "Impressions"],
          ["FR", 100],
        ],
        dateColumns: [],
        dataRowCount: 1,
      }),
    };
    const result = await refreshPackage(budget, oneMetric);
    expect(result.tables).toEqual([expect.objectContaining({ table: "tblExpenses", outcome: "refreshed" })]);
    const output = written(result);
    const styles = text(output, "xl/styles.xml");
    const numFmts = /<numFmts count="(\d+)">([\s\S]*?)<\/numFmts>/.exec(styles)!;
    expect(Number(numFmts[1])).toBe([...numFmts[2]!.matchAll(/<numFmt\b/g)].length);
    expect(numFmts[2]).toContain(
      '<numFmt numFmtId="166" formatCode="yyyy-mm-dd hh:mm:ss"/><numFmt numFmtId="167" formatCode="yyyy-mm-dd"/>',
    );
    const cellXfs = /<cellXfs count="(\d+)">([\s\S]*?)<\/cellXfs>/.exec(styles)!;
    expect(Number(cellXfs[1])).toBe([...cellXfs[2]!.matchAll(/<xf\b/g)].length);
    // Everything before the formats added is as Excel wrote it.
    const original = entryText(byName(budget).get("xl/styles.xml")!);
    expect(styles.replace(/<numFmts[\s\S]*?<\/numFmts>/, "").replace(/<cellXfs[\s\S]*?<\/cellXfs>/, "")).toBe(
      original.replace(/<numFmts[\s\S]*?<\/numFmts>/, "").replace(/<cellXfs[\s\S]*?<\/cellXfs>/, ""),
    );
    const log = await logOf(output);
    expect(log.formats[1]).toEqual(REFRESH_LOG_COLUMNS.map((column) => column.format));
  });

  it("names the log's sheet Refresh log 2 when the user has a sheet called Refresh log, as the pane does", async () => {
    const renamed = withEntryText(base, "xl/workbook.xml", (xml) =>
      xml.replace('<sheet name="Tabelle1"', '<sheet name="refresh LOG"'),
    );
    const output = written(await run(renamed, 1, 0));
    expect(text(output, "xl/workbook.xml")).toContain(
      '<sheet name="refresh LOG" sheetId="1" r:id="rId1"/><sheet name="Refresh log 2" sheetId="2" r:id="rId6"/>',
    );
    expect((await logOf(output, "Refresh log 2")).values).toHaveLength(2);
  });

  it("refuses plainly, and still refreshes the tables, when RefreshLog is a name of the user's", async () => {
    const named = withEntryText(base, "xl/workbook.xml", (xml) =>
      xml.replace(
        "</sheets>",
        '</sheets><definedNames><definedName name="RefreshLog">Tabelle1!$C$4</definedName></definedNames>',
      ),
    );
    const result = await run(named, 1, 0);
    expect(result.tables).toEqual([expect.objectContaining({ table: "Tabelle1", outcome: "refreshed" })]);
    expect(result.refreshLog).toEqual({
      state: "refused",
      reason: expect.stringMatching(
        /^The Refresh log was not made: the workbook already has a name RefreshLog \(Formulas > Name Manager in Excel\)/,
      ),
    });
    const output = written(result);
    expect([...byName(output).keys()].filter((name) => !byName(named).has(name))).toEqual([]);
    expect(text(output, "xl/workbook.xml")).not.toContain("Refresh log");
  });
});

describe("a workbook with a Refresh log", () => {
  it("appends the next refresh's row below the last, the rows already there byte for byte", async () => {
    const result = await run(first, 1.1, 4);
    const second = written(result);
    // One change report (computed once) for the record, its log row and the run's line.
    expect(summaryOf(result.tables[0]!.changes!)).toEqual(savedRecord(second).lastRefresh!.changes);
    const [before, after] = [text(first, "xl/worksheets/sheet2.xml"), text(second, "xl/worksheets/sheet2.xml")];
    expect(rowsOf(after).slice(0, 2)).toEqual(rowsOf(before));
    expect(after).toContain(`<dimension ref="A1:${LAST}3"/>`);
    expect(text(second, "xl/tables/table2.xml")).toContain(
      `ref="A1:${LAST}3" totalsRowShown="0"><autoFilter ref="A1:${LAST}3"/>`,
    );
    const log = await logOf(second);
    expect(log.values.slice(1)).toEqual([refreshLogRow(savedRecord(first)), refreshLogRow(savedRecord(second))]);
    // The new row in the styles the row above uses.
    const styles = (row: string) => [...row.matchAll(/ s="(\d+)"/g)].map((match) => match[1]);
    expect(styles(rowsOf(after)[2]!)).toEqual(styles(rowsOf(after)[1]!));
    // The restatement, as the row says it: before, after and the difference of each metric.
    const revenues = REFRESH_LOG_HEADERS.indexOf("Revenues before");
    const [was, now, difference] = log.values[2]!.slice(revenues, revenues + 3) as number[];
    expect(was).toBeCloseTo(7.5, 9);
    expect(now).toBeCloseTo(8.25, 9);
    expect(difference).toBeCloseTo(now! - was!, 9);
  });

  it("leaves a column the user added to the log blank in the new row, matching the others by header", async () => {
    const NOTE = String.fromCharCode(LAST.charCodeAt(0) + 1);
    const withNote = withEntryText(
      withEntryText(first, "xl/tables/table2.xml", (xml) =>
        xml
          .replace(`ref="A1:${LAST}2"`, `ref="A1:${NOTE}2"`)
          .replace(`<autoFilter ref="A1:${LAST}2"/>`, `<autoFilter ref="A1:${NOTE}2"/>`)
          .replace(
            `<tableColumns count="${REFRESH_LOG_HEADERS.length}">`,
            `<tableColumns count="${REFRESH_LOG_HEADERS.length + 1}">`,
          )
          .replace(
            "</tableColumns>",
            `<tableColumn id="${REFRESH_LOG_HEADERS.length + 1}" name="Note"/></tableColumns>`,
          ),
      ),
      "xl/worksheets/sheet2.xml",
      (xml) =>
        xml
          .replace(/(<row r="1">[\s\S]*?)<\/row>/, `$1<c r="${NOTE}1" t="inlineStr"><is><t>Note</t></is></c></row>`)
          .replace(/(<row r="2">[\s\S]*?)<\/row>/, `$1<c r="${NOTE}2" t="inlineStr"><is><t>checked</t></is></c></row>`),
    );
    const second = written(await run(withNote, 1.1, 4));
    const sheet = text(second, "xl/worksheets/sheet2.xml");
    expect(rowsOf(sheet).slice(0, 2)).toEqual(rowsOf(text(withNote, "xl/worksheets/sheet2.xml")));
    expect(rowsOf(sheet)[2]).not.toContain(`r="${NOTE}3"`);
    expect(text(second, "xl/tables/table2.xml")).toContain(`ref="A1:${NOTE}3"`);
    expect((await logOf(second)).values[2]).toEqual(refreshLogRow(savedRecord(second)));
  });

  it("keeps a totals row the user added below the new rows", async () => {
    const withTotals = withEntryText(
      withEntryText(first, "xl/tables/table2.xml", (xml) =>
        xml.replace(`ref="A1:${LAST}2" totalsRowShown="0"`, `ref="A1:${LAST}3" totalsRowCount="1"`),
      ),
      "xl/worksheets/sheet2.xml",
      (xml) =>
        xml.replace(
          "</sheetData>",
          '<row r="3"><c r="A3" t="inlineStr"><is><t>Total</t></is></c><c r="E3"><f>SUBTOTAL(109,RefreshLog[Rows after])</f><v>3</v></c></row></sheetData>',
        ),
    );
    const second = written(await run(withTotals, 1.1, 4));
    const sheet = text(second, "xl/worksheets/sheet2.xml");
    expect(rowsOf(sheet).slice(0, 2)).toEqual(rowsOf(text(first, "xl/worksheets/sheet2.xml")));
    expect(rowsOf(sheet)[3]).toBe(
      '<row r="4"><c r="A4" t="inlineStr"><is><t>Total</t></is></c><c r="E4"><f>SUBTOTAL(109,RefreshLog[Rows after])</f></c></row>',
    );
    expect(text(second, "xl/tables/table2.xml")).toContain(
      `ref="A1:${LAST}4" totalsRowCount="1"><autoFilter ref="A1:${LAST}3"/>`,
    );
    expect((await logOf(second)).values[2]).toEqual(refreshLogRow(savedRecord(second)));
  });

  it("refuses to grow over data below the log, saying where, and still refreshes the tables", async () => {
    const blocked = withEntryText(first, "xl/worksheets/sheet2.xml", (xml) =>
      xml.replace("</sheetData>", '<row r="3"><c r="B3"><v>42</v></c></row></sheetData>'),
    );
    const result = await run(blocked, 1.1, 4);
    expect(result.tables).toEqual([expect.objectContaining({ table: "Tabelle1", outcome: "refreshed" })]);
    expect(result.refreshLog).toEqual({
      state: "refused",
      reason:
        "The Refresh log on the sheet Refresh log was not added to: it needs 1 more row below its table, but B3 holds data that the refresh will not overwrite. Move that data away from the RefreshLog table and save: later refreshes then add their rows (this one's is not recorded). The tables themselves were refreshed.",
    });
    const [input, output] = [byName(blocked), byName(written(result))];
    for (const name of ["xl/worksheets/sheet2.xml", "xl/tables/table2.xml"]) {
      const [was, is] = [input.get(name)!, output.get(name)!] as ZipEntry[];
      expect(Buffer.from(is!.raw).equals(Buffer.from(was!.raw))).toBe(true);
    }
  });

  it("adds no row for a table that failed", async () => {
    const failing: FetchDependencies = {
      ...deps(3, 1, START),
      fetch: async () => {
        throw new Error("the service is down");
      },
    };
    const result = await refreshPackage(first, failing);
    expect(result.tables[0]!.outcome).toBe("failed");
    expect(result.refreshLog).toEqual({ state: "none" });
    expect(byName(written(result)).get("xl/worksheets/sheet2.xml")!.raw).toEqual(
      byName(first).get("xl/worksheets/sheet2.xml")!.raw,
    );
  });
});

describe("LibreOffice reading the log", () => {
  it("reads back the rows the records say", async () => {
    if (spawnSync("soffice", ["--version"]).status !== 0 && process.env.CI !== "true") {
      console.warn(
        "LibreOffice read-back skipped: no soffice (apt-get install -y libreoffice-calc-nogui). Under CI=true it fails.",
      );
      return;
    }
    const second = written(await run(first, 1.1, 4));
    const dir = mkdtempSync(path.join(tmpdir(), "refresh-log-"));
    try {
      writeFileSync(path.join(dir, "book.xlsx"), second);
      // Every sheet to its own CSV (the 12th option, -1), values as stored rather than as shown.
      const filter = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1";
      const converted = spawnSync(
        "soffice",
        [
          "--headless",
          `-env:UserInstallation=file://${path.join(dir, "profile")}`,
          "--convert-to",
          filter,
          "--outdir",
          dir,
          path.join(dir, "book.xlsx"),
        ],
        { encoding: "utf8", timeout: 120_000 },
      );
      expect(converted.status).toBe(0);
      const csv = readFileSync(path.join(dir, "book-Refresh log.csv"), "utf8")
        .trim()
        .split("\n")
        .map((line) => line.split(","));
      expect(csv[0]).toEqual(REFRESH_LOG_HEADERS);
      const records = [savedRecord(first), savedRecord(second)];
      expect(csv).toHaveLength(3);
      records.forEach((saved, index) => {
        const expected = refreshLogRow(saved)!;
        const row = csv[index + 1]!;
        // The time and the day as their columns' formats show them (LibreOffice writes dates as shown).
        expect([row[0], row.at(-1)]).toEqual([
          saved.lastRefresh!.at.replace("T", " ").replace("Z", ""),
          saved.lastRefresh!.dataThrough,
        ]);
        row.slice(1, -1).forEach((cell, at) => {
          const want = expected[at + 1];
          if (typeof want === "number") expect(Number(cell)).toBeCloseTo(want, 9);
          else expect(cell).toBe(want);
        });
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
