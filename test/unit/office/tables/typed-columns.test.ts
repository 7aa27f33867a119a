import { insertQueryTable } from "../../../../src/office/tables/insert-table";
import { writeTableRows } from "../../../../src/office/tables/refresh-table";
import { installFakeExcel, type FakeExcel } from "../fake-excel";
import { entries, recordOf, tableData } from "./table-fixtures";

const HOSTILE = '=HYPERLINK("x")';
const day = (n: number) => 46022 + n;

describe("Refreshing a filtered, sorted table with values the user typed in a column of their own", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  it("writes every record whole while the filter hides rows, and keeps each typed value beside its own record", async () => {
    excel = installFakeExcel();
    const first = tableData(entries(10));
    const inserted = await insertQueryTable(first, { kind: "new", sheetName: "Reporting" });
    const record = recordOf(inserted, first);
    await Excel.run(async (context) => {
      const table = context.workbook.tables.getItem(inserted.name);
      table.columns.add(undefined, undefined, "Owner");
      table.columns.add(undefined, undefined, "Margin").getDataBodyRange().formulas = Array.from({ length: 10 }, () => [
        "=[@Revenues]*0.3",
      ]);
      table.sort.apply([{ key: 3, ascending: false }]);
      table.autoFilter.apply(table.getRange(), 1, { filterOn: "Values", values: ["FR"] });
      await context.sync();
    });
    // The user types an owner beside three records, wherever the sort put them.
    const owners = new Map([
      [JSON.stringify([day(1), "FR"]), "Alice"],
      [JSON.stringify([day(2), "FR"]), "Carol"],
      [JSON.stringify([day(3), HOSTILE]), "=Bob"],
    ]);
    const before = excel.control.table(inserted.name)!;
    await Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Reporting");
      before.values.slice(1).forEach((row, index) => {
        const owner = owners.get(JSON.stringify([row[0], row[1]]));
        if (!owner) return;
        // One cell at a time, text as text, as a user types it.
        const cell = sheet.getRange(`G${index + 2}`);
        cell.numberFormat = [["@"]];
        cell.values = [[owner]];
      });
      await context.sync();
    });

    // Jan 1 is gone from the answer, Jan 6 is new, every revenue is higher: the rows move.
    const next = tableData(entries(12, ["FR", HOSTILE], 7).slice(2));
    await writeTableRows(record, next);

    const table = excel.control.table(inserted.name)!;
    expect(table.values[0]).toEqual([
      "Date",
      "Country",
      "Impressions",
      "Revenues",
      "eCPM",
      "Requests",
      "Owner",
      "Margin",
    ]);
    const body = table.values.slice(1);
    expect(body.map((row) => row.slice(0, 6))).toEqual(
      next.rows.map((row) => [...row]).sort((a, b) => (b[3] as number) - (a[3] as number)),
    );
    expect(body.map((row) => row[6])).toEqual(
      body.map((row) => (row[0] === day(1) ? undefined : owners.get(JSON.stringify([row[0], row[1]]))) ?? ""),
    );
    expect(body.filter((row) => row[6] !== "")).toHaveLength(2);
    // Typed text stays text; the calculated column fills every row; the filter hides the same countries again.
    expect(excel.state.formulaLike).toEqual([]);
    expect(table.formulas.slice(1).map((row) => row[7])).toEqual(new Array(10).fill("=[@Revenues]*0.3"));
    expect(table.hiddenRows.map((index) => body[index]![1])).toEqual(new Array(5).fill(HOSTILE));
  });
});
