import { legacyTableData } from "../../../../src/core/legacy/legacy-table-data";
import { legacyStatsRows } from "../../../../src/core/legacy/legacy-rows";
import { limitSpill } from "../../../../src/core/spill-limit";
import { applications, legacyResponse, stats, UNIT_A, UNIT_B } from "./fixtures";

describe("legacy rows as an Excel table of values", () => {
  const response = legacyResponse({
    "2025-01-01": { aggregation: { [UNIT_A]: { stats: stats(500, 5, 600) }, [UNIT_B]: { stats: stats(3000, 3, 3300) } } },
  });

  it("keeps the Query tab's header and formats each column as the Query tab's tables do", () => {
    const data = legacyTableData(legacyStatsRows(response, ["day", "ad_unit_type"], "readable", applications), ["day", "ad_unit_type"]);
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

  it("takes only data rows from a spill cut to its budget, never the note row", () => {
    const table = legacyStatsRows(response, ["day", "ad_unit_id"], "readable");
    const cut = limitSpill(table, 120);
    expect(cut.omittedRowCount).toBeGreaterThan(0);
    const data = legacyTableData(cut, ["day", "ad_unit_id"]);
    expect(data.rows).toHaveLength(cut.dataRowCount - cut.omittedRowCount);
    expect(data.rows.every((row) => typeof row[2] === "number")).toBe(true);
  });

  it("has no rows for an empty answer", () => {
    expect(legacyTableData(legacyStatsRows(legacyResponse({}), ["country"], "readable"), ["country"]).rows).toEqual([]);
  });
});
