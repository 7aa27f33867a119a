import {
  SAVED_QUERY_NAMESPACE,
  savedModelOf,
  type SavedQuery,
} from "../../../../src/core/workbook-queries/saved-query";
import { TABLE_QUERY_NAMESPACE } from "../../../../src/core/workbook-queries/record-xml";
import { workbookQueryStore } from "../../../../src/office/tables/query-store";
import { CustomXmlSavedQueryStore } from "../../../../src/office/tables/saved-query-store";
import { installFakeExcel, type FakeExcel } from "../fake-excel";
import { entries, recordOf, tableData } from "./table-fixtures";

function saved(id: string, name: string, countries: string[] = ["FR"]): SavedQuery {
  return {
    version: 1,
    id,
    name,
    query: savedModelOf({
      period: { word: "LAST_MONTH" },
      groups: ["country"],
      metrics: ["revenues"],
      filters: { countries },
      orders: [],
      headers: "none",
      cacheSeconds: 0,
      profile: "Finance",
    }),
    savedAt: "2026-04-01T08:00:00Z",
  };
}

/** The fake workbook as a file keeps it, opened again in a fresh fake Excel. */
function reopen(
  excel: FakeExcel,
  change: (file: { workbook: { customXmlParts: unknown[]; settings: Record<string, unknown> } }) => void = () =>
    undefined,
): FakeExcel {
  const file = JSON.parse(excel.control.save()) as {
    workbook: { customXmlParts: unknown[]; settings: Record<string, unknown> };
  };
  excel.restore();
  change(file);
  return installFakeExcel({ workbook: JSON.stringify(file) });
}

describe("the workbook's saved queries", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  it("round-trip through the file beside the tables' records: saved, renamed, deleted, each in a part of its own", async () => {
    excel = installFakeExcel();
    const store = new CustomXmlSavedQueryStore();
    const revenue = saved("s-11111111-aaaa-bbbbbbbbbbbb", "Revenue by country");
    const costs = saved("s-22222222-aaaa-bbbbbbbbbbbb", "Africa", ["ZA", "NG"]);
    await store.put(revenue);
    await store.put(costs);
    const data = tableData(entries(2));
    await workbookQueryStore().put(recordOf({ excelId: "{t1}", name: "Sales", sheet: "Reporting" }, data));
    const namespaces = excel.state.workbook.customXmlParts.map((part) => part.namespaceUri);
    expect(namespaces.filter((namespace) => namespace === SAVED_QUERY_NAMESPACE)).toHaveLength(2);
    expect(namespaces.filter((namespace) => namespace === TABLE_QUERY_NAMESPACE)).toHaveLength(1);

    excel = reopen(excel);
    const reopened = new CustomXmlSavedQueryStore();
    expect(await reopened.list()).toEqual({ queries: [costs, revenue], unreadable: 0 });
    // The tables' records are not saved queries, nor the other way round.
    expect((await workbookQueryStore().list()).records.map((record) => record.table.name)).toEqual(["Sales"]);

    await reopened.put({ ...revenue, name: "Zone revenue" });
    await reopened.remove(costs.id);
    expect(
      excel.state.workbook.customXmlParts.filter((part) => part.namespaceUri === SAVED_QUERY_NAMESPACE),
    ).toHaveLength(1);
    excel = reopen(excel);
    expect(await new CustomXmlSavedQueryStore().list()).toEqual({
      queries: [{ ...revenue, name: "Zone revenue" }],
      unreadable: 0,
    });
  });

  it("keeps no credential: a field not listed is refused before anything is written", async () => {
    excel = installFakeExcel();
    const store = new CustomXmlSavedQueryStore();
    const withToken = { ...saved("s-33333333-aaaa-bbbbbbbbbbbb", "Leaky"), token: "secret-token" } as SavedQuery;
    await expect(store.put(withToken)).rejects.toThrow();
    const inQuery = {
      ...saved("s-33333333-aaaa-bbbbbbbbbbbb", "Leaky"),
      query: { ...saved("s", "x").query, apiSecret: "secret" },
    } as SavedQuery;
    await expect(store.put(inQuery)).rejects.toThrow();
    expect(excel.state.workbook.customXmlParts).toEqual([]);
    expect(JSON.stringify(excel.state.settings)).not.toContain("secret");
  });

  it("come back from the settings copy when Excel gives back no part (Mac, office-js 6091), and leave a part they cannot read alone", async () => {
    excel = installFakeExcel();
    const revenue = saved("s-44444444-aaaa-bbbbbbbbbbbb", "Revenue");
    await new CustomXmlSavedQueryStore().put(revenue);
    excel = reopen(excel, (file) => {
      file.workbook.customXmlParts = [];
    });
    expect(await new CustomXmlSavedQueryStore().list()).toEqual({ queries: [revenue], unreadable: 0 });

    excel.restore();
    excel = installFakeExcel();
    await Excel.run(async (context) => {
      context.workbook.customXmlParts.add(
        `<savedQuery xmlns="${SAVED_QUERY_NAMESPACE}"><json>{"version":2}</json></savedQuery>`,
      );
      await context.sync();
    });
    const store = new CustomXmlSavedQueryStore();
    await store.put(revenue);
    expect(await store.list()).toEqual({ queries: [revenue], unreadable: 1 });
  });
});
