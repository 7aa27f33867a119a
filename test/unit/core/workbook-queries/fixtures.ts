import type { StoredStatsTableQuery } from "../../../../src/core/workbook-queries/stored-query";

/** A stored table query as Insert as table writes it. */
export function storedRecord(id: string, overrides: Partial<StoredStatsTableQuery> = {}): StoredStatsTableQuery {
  return {
    version: 1,
    id,
    query: {
      period: { from: "2026-01-01", to: "2026-01-31" },
      groups: ["date", "country"],
      metrics: ["impressions", "revenues", "ecpm"],
      filters: {},
      orders: [],
    },
    table: { excelId: `{table-${id}}`, name: `Table_${id.replace(/-/g, "_")}`, sheet: "Reporting" },
    columns: ["date", "country", "impressions", "revenues", "ecpm"],
    pivots: [],
    createdAt: "2026-02-01T09:00:00Z",
    ...overrides,
  };
}
