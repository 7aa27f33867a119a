import type { LegacyStatsResponse } from "../../../../src/api";
import { legacyArgumentsOf } from "../../../../src/core/formula-text";
import {
  legacyRowsOf,
  legacyTableColumns,
  legacyTableData,
} from "../../../../src/core/workbook-queries/legacy-table-data";
import { legacyStatsRows, withReadableHeader } from "../../../../src/core/legacy/legacy-rows";
import { createReportingFunctions } from "../../../../src/core/reporting-functions";
import { DEFAULT_SPILL_BUDGET_BYTES } from "../../../../src/core/spill-limit";
import { fileNumberFormat } from "../../../../src/core/workbook-queries/table-columns";
import { applications, legacyResponse, stats, UNIT_A, UNIT_B } from "../legacy/fixtures";

const DAYS = 100;
const UNITS = 600;

/** A legacy answer of DAYS x UNITS rows, grouped by day and ad unit: far more than one spill carries. */
function largeResponse(): LegacyStatsResponse {
  const aggregation: LegacyStatsResponse["aggregation"] = {};
  for (let day = 0; day < DAYS; day++) {
    const units: LegacyStatsResponse["aggregation"] = {};
    for (let unit = 0; unit < UNITS; unit++)
      units[`0f8fad5b-d9cb-469f-a165-${String(unit).padStart(12, "0")}`] = {
        stats: stats(1000 + day, 12.345678 + unit, 1100),
      };
    aggregation[new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 10)] = { aggregation: units };
  }
  return legacyResponse(aggregation);
}

describe("legacy rows as an Excel table of values", () => {
  const response = legacyResponse({
    "2025-01-01": {
      aggregation: { [UNIT_A]: { stats: stats(500, 5, 600) }, [UNIT_B]: { stats: stats(3000, 3, 3300) } },
    },
  });

  it("keeps the Query tab's header and formats each column as the Query tab's tables do", () => {
    const data = legacyTableData(legacyStatsRows(response, ["day", "ad_unit_type"], "readable", applications), [
      "day",
      "ad_unit_type",
    ]);
    expect(data.header).toEqual(["Date", "Ad unit type", "Impressions", "Revenues", "eCPM", "Requests"]);
    expect(data.rows).toHaveLength(2);
    expect(data.columns.map((column) => [column.key, column.kind])).toEqual([
      ["date", "date"],
      ["format", "text"],
      ["impressions", "count"],
      ["revenues", "money"],
      ["ecpm", "money"],
      ["requests", "count"],
    ]);
  });

  it("takes every row of an answer larger than a spill, as the Legacy tab fetches it: a table or a file is not a spill", async () => {
    const answer = largeResponse();
    const functions = createReportingFunctions({
      connect: () => ({
        key: "large",
        legacy: { applications: async () => ({ applications }), stats: async () => answer },
      }),
      today: () => "2025-05-15",
    });
    // The rows of the tab's Export CSV, Export Excel and Insert as table (LegacyQueryForm.rowsOf).
    const args = legacyArgumentsOf({
      period: { from: "2025-01-01", to: "2025-04-10" },
      groupBy: ["day", "ad_unit_id"],
    });
    const table = await functions.legacyStats(args.from, args.to, args.groupBy, args.options);
    expect(Buffer.byteLength(JSON.stringify(table.rows))).toBeGreaterThan(DEFAULT_SPILL_BUDGET_BYTES);

    const exported = legacyRowsOf(table);
    expect(exported.header).toEqual(table.rows[0]);
    expect(exported.header).toHaveLength(6);
    expect(exported.rows).toHaveLength(DAYS * UNITS);
    expect(exported.rows.every((row) => typeof row[2] === "number")).toBe(true);
    expect(exported.rows.at(-1)!.slice(1, 3)).toEqual([
      `0f8fad5b-d9cb-469f-a165-${String(UNITS - 1).padStart(12, "0")}`,
      1000 + DAYS - 1,
    ]);
    expect(legacyTableData(table, ["day", "ad_unit_id"]).rows).toEqual(exported.rows);
  });

  it("exports the header the Legacy tab chose: service names, or no header row and every data row", () => {
    const readable = legacyRowsOf(legacyStatsRows(response, ["day", "ad_unit_type"], "readable", applications));
    const api = legacyRowsOf(legacyStatsRows(response, ["day", "ad_unit_type"], "api", applications));
    const none = legacyRowsOf(legacyStatsRows(response, ["day", "ad_unit_type"], "none", applications));
    expect(api.header).toEqual(["day", "ad_unit_type", "impressions", "revenue", "ecpm", "requests"]);
    expect(none.header).toBeUndefined();
    expect(readable.rows).toHaveLength(2);
    expect(api.rows).toEqual(readable.rows);
    expect(none.rows).toEqual(readable.rows);
  });

  it("exports no header and no row for an empty answer", () => {
    expect(legacyRowsOf(legacyStatsRows(legacyResponse({}), ["country"], "readable"))).toEqual({
      header: undefined,
      rows: [],
    });
  });

  it("has no rows for an empty answer", () => {
    expect(legacyTableData(legacyStatsRows(legacyResponse({}), ["country"], "readable"), ["country"]).rows).toEqual([]);
  });
});

describe("legacy columns in a file made from rows", () => {
  it("take the number formats of the Query tab's tables: dates, counts and money, text as General", () => {
    expect(legacyTableColumns(["day", "country"]).map(fileNumberFormat)).toEqual([
      "yyyy-mm-dd",
      undefined,
      "#,##0",
      "#,##0.00",
      "#,##0.00",
      "#,##0",
    ]);
    expect(legacyTableColumns(["month"]).map(fileNumberFormat)[0]).toBe("yyyy-mm-dd");
  });
});

describe("the Legacy tab's preview of an answer without a header row", () => {
  const response = legacyResponse({
    "2025-01-01": {
      aggregation: { [UNIT_A]: { stats: stats(500, 5, 600) }, [UNIT_B]: { stats: stats(3000, 3, 3300) } },
    },
  });
  const groups = ["day", "ad_unit_type"] as const;

  it("is headed by the readable names, above every data row", () => {
    const readable = legacyStatsRows(response, groups, "readable", applications);
    const shown = withReadableHeader(legacyStatsRows(response, groups, "none", applications), groups);
    expect(shown.rows).toEqual(readable.rows);
    expect(shown.dataRowCount).toBe(2);
    expect(shown.dateColumns).toEqual([0]);
  });

  it("keeps an answer that has its header row, service names included, and an empty one, as they are", () => {
    const api = legacyStatsRows(response, groups, "api", applications);
    expect(withReadableHeader(api, groups)).toBe(api);
    const empty = legacyStatsRows(legacyResponse({}), groups, "none", applications);
    expect(withReadableHeader(empty, groups)).toBe(empty);
  });
});
