import { tableChanges } from "../../../../src/core/changes/table-changes";
import type { TableCell } from "../../../../src/core/workbook-queries/table-columns";
import { insertQueryTable } from "../../../../src/office/tables/insert-table";
import { writeTableRows } from "../../../../src/office/tables/refresh-table";
import { installFakeExcel, type FakeExcel } from "../fake-excel";
import { entries, recordOf, tableData } from "./table-fixtures";

const EXCEL_LIMIT_BYTES = 5_000_000;

describe("The rows a refresh compares", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  it("reads the query's columns as Excel holds them (dates as serials, the user's sort, filter and totals row aside), so that only real moves show", async () => {
    excel = installFakeExcel();
    const data = tableData(entries(10));
    const inserted = await insertQueryTable(data, { kind: "new", sheetName: "Reporting" });
    await Excel.run(async (context) => {
      const table = context.workbook.tables.getItem(inserted.name);
      table.columns.add(undefined, undefined, "Note").getDataBodyRange().values = Array.from(
        { length: 10 },
        (_, index) => [`note ${index}`],
      );
      table.sort.apply([{ key: 3, ascending: false }]);
      table.autoFilter.apply(table.getRange(), 1, { filterOn: "Values", values: ["FR"] });
      table.showTotals = true;
      await context.sync();
    });
    const record = recordOf(inserted, data);
    // One row restated, one gone, one new.
    const restated = data.rows.map((row) => [...row]);
    restated[4]![3] = (restated[4]![3] as number) + 20;
    restated.splice(9, 1);
    const fresh = { ...data, rows: [...restated, [46100, "DE", 5, 1.5, 300, 10] as TableCell[]] };
    const written = await writeTableRows(record, fresh);
    expect(written.before?.rows).toHaveLength(10);
    // Dates come back as the serials the refresh writes: no row moved for want of a like comparison.
    const changes = tableChanges(written.before!, { columns: fresh.columns, rows: fresh.rows });
    expect({ changed: changes.changed, added: changes.added, removed: changes.removed }).toEqual({
      changed: 1,
      added: 1,
      removed: 1,
    });
    expect(changes.moves[0]).toMatchObject({ key: [data.rows[4]![0], data.rows[4]![1]], change: "changed" });
    expect(excel.state.syncs.filter((sync) => sync.refused)).toEqual([]);
  });

  it("reads a long table block by block, every answer under 5 MB", async () => {
    excel = installFakeExcel();
    const data = tableData(entries(30_000, ["FR", "x".repeat(300)]));
    const inserted = await insertQueryTable(data, { kind: "new", sheetName: "Reporting" });
    const written = await writeTableRows(recordOf(inserted, data), data);
    expect(written.before?.rows).toHaveLength(30_000);
    expect(tableChanges(written.before!, { columns: data.columns, rows: data.rows }).moves).toEqual([]);
    expect(excel.state.syncs.filter((sync) => sync.refused || sync.bytes > EXCEL_LIMIT_BYTES)).toEqual([]);
  });

  it("takes the blank row of a table whose query had none for no row", async () => {
    excel = installFakeExcel();
    const data = tableData(entries(3));
    const inserted = await insertQueryTable(data, { kind: "new", sheetName: "Reporting" });
    const record = recordOf(inserted, data);
    await writeTableRows(record, tableData([]));
    expect((await writeTableRows(record, data)).before?.rows).toEqual([]);
  });
});
