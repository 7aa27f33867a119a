import { fingerprintOf } from "../../../src/core/changes/fingerprint";
import { freezeFingerprint } from "../../../src/core/changes/freeze-fingerprint";
import { frozenCheckOf } from "../../../src/core/changes/frozen-check";
import { FROZEN_SHEET_NAMESPACE, type FrozenSheetRecord } from "../../../src/core/changes/frozen-sheet-record";
import { restatedSheet } from "../../../src/core/changes/restated-sheet";
import type { FreezePlan, FreezeSourceInfo } from "../../../src/core/freeze-note";
import { tableColumnsOf, type TableCell, type TableData } from "../../../src/core/workbook-queries/table-columns";
import { freezeSelection } from "../../../src/office/freeze";
import { readFrozenValues, writeRestatedSheet } from "../../../src/office/frozen-sheets";
import { frozenSheetStore } from "../../../src/office/tables/frozen-sheet-store";
import { insertQueryTable } from "../../../src/office/tables/insert-table";
import { installFakeExcel, type FakeExcel } from "./fake-excel";

const COLUMNS = tableColumnsOf({
  filters: { from: "2026-06-01", to: "2026-06-30" },
  groups: ["date", "country"],
  metrics: ["revenues"],
});
const NOTE: [string, string][] = [
  ["Frozen values", "Copied."],
  ["Fingerprint", "version 1"],
];

function data(count: number): TableData {
  const rows: TableCell[][] = [];
  const names = ["FR", '=HYPERLINK("http://x")', "DE"];
  for (let index = 0; index < count; index++) rows.push([46174 + index, names[index % names.length]!, index * 1.25]);
  return { header: ["Date", "Country", "Revenues"], rows, columns: COLUMNS };
}

async function freezeTable(
  excel: FakeExcel,
  totals: boolean,
): Promise<{ record: FrozenSheetRecord; rows: TableCell[][] }> {
  const table = data(12);
  const inserted = await insertQueryTable(table, { kind: "new", sheetName: "Reporting" });
  if (totals) {
    await Excel.run(async (context) => {
      context.workbook.tables.getItem(inserted.name).showTotals = true;
      await context.sync();
    });
  }
  excel.control.select("Reporting!B3");
  let seen: FreezeSourceInfo | undefined;
  const frozen = await freezeSelection(async (source): Promise<FreezePlan> => {
    seen = source;
    return { sheetBase: "Jun 2026", note: NOTE };
  });
  const { fingerprint, header } = freezeFingerprint({ source: seen!, frozenDay: "2026-07-02", noteQuery: "The table" });
  const record: FrozenSheetRecord = {
    version: 1,
    id: "f-12345678",
    sheet: { excelId: frozen.sheetId, name: frozen.sheetName },
    frozenAt: "2026-07-02T09:30:00Z",
    source: frozen.source.address,
    values: { firstRow: frozen.firstRow, header, columns: frozen.columns },
    fingerprint,
  };
  // The copy holds the header and, when shown, the totals row: the fingerprint only the data.
  expect(frozen.rows).toBe(table.rows.length + (totals ? 2 : 1));
  return { record, rows: table.rows };
}

describe("frozen sheets in the workbook", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  it("reads back exactly the data rows frozen, a table's totals row left out, and its fingerprint holds", async () => {
    excel = installFakeExcel();
    const { record, rows } = await freezeTable(excel, true);
    expect(record.values).toEqual({ firstRow: NOTE.length + 2, header: true, columns: 3 });
    expect(record.fingerprint.rows).toBe(rows.length);
    expect(record.fingerprint.columns.map((column) => column.key)).toEqual(["date", "country", "revenues"]);
    const read = await readFrozenValues(record);
    expect(read).toEqual(rows);
    expect(frozenCheckOf(record, read!, data(12), 1)).toMatchObject({ kind: "unchanged", edited: false });
  });

  it("finds the frozen sheet after a rename, and says when it is gone", async () => {
    excel = installFakeExcel();
    const { record, rows } = await freezeTable(excel, false);
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem(record.sheet.name).name = "Closed June";
      await context.sync();
    });
    expect(await readFrozenValues(record)).toEqual(rows);
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem("Closed June").delete();
      await context.sync();
    });
    expect(await readFrozenValues(record)).toBeUndefined();
  });

  it("keeps the record in a custom XML part of its own namespace", async () => {
    excel = installFakeExcel();
    const { record } = await freezeTable(excel, false);
    await frozenSheetStore().put(record);
    expect(
      excel.state.workbook.customXmlParts.filter((part) => part.namespaceUri === FROZEN_SHEET_NAMESPACE),
    ).toHaveLength(1);
    expect((await frozenSheetStore().list()).records).toEqual([record]);
  });

  it("writes the comparison to a new sheet, texts as text, leaving the frozen sheet as it was", async () => {
    excel = installFakeExcel();
    const { record } = await freezeTable(excel, false);
    const frozenBefore = excel.control.cells(`'${record.sheet.name}'!A1:C16`);
    const now = data(12);
    now.rows[1]![2] = 99;
    const check = frozenCheckOf(record, (await readFrozenValues(record))!, now, 1);
    if (check.kind === "unchecked") throw new Error("unchecked");
    const written = await writeRestatedSheet(record.sheet.name, () => restatedSheet(check, "2026-07-20 10:00"));
    expect(written.sheetName).toBe("Jun 2026 restated");
    const again = await writeRestatedSheet(record.sheet.name, () => restatedSheet(check, "2026-07-20 10:05"));
    expect(again.sheetName).toBe("Jun 2026 restated 2");
    const sheet = excel.control.cells(`'Jun 2026 restated'!A1:I${written.rows}`);
    expect(sheet.values.some((row) => row[1] === '=HYPERLINK("http://x")' && row[2] === "changed")).toBe(true);
    expect(excel.state.formulaLike).toEqual([]);
    expect(excel.control.cells(`'${record.sheet.name}'!A1:C16`)).toEqual(frozenBefore);
  });

  it("fingerprints the data rows of a STATS formula's spill, to be asked again through the formula", () => {
    const formula = '=REPORTING.STATS("2026-06-01","2026-06-30","date,country","revenues")';
    const rows = data(3).rows;
    const { fingerprint, header } = freezeFingerprint({
      source: { kind: "spill", address: "Sheet1!B2:D5", formula, rows: [["Date", "Country", "Revenues"], ...rows] },
      frozenDay: "2026-07-02",
      noteQuery: formula,
    });
    expect(header).toBe(true);
    expect(fingerprint.query.run).toEqual({ formula });
    expect(fingerprint).toEqual({
      ...fingerprintOf({
        query: { words: formula, run: { formula } },
        frozenDay: "2026-07-02",
        columns: fingerprint.columns,
        rows,
      }),
    });
  });
});
