import type { ReferenceRouteName } from "../../../../src/api/routes";
import { readStatsQuery } from "../../../../src/core/arguments/stats-query";
import { statsArgumentsOf, type StatsQueryModel } from "../../../../src/core/formula-text";
import { statsQuerySheet, type StatsFileSources } from "../../../../src/taskpane/exports/stats-file";

type Runtime = StatsFileSources["runtime"];

/** Two accounts whose lists name the same codes apart; `undefined` is the active profile (Finance). */
const LISTS: Record<string, Record<string, unknown>> = {
  Finance: {
    countries: [{ value: "US", label: "United States" }],
    formats: [{ value: "banner_320x50", label: "Banner" }],
    dates: { from: "2026-01-01", to: "2026-06-29" },
  },
  Sales: {
    countries: [{ value: "US", label: "USA (Sales account)" }],
    formats: [{ value: "banner_320x50", label: "Small banner" }],
    dates: { from: "2026-01-01", to: "2026-06-20" },
  },
};

function twoProfileRuntime(asked: string[]): Runtime {
  return {
    reference: (async (name: ReferenceRouteName, options?: { profile?: string }) => {
      const profile = options?.profile ?? "Finance";
      asked.push(`${profile} ${name}`);
      const answer = LISTS[profile]?.[name];
      if (answer === undefined) throw new Error(`no ${name} for ${profile}`);
      return answer;
    }) as Runtime["reference"],
  };
}

function requestOn(profile: string | undefined) {
  const model: StatsQueryModel = {
    period: { from: "2026-06-01", to: "2026-06-07" },
    groups: ["country"],
    metrics: ["revenues"],
    filters: { countries: ["US"], formats: ["banner_320x50"] },
    orders: [],
    ...(profile ? { profile } : {}),
  };
  const query = readStatsQuery(statsArgumentsOf(model), () => "2026-06-30");
  return { model, query, period: { from: query.request.filters.from, to: query.request.filters.to } };
}

const rowsNamed = (rows: readonly (readonly unknown[])[], ...names: string[]) =>
  names.map((name) => rows.find((row) => row[0] === name)?.[1]);

describe("the Query sheet of an export pinned to a profile", () => {
  it("names the codes and the last day with the pinned profile's lists, not the active one's", async () => {
    const asked: string[] = [];
    const rows = await statsQuerySheet({ runtime: twoProfileRuntime(asked), profile: "Sales" }, requestOn("Sales"));
    expect(rowsNamed(rows, "Filter: Countries", "Filter: Formats", "Data through", "Profile")).toEqual([
      "USA (Sales account) (US)",
      "Small banner (banner_320x50)",
      "2026-06-20",
      "Sales",
    ]);
    expect(asked.every((call) => call.startsWith("Sales "))).toBe(true);
  });

  it("uses the active profile's lists for a query that pins none", async () => {
    const rows = await statsQuerySheet({ runtime: twoProfileRuntime([]), profile: "Finance" }, requestOn(undefined));
    expect(rowsNamed(rows, "Filter: Countries", "Filter: Formats", "Data through")).toEqual([
      "United States (US)",
      "Banner (banner_320x50)",
      "2026-06-29",
    ]);
  });
});
