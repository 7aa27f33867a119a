import {
  readTableQueryXml,
  TABLE_QUERY_NAMESPACE,
  tableQueryXml,
} from "../../../../src/core/workbook-queries/record-xml";
import { readWorkbookOptionsXml, workbookOptionsXml } from "../../../../src/core/workbook-queries/workbook-options";
import {
  newRecordId,
  queryModelOf,
  storedModelOf,
  storedTableQuery,
} from "../../../../src/core/workbook-queries/stored-query";
import { storedRecord } from "./fixtures";

describe("the stored query of a table", () => {
  it("keeps the query without what has no meaning for a table (cache), and gives the builder its model back", () => {
    const stored = storedModelOf({
      period: { word: "LAST_MONTH" },
      groups: ["country"],
      metrics: ["revenues"],
      filters: { countries: ["FR", "DE"], formats: [] },
      orders: ["revenues:desc"],
      limit: 10,
      headers: "readable",
      profile: "Finance",
      cacheSeconds: 0,
    } as Parameters<typeof storedModelOf>[0]);
    expect(stored).toEqual({
      period: { word: "LAST_MONTH" },
      groups: ["country"],
      metrics: ["revenues"],
      filters: { countries: ["FR", "DE"] },
      orders: ["revenues:desc"],
      limit: 10,
      profile: "Finance",
    });
    expect(queryModelOf(stored)).toEqual(stored);
  });

  it("refuses any field it does not list, so that no credential can ride along", () => {
    const record = storedRecord("q-0000aaaa-bbbb-cccccccccccc");
    expect(storedTableQuery.safeParse(record).success).toBe(true);
    expect(storedTableQuery.safeParse({ ...record, token: "secret" }).success).toBe(false);
    expect(storedTableQuery.safeParse({ ...record, query: { ...record.query, token: "secret" } }).success).toBe(false);
    expect(storedTableQuery.safeParse({ ...record, query: { ...record.query, profile: "a=b" } }).success).toBe(false);
  });

  it("keeps a profile name only as the Connect tab would accept it", () => {
    const record = storedRecord("q-0000aaaa-bbbb-cccccccccccc");
    const profileOf = (profile: string) => {
      const parsed = storedTableQuery.safeParse({ ...record, query: { ...record.query, profile } });
      return parsed.success ? parsed.data.query.profile : undefined;
    };
    expect(profileOf(" Finance ")).toBe("Finance");
    expect(profileOf("   ")).toBeUndefined();
    expect(profileOf("x".repeat(61))).toBeUndefined();
  });

  it("round-trips through the custom XML part's text, hostile filter values included", () => {
    const hostile = ["</json></tableQuery><x>", "]]>", "a & b", '"quoted"', "🚀"];
    const record = storedRecord("q-0000aaaa-bbbb-cccccccccccc", {
      query: {
        period: { word: "LAST_7_DAYS" },
        groups: ["format"],
        metrics: [],
        filters: { formats: hostile },
        orders: [],
      },
    });
    const xml = tableQueryXml(record);
    expect(xml).toContain(`xmlns="${TABLE_QUERY_NAMESPACE}"`);
    expect(xml.match(/<json>/g)).toHaveLength(1);
    expect(readTableQueryXml(xml)).toEqual({ record });
  });

  it("says why a part cannot be read instead of throwing", () => {
    expect(readTableQueryXml("<tableQuery/>")).toEqual({ problem: "its content is not readable" });
    expect(readTableQueryXml(`<tableQuery><json>{"version":2}</json></tableQuery>`)).toEqual({
      problem: "its content is not a query this version of the add-in reads",
    });
  });

  it("keeps the workbook's options in a part of their own", () => {
    expect(readWorkbookOptionsXml(workbookOptionsXml({ refreshOnOpen: true }))).toEqual({ refreshOnOpen: true });
    expect(readWorkbookOptionsXml("<workbookOptions><json>{}</json></workbookOptions>")).toBeUndefined();
  });

  it("gives every record an id of its own", () => {
    const ids = new Set(Array.from({ length: 100 }, () => newRecordId()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(storedTableQuery.shape.id.safeParse(id).success).toBe(true);
  });
});
