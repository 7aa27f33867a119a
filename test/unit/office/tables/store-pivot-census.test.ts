import { ECPM_PIVOT_NOTE, pivotPlan } from "../../../../src/core/workbook-queries/pivot-plan";
import { TABLE_QUERY_NAMESPACE } from "../../../../src/core/workbook-queries/record-xml";
import { looksLikeAddinTableName } from "../../../../src/core/workbook-queries/names";
import { reportingFormulaCensus } from "../../../../src/office/tables/formula-census";
import { tablesNamedLikeAddins } from "../../../../src/office/tables/linked-tables";
import { insertQueryTable } from "../../../../src/office/tables/insert-table";
import { addPivotTable, refreshTablePivots } from "../../../../src/office/tables/pivot-tables";
import { CustomXmlQueryStore, workbookQueryStore } from "../../../../src/office/tables/query-store";
import { writeTableRows } from "../../../../src/office/tables/refresh-table";
import { loadWithDocument } from "../../../../src/office/tables/startup";
import { OFFICE_2021 } from "../../../support/office-hosts";
import { installFakeExcel, type FakeExcel } from "../fake-excel";
import { entries, recordOf, tableData } from "./table-fixtures";

describe("the workbook's stored queries", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  it("keeps one custom XML part per table, rewritten in place, and finds them again in the reopened file", async () => {
    excel = installFakeExcel();
    const store = workbookQueryStore();
    expect(store).toBeInstanceOf(CustomXmlQueryStore);
    const first = recordOf(
      { excelId: "{t1}", name: "Sales", sheet: "Reporting" },
      tableData(entries(1)),
      "q-11111111-aaaa-bbbbbbbbbbbb",
    );
    const second = { ...first, id: "q-22222222-aaaa-bbbbbbbbbbbb", table: { ...first.table, name: "Costs" } };
    await store.put(first);
    await store.put(second);
    await store.put({
      ...first,
      lastRefresh: { at: "2026-04-02T10:00:00Z", rows: 9, dataThrough: "2026-04-01", profile: "Demo" },
    });
    await store.setOptions({ refreshOnOpen: true });
    expect(
      excel.state.workbook.customXmlParts.filter((part) => part.namespaceUri === TABLE_QUERY_NAMESPACE),
    ).toHaveLength(2);

    const saved = excel.control.save();
    excel.restore();
    excel = installFakeExcel({ workbook: saved });
    const reopened = workbookQueryStore();
    const listed = await reopened.list();
    expect(listed.unreadable).toBe(0);
    expect(listed.records.map((record) => [record.table.name, record.lastRefresh?.rows])).toEqual([
      ["Sales", 9],
      ["Costs", undefined],
    ]);
    expect(await reopened.options()).toEqual({ refreshOnOpen: true });
    await reopened.remove(first.id);
    expect((await reopened.list()).records.map((record) => record.id)).toEqual([second.id]);
  });

  it("asks Excel to load the add-in with the document, or stops, where SharedRuntime 1.1 is there", async () => {
    excel = installFakeExcel();
    expect(await loadWithDocument(true)).toBe(true);
    expect(excel.state.workbook.startupBehavior).toBe("Load");
    expect(await loadWithDocument(false)).toBe(true);
    expect(excel.state.workbook.startupBehavior).toBe("None");
    excel.restore();
    excel = installFakeExcel({ requirementSets: ["ExcelApi 1.19"] });
    expect(await loadWithDocument(true)).toBe(false);
    expect(excel.state.workbook.startupBehavior).toBe("None");
  });
});

describe("the PivotTable of a table", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  it("is set up on its own sheet, eCPM left out with the reason, and refreshed with its table", async () => {
    excel = installFakeExcel();
    const data = tableData(entries(6, ["FR", "DE"]));
    const inserted = await insertQueryTable(data, { kind: "new", sheetName: "Reporting" });
    const plan = pivotPlan(data.columns, inserted.headers);
    if ("problem" in plan) throw new Error(plan.problem);
    const record = recordOf(inserted, data);
    const pivot = await addPivotTable(record, plan);
    expect(pivot).toMatchObject({ name: "Stats_by_Date_Country_Pivot", sheet: "Stats_by_Date_Country Pivot" });
    const stored = excel.state.workbook.pivots[0]!;
    expect(stored.rowFields).toEqual(["Date"]);
    expect(stored.dataFields).toEqual([
      { name: "Sum of Impressions", source: "Impressions", summarizeBy: "Sum", numberFormat: "#,##0" },
      { name: "Sum of Revenues", source: "Revenues", summarizeBy: "Sum", numberFormat: "#,##0.00" },
      { name: "Sum of Requests", source: "Requests", summarizeBy: "Sum", numberFormat: "#,##0" },
    ]);
    expect(stored.layout.layoutType).toBe("Tabular");
    expect(excel.control.cells("'Stats_by_Date_Country Pivot'!A1:A2").values).toEqual([
      ["PivotTable of the table Stats_by_Date_Country; refreshed with it."],
      [ECPM_PIVOT_NOTE],
    ]);
    expect(stored.summary).toHaveLength(3);

    const withPivot = { ...record, pivots: [pivot] };
    await writeTableRows(withPivot, tableData(entries(10, ["FR", "DE"], 50)));
    expect(excel.state.workbook.pivots[0]!.summary).toHaveLength(3);
    expect(await refreshTablePivots(withPivot)).toBe(1);
    const refreshed = excel.state.workbook.pivots[0]!;
    expect(refreshed.refreshCount).toBe(1);
    expect(refreshed.summary.map((row) => row.key[0])).toEqual([46023, 46024, 46025, 46026, 46027]);
    expect(refreshed.summary[0]!.values[0]).toBe(1050 + 1051);
  });

  it("refreshes a PivotTable the user built on the table too, where Excel names its source (ExcelApi 1.15)", async () => {
    excel = installFakeExcel();
    const data = tableData(entries(2));
    const inserted = await insertQueryTable(data, { kind: "new", sheetName: "Reporting" });
    await Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.add("Mine");
      sheet.pivotTables.add("MyPivot", context.workbook.tables.getItem(inserted.name), sheet.getRange("A1"));
      await context.sync();
    });
    expect(await refreshTablePivots(recordOf(inserted, data))).toBe(1);
    expect(excel.state.workbook.pivots[0]!.refreshCount).toBe(1);
  });

  it("in Office 2021 (no getDataSourceString), refreshes its own PivotTables and leaves the user's to Refresh All", async () => {
    excel = installFakeExcel({ requirementSets: OFFICE_2021 });
    const data = tableData(entries(2));
    const inserted = await insertQueryTable(data, { kind: "new", sheetName: "Reporting" });
    const plan = pivotPlan(data.columns, inserted.headers);
    if ("problem" in plan) throw new Error(plan.problem);
    const record = recordOf(inserted, data);
    const own = await addPivotTable(record, plan);
    await Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.add("Mine");
      sheet.pivotTables.add("MyPivot", context.workbook.tables.getItem(inserted.name), sheet.getRange("A1"));
      await context.sync();
    });
    expect(await refreshTablePivots({ ...record, pivots: [own] })).toBe(1);
    expect(excel.state.workbook.pivots.map((pivot) => [pivot.name, pivot.refreshCount])).toEqual([
      [own.name, 1],
      ["MyPivot", 0],
    ]);
  });
});

