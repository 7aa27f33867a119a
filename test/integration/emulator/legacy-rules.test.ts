import { applicationsResponse, type LegacyAggregationNode, type LegacyStats } from "../../../src/api";
import type { RunningEmulator } from "../../../src/emulator";
import type { LegacyCredential } from "../../../src/emulator/store/types";
import {
  START_TIMEOUT_MS,
  expectSameAmount,
  getJson,
  legacyHeaders,
  legacyStats,
  startConformanceEmulator,
} from "./support/emulator";

/** Spec 4.3: one test per rule of the legacy interface, plus the default period chosen for rule 5. */
let emulator: RunningEmulator;
let credential: LegacyCredential;

beforeAll(async () => {
  emulator = await startConformanceEmulator();
  credential = emulator.credentials.legacy[0]!;
}, START_TIMEOUT_MS);

afterAll(() => emulator?.close());

type Leaf = { path: string[]; stats: LegacyStats };

/** Every leaf of a nested aggregation with the keys leading to it. */
function leaves(aggregation: Record<string, LegacyAggregationNode>, path: string[] = []): Leaf[] {
  return Object.entries(aggregation).flatMap(([key, node]) => {
    if (node.aggregation) return leaves(node.aggregation, [...path, key]);
    if (!node.stats) throw new Error(`node ${[...path, key].join(" > ")} has neither stats nor aggregation`);
    return [{ path: [...path, key], stats: node.stats }];
  });
}

function totalsOf(list: readonly Leaf[]): { impressions: number; requests: number; revenue: number } {
  return list.reduce(
    (sum, leaf) => ({
      impressions: sum.impressions + leaf.stats.impressions,
      requests: sum.requests + leaf.stats.requests,
      revenue: sum.revenue + leaf.stats.revenue,
    }),
    { impressions: 0, requests: 0, revenue: 0 },
  );
}

async function applications() {
  const { status, body } = await getJson(
    `${emulator.legacyBaseUrl}/reporting/v1/applications`,
    legacyHeaders(credential),
  );
  expect(status).toBe(200);
  return applicationsResponse.parse(body).applications;
}

test("rule 1: group_by=month moves from_date back to the first and to_date on to the last day of its month", async () => {
  const answer = await legacyStats(emulator, credential, {
    group_by: "month",
    from_date: "2026-05-10",
    to_date: "2026-06-01",
  });
  expect(answer.fromDate).toBe("2026-05-01");
  expect(answer.toDate).toBe("2026-06-30");
  expect(answer.aggregationDescription).toBe("month");
  const months = Object.keys(answer.aggregation ?? {});
  expect(months.length).toBe(2);
  // Rounding widens the period: May counts from the 1st, so it holds more than the 10th onwards.
  const fromTenth = await legacyStats(emulator, credential, {
    group_by: "day",
    from_date: "2026-05-10",
    to_date: "2026-05-31",
  });
  const mayKey = months.find((key) => key.startsWith("2026-05"))!;
  expect(answer.aggregation![mayKey]!.stats!.impressions).toBeGreaterThan(
    totalsOf(leaves(fromTenth.aggregation!)).impressions,
  );
});

test("rule 2: group_by=month without dates runs from the first of the previous month to today", async () => {
  const answer = await legacyStats(emulator, credential, { group_by: "month" });
  expect(answer.fromDate).toBe("2026-05-01");
  expect(answer.toDate).toBe("2026-06-30");
});

test("rule 2 in the middle of a month: the period ends today, not on the last day of the month", async () => {
  // The shared emulator's today is the last day of June, where both readings agree.
  const midMonth = await startConformanceEmulator({ store: emulator.store, today: "2026-06-17" });
  try {
    const answer = await legacyStats(midMonth, credential, { group_by: "month" });
    expect([answer.fromDate, answer.toDate]).toEqual(["2026-05-01", "2026-06-17"]);
    expect(Object.keys(answer.aggregation ?? {}).sort()).toEqual(["2026-05", "2026-06"]);
  } finally {
    await midMonth.close();
  }
});

