import { REFRESH_LOG_HEADERS, refreshLogRow } from "../../../../src/core/changes/refresh-log";
import type { StoredTableQuery } from "../../../../src/core/workbook-queries/stored-query";
import { appendRefreshLog } from "../../../../src/office/tables/refresh-log";
import { installFakeExcel, type FakeExcel } from "../fake-excel";
import { entries, recordOf, tableData } from "./table-fixtures";

function refreshed(name: string, at: string, profile = "Finance"): StoredTableQuery {
  const data = tableData(entries(2));
  return {
    ...recordOf({ excelId: "{1}", name, sheet: "Reporting" }, data),
    lastRefresh: {
      at,
      rows: 12,
      dataThrough: "2026-06-30",
      profile,
      changes: {
        rowsBefore: 10,
        added: 2,
        removed: 0,
        changed: 3,
        matched: true,
        totals: [{ metric: "revenues", before: 100, after: 101.5 }],
      },
    },
  };
}

const logRow = (record: StoredTableQuery) => refreshLogRow(record)!;

describe("The Refresh log sheet", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  it("is made on the first refresh, on a sheet of its own that is not shown to the user unasked, then only grows", async () => {
    excel = installFakeExcel();
    await appendRefreshLog([logRow(refreshed("Sales", "2026-07-01T06:00:00Z"))]);
    let log = excel.control.table("RefreshLog")!;
    expect(log.sheet).toBe("Refresh log");
    expect(log.values[0]).toEqual(REFRESH_LOG_HEADERS);
    expect(log.values).toHaveLength(2);
    const first = log.values[1];
    expect(excel.state.writes.some((write) => write.kind === "activate")).toBe(false);

    await appendRefreshLog([
      logRow(refreshed("Sales", "2026-07-02T06:00:00Z")),
      logRow(refreshed("Costs", "2026-07-02T06:00:01Z")),
    ]);
    log = excel.control.table("RefreshLog")!;
    expect(log.values).toHaveLength(4);
    expect(log.values[1]).toEqual(first);
    expect(log.values.slice(1).map((row) => row[1])).toEqual(["Sales", "Sales", "Costs"]);
    expect(log.numberFormat[3]![0]).toBe("yyyy-mm-dd hh:mm:ss");
    expect(excel.state.workbook.tables.filter((table) => table.name === "RefreshLog")).toHaveLength(1);
  });

  it("keeps appending to the log on a hidden sheet, without showing it or making another", async () => {
    excel = installFakeExcel();
    await appendRefreshLog([logRow(refreshed("Sales", "2026-07-01T06:00:00Z"))]);
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem("Refresh log").visibility = "Hidden";
      await context.sync();
    });
    await appendRefreshLog([logRow(refreshed("Sales", "2026-07-02T06:00:00Z"))]);
    expect(excel.state.workbook.sheets.map((sheet) => [sheet.name, sheet.visibility ?? "Visible"])).toEqual([
      ["Sheet1", "Visible"],
      ["Refresh log", "Hidden"],
    ]);
    expect(excel.control.table("RefreshLog")!.values).toHaveLength(3);
  });

  it("finds its table wherever the user moved it, fills the user's columns with nothing, writes names as text, and keeps a filter", async () => {
    excel = installFakeExcel();
    await appendRefreshLog([logRow(refreshed("Sales", "2026-07-01T06:00:00Z"))]);
    await Excel.run(async (context) => {
      const table = context.workbook.tables.getItem("RefreshLog");
      table.columns.add(undefined, undefined, "Checked by");
      table.autoFilter.apply(table.getRange(), 1, { filterOn: "Values", values: ["Sales"] });
      context.workbook.worksheets.getItem("Refresh log").name = "History of refreshes";
      await context.sync();
    });
    await appendRefreshLog([logRow(refreshed("Costs", "2026-07-02T06:00:00Z", "-Ops"))]);
    const log = excel.control.table("RefreshLog")!;
    expect(log.sheet).toBe("History of refreshes");
    expect(log.values[0]!.at(-1)).toBe("Checked by");
    expect(log.values[2]!.slice(1, 3)).toEqual(["Costs", "-Ops"]);
    expect(log.values[2]!.at(-1)).toBe("");
    expect(log.filters).toEqual({ "1": { filterOn: "Values", values: ["Sales"] } });
    expect(excel.state.formulaLike).toEqual([]);
    expect(excel.state.workbook.sheets.map((sheet) => sheet.name)).toEqual(["Sheet1", "History of refreshes"]);
  });

  it("leaves a sheet of the user's named Refresh log alone", async () => {
    excel = installFakeExcel({ sheetName: "Refresh log" });
    await appendRefreshLog([logRow(refreshed("Sales", "2026-07-01T06:00:00Z"))]);
    expect(excel.control.table("RefreshLog")!.sheet).toBe("Refresh log 2");
  });
});
