import { type GroupName, type StatsEntry, type StatsRequest } from "../../../../src/api";
import type { DuckDbReportingStore } from "../../../../src/emulator/store";
import { allOf, smallStore, STORE_TIMEOUT_MS } from "./small-store";

jest.setTimeout(STORE_TIMEOUT_MS);

let store: DuckDbReportingStore;
let organizationA: string;
let organizationB: string;
beforeAll(async () => {
  store = await smallStore();
  [organizationA, organizationB] = allOf(store).filters.organizations as [string, string];
});
afterAll(() => store?.close());

function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

describe("stats ordering", () => {
  it("orders by the groups ascending by default", async () => {
    const answer = await store.stats(allOf(store, { groups: ["country", "format"] }));
    const keys = answer.stats.map((entry) => `${entry.group.country}|${entry.group.format}`);
    expect(keys).toEqual([...keys].sort(compareText));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("sorts dates descending, then assets ascending (spec 4.1 rule 3)", async () => {
    const answer = await store.stats(allOf(store, { groups: ["date", "asset"], orders: ["date:desc", "asset"] }));
    for (let index = 1; index < answer.stats.length; index++) {
      const previous = answer.stats[index - 1]!.group;
      const current = answer.stats[index]!.group;
      const byDate = compareText(current.date!, previous.date!);
      expect(byDate <= 0).toBe(true);
      if (byDate === 0) expect(compareText(current.asset!, previous.asset!)).toBe(1);
    }
  });

  it("orders by a metric descending and breaks ties with the groups", async () => {
    const answer = await store.stats(allOf(store, { groups: ["country"], orders: ["revenues:desc"] }));
    const revenues = answer.stats.map((entry) => entry.metrics.revenues!);
    expect(revenues).toEqual([...revenues].sort((left, right) => right - left));
    const byEcpm = await store.stats(
      allOf(store, { groups: ["format", "device_types"], orders: ["ecpm", "device_types:desc"] }),
    );
    const ecpms = byEcpm.stats.map((entry) => entry.metrics.ecpm!);
    expect(ecpms).toEqual([...ecpms].sort((left, right) => left - right));
  });

  it("orders by a metric that is not among the requested metrics", async () => {
    const answer = await store.stats(
      allOf(store, { groups: ["asset"], metrics: ["ecpm"], orders: ["impressions:desc"] }),
    );
    const full = await store.stats(allOf(store, { groups: ["asset"] }));
    const impressionsOf = new Map(full.stats.map((entry) => [entry.group.asset, entry.metrics.impressions!]));
    const ordered = answer.stats.map((entry) => impressionsOf.get(entry.group.asset)!);
    expect(ordered).toEqual([...ordered].sort((left, right) => right - left));
    expect(Object.keys(answer.stats[0]!.metrics)).toEqual(["ecpm"]);
  });

  it("keeps `group` to exactly the requested groups, device_types included", async () => {
    const groups: GroupName[] = ["device_types", "integration_type", "asset_type"];
    const answer = await store.stats(allOf(store, { groups }));
    for (const entry of answer.stats) expect(Object.keys(entry.group)).toEqual(groups);
    expect(new Set(answer.stats.map((entry) => entry.group.device_types))).toEqual(new Set(["mobile", "desktop"]));
  });
});

describe("stats paging", () => {
  const request = (extra: Partial<StatsRequest>) =>
    allOf(store, { groups: ["date", "format"], orders: ["requests:desc"], ...extra });

  it("concatenates offset/limit windows to the full ordered list, with the full total on every page", async () => {
    const full = await store.stats(request({}));
    const pages: StatsEntry[] = [];
    for (let offset = 0; offset < full.total; offset += 37) {
      const page = await store.stats(request({ offset, limit: 37 }));
      expect(page.total).toBe(full.total);
      expect(page.stats.length).toBeLessThanOrEqual(37);
      pages.push(...page.stats);
    }
    expect(pages).toEqual(full.stats);
  });

  it("answers an empty page with the total past the end, and for limit 0", async () => {
    const full = await store.stats(request({}));
    expect(await store.stats(request({ offset: full.total + 5, limit: 10 }))).toEqual({ stats: [], total: full.total });
    expect(await store.stats(request({ limit: 0 }))).toEqual({ stats: [], total: full.total });
    const tail = await store.stats(request({ offset: full.total - 3 }));
    expect(tail.stats).toEqual(full.stats.slice(-3));
  });
});

describe("stats filters", () => {
  const cases: [keyof StatsRequest["filters"], GroupName, (organizations: string[]) => Promise<string[]>][] = [
    [
      "countries",
      "country",
      async (organizations) => (await store.countries(organizations)).map((country) => country.code),
    ],
    ["formats", "format", (organizations) => store.formats(organizations)],
    ["integration_types", "integration_type", (organizations) => store.integrationTypes(organizations)],
    ["device_types", "device_types", (organizations) => store.deviceTypes(organizations)],
    ["asset_types", "asset_type", (organizations) => store.assetTypes(organizations)],
    ["assets", "asset", async (organizations) => (await store.assets(organizations)).map((asset) => asset.id)],
    [
      "ad_units",
      "ad_unit",
      async (organizations) =>
        (await store.assets(organizations)).flatMap((asset) => asset.adUnits.map((adUnit) => adUnit.id)),
    ],
  ];

  it.each(cases)("narrows to each value listed for %s", async (filter, group, list) => {
    const values = await list([organizationA]);
    expect(values.length).toBeGreaterThan(0);
    const grouped = await store.stats(allOf(store, { groups: [group] }, { organizations: [organizationA] }));
    // The reference list holds exactly the values that have data.
    expect([...values].sort(compareText)).toEqual(grouped.stats.map((entry) => entry.group[group]));
    for (const value of values) {
      const answer = await store.stats(
        allOf(store, { groups: [group] }, { organizations: [organizationA], [filter]: [value] }),
      );
      expect(answer.stats.map((entry) => entry.group[group])).toEqual([value]);
    }
  });

  it("combines filters with AND and values of one filter with OR", async () => {
    const both = await store.stats(
      allOf(store, { groups: ["country", "format"] }, { countries: ["US", "FR"], formats: ["optin_video"] }),
    );
    expect(both.stats.length).toBe(2);
    expect(new Set(both.stats.map((entry) => entry.group.country))).toEqual(new Set(["US", "FR"]));
    expect(both.stats.every((entry) => entry.group.format === "optin_video")).toBe(true);
  });

  it("matches nothing for values that do not exist, and does not restrict with an empty list", async () => {
    const unknown = await store.stats(
      allOf(store, { groups: ["country"] }, { countries: ["ZZ"], formats: ["no_such_format"] }),
    );
    expect(unknown).toEqual({ stats: [], total: 0 });
    const everything = await store.stats(allOf(store, { groups: ["country"] }));
    expect(await store.stats(allOf(store, { groups: ["country"] }, { countries: [] }))).toEqual(everything);
  });

  it("restricts to the period, both ends included", async () => {
    const answer = await store.stats(allOf(store, { groups: ["date"] }, { from: "2024-02-10", to: "2024-02-12" }));
    expect(answer.stats.map((entry) => entry.group.date)).toEqual(["2024-02-10", "2024-02-11", "2024-02-12"]);
  });
});

describe("organization isolation", () => {
  it("never returns rows of an organization that was not asked for", async () => {
    for (const [mine, theirs] of [
      [organizationA, organizationB],
      [organizationB, organizationA],
    ] as const) {
      const byOrganization = await store.stats(allOf(store, { groups: ["organization"] }, { organizations: [mine] }));
      expect(byOrganization.stats.map((entry) => entry.group.organization)).toEqual([mine]);
      const theirAssets = (await store.assets([theirs])).map((asset) => asset.id);
      const probing = await store.stats(
        allOf(store, { groups: ["asset"] }, { organizations: [mine], assets: theirAssets }),
      );
      expect(probing).toEqual({ stats: [], total: 0 });
      const myAssets = new Set((await store.assets([mine])).map((asset) => asset.id));
      expect(theirAssets.some((id) => myAssets.has(id))).toBe(false);
    }
  });

  it("adds the organizations up to the view across both", async () => {
    const [both] = (await store.stats(allOf(store))).stats;
    const [onlyA] = (await store.stats(allOf(store, {}, { organizations: [organizationA] }))).stats;
    const [onlyB] = (await store.stats(allOf(store, {}, { organizations: [organizationB] }))).stats;
    expect(onlyA!.metrics.impressions! + onlyB!.metrics.impressions!).toBe(both!.metrics.impressions);
    expect(onlyA!.metrics.impressions).toBeGreaterThan(0);
    expect(onlyB!.metrics.impressions).toBeGreaterThan(0);
  });

  it("lists only the asked organizations", async () => {
    expect((await store.organizations([organizationA])).map((organization) => organization.id)).toEqual([
      organizationA,
    ]);
    expect(await store.organizations(["00000000-0000-4000-8000-000000000000"])).toEqual([]);
  });
});