test("rule 3: group_by=day,ad_unit_id,country nests day, then ad unit, then country", async () => {
  const answer = await legacyStats(emulator, credential, {
    group_by: "day,ad_unit_id,country",
    from_date: "2026-06-20",
    to_date: "2026-06-26",
  });
  expect(answer.aggregationDescription).toBe("day,ad_unit_id,country");
  const found = leaves(answer.aggregation!);
  expect(found.length).toBeGreaterThan(0);
  const ownAdUnits = new Set((await applications()).flatMap((app) => app.ad_unit_ids));
  for (const { path, stats } of found) {
    expect(path).toHaveLength(3);
    const [day, adUnit, country] = path as [string, string, string];
    expect(day >= "2026-06-20" && day <= "2026-06-26").toBe(true);
    expect(ownAdUnits.has(adUnit)).toBe(true);
    expect(country).toMatch(/^[A-Z]{2}$/);
    expect(Object.keys(stats).sort()).toEqual(["ecpm", "impressions", "requests", "revenue"]);
  }
  const flat = await legacyStats(emulator, credential, { from_date: "2026-06-20", to_date: "2026-06-26" });
  const overall = flat.stats ?? totalsOf(leaves(flat.aggregation ?? {}));
  expect(totalsOf(found).impressions).toBe(overall.impressions);
  expectSameAmount(totalsOf(found).revenue, overall.revenue);
});

test("rule 4: ad unit types from the applications route regroup the ad unit results into the period's totals", async () => {
  const typeOfAdUnit = new Map(
    (await applications()).flatMap((app) => app.ad_unit_details.map((unit) => [unit.id, unit.type] as const)),
  );
  const period = { from_date: "2026-06-01", to_date: "2026-06-28" };
  const byAdUnit = leaves(
    (await legacyStats(emulator, credential, { group_by: "ad_unit_id", ...period })).aggregation!,
  );
  const impressionsByType = new Map<string, number>();
  for (const leaf of byAdUnit) {
    const type = typeOfAdUnit.get(leaf.path[0]!);
    expect(type).toBeDefined();
    impressionsByType.set(type!, (impressionsByType.get(type!) ?? 0) + leaf.stats.impressions);
  }
  expect(impressionsByType.size).toBeGreaterThan(1);
  const flat = await legacyStats(emulator, credential, period);
  const overall = flat.stats ?? totalsOf(leaves(flat.aggregation ?? {}));
  expect([...impressionsByType.values()].reduce((sum, value) => sum + value, 0)).toBe(overall.impressions);
});

test("rule 5 (the emulator's choice): without dates or month grouping, the last 7 full days", async () => {
  const answer = await legacyStats(emulator, credential, { group_by: "day" });
  expect(answer.fromDate).toBe("2026-06-23");
  expect(answer.toDate).toBe("2026-06-29");
  expect(Object.keys(answer.aggregation!).every((day) => day >= "2026-06-23" && day <= "2026-06-29")).toBe(true);
  const onlyTo = await legacyStats(emulator, credential, { group_by: "day", to_date: "2026-06-10" });
  expect([onlyTo.fromDate, onlyTo.toDate]).toEqual(["2026-06-04", "2026-06-10"]);
});

test("the answer names the caller's applications with their platforms, and revenue in the singular", async () => {
  const answer = await legacyStats(emulator, credential, {
    group_by: "country",
    from_date: "2026-06-01",
    to_date: "2026-06-07",
  });
  expect([...answer.applications].sort()).toEqual([...credential.applications].sort());
  expect(answer.applicationInfos.map((info) => info.apiKey).sort()).toEqual([...credential.applications].sort());
  for (const info of answer.applicationInfos) expect(["ANDROID", "iOS"]).toContain(info.platform);
  expect(answer.info).toEqual(expect.any(String));
  expect(JSON.stringify(answer)).not.toContain('"revenues"');
});