describe("counting the REPORTING formulas", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  it("says how many each sheet holds, reading formula cells only", async () => {
    excel = installFakeExcel();
    await Excel.run(async (context) => {
      const first = context.workbook.worksheets.getItem("Sheet1");
      first.getRange("B2:B3").formulas = [
        ['=REPORTING.STATS("LAST_MONTH")'],
        ['=SUM(reporting.value("revenues","MTD"),1)'],
      ];
      first.getRange("C2:C3").formulas = [["=1+1"], ["plain"]];
      const second = context.workbook.worksheets.add("Other");
      second.getRange("A1").formulas = [["=REPORTING.DATES()"]];
      context.workbook.worksheets.add("Empty");
      await context.sync();
    });
    expect(await reportingFormulaCensus()).toEqual([
      { sheet: "Sheet1", count: 2 },
      { sheet: "Other", count: 1 },
    ]);
  });

  it("reads a 100,000-formula calculated column in blocks, each answer under 5 MB", async () => {
    excel = installFakeExcel();
    await Excel.run(async (context) => {
      const formulas = Array.from({ length: 100_000 }, (_, index) => [
        index === 77_777 ? '=REPORTING.VALUE("revenues","MTD")' : "=[@Revenues]*0.3",
      ]);
      context.workbook.worksheets.getItem("Sheet1").getRange("H2:H100001").formulas = formulas;
      await context.sync();
    });
    const before = excel.state.syncs.length;
    expect(await reportingFormulaCensus()).toEqual([{ sheet: "Sheet1", count: 1 }]);
    const reads = excel.state.syncs.slice(before);
    expect(reads.length).toBeGreaterThan(5);
    expect(reads.filter((sync) => sync.refused || sync.bytes > 5_000_000)).toEqual([]);
  });
});

describe("a workbook whose custom XML parts Excel did not give back (Mac, office-js 6091)", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  /** The file as it was saved, opened by an Excel that returns none of its custom XML parts. */
  function reopenedWithoutParts(saved: string): FakeExcel {
    const file = JSON.parse(saved) as { workbook: { customXmlParts: unknown[] } };
    file.workbook.customXmlParts = [];
    return installFakeExcel({ workbook: JSON.stringify(file) });
  }

  it("recovers the tables' records from the copy in the document's settings, and says so", async () => {
    excel = installFakeExcel();
    const data = tableData(entries(2));
    const inserted = await insertQueryTable(data, { kind: "new", sheetName: "Reporting" });
    const record = recordOf(inserted, data);
    const other = { ...record, id: "q-22222222-aaaa-bbbbbbbbbbbb" };
    await workbookQueryStore().put(record);
    await workbookQueryStore().put(other);
    await workbookQueryStore().remove(other.id);
    const saved = excel.control.save();
    excel.restore();

    excel = reopenedWithoutParts(saved);
    const listed = await workbookQueryStore().list();
    expect(listed).toEqual({ records: [record], unreadable: 0, recovered: true });
    // Refreshed, the record goes back into a part of its own.
    const store = workbookQueryStore();
    await store.put(record);
    expect(await store.list()).toEqual({ records: [record], unreadable: 0 });
  });

  it("finds the tables named like the add-in's when no record is left", async () => {
    excel = installFakeExcel();
    const data = tableData(entries(2));
    await insertQueryTable(data, { kind: "new", sheetName: "Reporting" });
    await Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.tables.add("Sheet1!A1:B2", true).name = "Budget";
      await context.sync();
    });
    expect(await tablesNamedLikeAddins()).toEqual(["Stats_by_Date_Country"]);
    expect(["Stats_Totals_2", "Legacy_by_Day_Application", "Stats_by_Date"].every(looksLikeAddinTableName)).toBe(true);
    expect(["Stats", "MyStats_by_Date", "Budget", "Stats_Totals_x"].some(looksLikeAddinTableName)).toBe(false);
  });
});
