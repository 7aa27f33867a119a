import type { StatsEntry, StatsRequest } from "../../../../src/api";
import { statsRows } from "../../../../src/core/rows/stats-rows";
import { storedModelOf, type StoredTableQuery } from "../../../../src/core/workbook-queries/stored-query";
import type { TableData } from "../../../../src/core/workbook-queries/table-columns";
import { statsTableData } from "../../../../src/core/workbook-queries/table-refresh";

export const REQUEST: StatsRequest = {
  filters: { from: "2026-01-01", to: "2026-03-31" },
  groups: ["date", "country"],
  metrics: ["impressions", "revenues", "ecpm", "requests"],
};

/** `count` /stats entries over two countries (one of them hostile text), a date per two rows. */
export function entries(
  count: number,
  countries: readonly string[] = ["FR", '=HYPERLINK("x")'],
  offset = 0,
): StatsEntry[] {
  return Array.from({ length: count }, (_, index) => ({
    group: {
      date: new Date(Date.UTC(2026, 0, 1) + Math.floor(index / countries.length) * 86_400_000)
        .toISOString()
        .slice(0, 10),
      country: countries[index % countries.length]!,
    },
    metrics: {
      impressions: 1_000 + index + offset,
      revenues: 2.5 + index + offset,
      ecpm: 1.25,
      requests: 2_000 + index,
    },
  }));
}

export function tableData(rows: StatsEntry[], request: StatsRequest = REQUEST): TableData {
  return statsTableData(statsRows(rows, request, "readable"), { request, headers: "readable" });
}

export function recordOf(
  inserted: { excelId: string; name: string; sheet: string },
  data: TableData,
  id = "q-aaaaaaaa-bbbb-cccccccccccc",
): StoredTableQuery {
  return {
    version: 1,
    id,
    query: storedModelOf({
      period: { from: "2026-01-01", to: "2026-03-31" },
      groups: ["date", "country"],
      metrics: [],
      filters: {},
      orders: [],
    }),
    table: { excelId: inserted.excelId, name: inserted.name, sheet: inserted.sheet },
    columns: data.columns.map((column) => column.key),
    pivots: [],
    createdAt: "2026-04-01T08:00:00Z",
  };
}
