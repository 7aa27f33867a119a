import {
  application as applicationSchema,
  LEGACY_GROUP_BY,
  type LegacyAggregationNode,
  type LegacyGroupBy,
} from "../../../../src/api";
import type { DuckDbReportingStore } from "../../../../src/emulator/store";
import { allOf, relativelyClose, smallStore, STORE_TIMEOUT_MS } from "./small-store";

jest.setTimeout(STORE_TIMEOUT_MS);

let store: DuckDbReportingStore;
let allApps: number[];
beforeAll(async () => {
  store = await smallStore();
  allApps = [...new Set(store.credentials.legacy.flatMap((legacy) => legacy.applications))];
});
afterAll(() => store?.close());

/** Every ordered selection of 1 to 4 legacy groupings. */
function orderedCombinations(): LegacyGroupBy[][] {
  const result: LegacyGroupBy[][] = [];
  const extend = (prefix: LegacyGroupBy[]) => {
    if (prefix.length > 0) result.push(prefix);
    for (const key of LEGACY_GROUP_BY) if (!prefix.includes(key)) extend([...prefix, key]);
  };
  extend([]);
  return result;
}

interface Leaf {
  path: string[];
  impressions: number;
  /** What is wrong with the node's shape, if anything; checked in bulk to keep the test fast. */
  problem?: string | undefined;
}

function leaves(node: Record<string, LegacyAggregationNode>, depth: number, path: string[] = []): Leaf[] {
  return Object.entries(node).flatMap(([key, child]): Leaf[] => {
    const here = [...path, key];
    if (depth === 1) {
      const keys = Object.keys(child.stats ?? {})
        .sort()
        .join(",");
      const problem =
        child.aggregation !== undefined || keys !== "ecpm,impressions,requests,revenue"
          ? `leaf ${here.join("/")} holds ${keys}`
          : undefined;
      return [{ path: here, impressions: child.stats?.impressions ?? Number.NaN, problem }];
    }
    if (child.stats !== undefined || child.aggregation === undefined)
      return [{ path: here, impressions: 0, problem: `inner node ${here.join("/")}` }];
    return leaves(child.aggregation, depth - 1, here);
  });
}

describe("reference lists", () => {
  it("lists countries with English names, more than 30 of them", async () => {
    const countries = await store.countries(allOf(store).filters.organizations);
    expect(countries.length).toBeGreaterThanOrEqual(30);
    expect(countries.find((country) => country.code === "US")?.name).toBe("United States");
  });

  it("lists the formats, integration types, device types and asset types that have data", async () => {
    const organizations = allOf(store).filters.organizations;
    expect(await store.formats(organizations)).toEqual([
      "banner_320x50",
      "interstitial",
      "medium_rectangle",
      "optin_video",
      "overlay_thumbnail",
    ]);
    expect(await store.integrationTypes(organizations)).toEqual(["header_bidding", "standard_integration"]);
    expect(await store.deviceTypes(organizations)).toEqual(["desktop", "mobile"]);
    expect(await store.assetTypes(organizations)).toEqual(["ANDROID", "IOS", "WEB"]);
    expect(await store.formats([])).toEqual([]);
  });

  it("lists assets of the asked organizations with their ad units, each with data", async () => {
    const [organization] = allOf(store).filters.organizations;
    const assets = await store.assets([organization!]);
    expect(assets.every((asset) => asset.organizationId === organization)).toBe(true);
    const adUnits = await store.stats(allOf(store, { groups: ["ad_unit"] }, { organizations: [organization!] }));
    expect(new Set(assets.flatMap((asset) => asset.adUnits.map((adUnit) => adUnit.id)))).toEqual(
      new Set(adUnits.stats.map((entry) => entry.group.ad_unit)),
    );
  });

  it("reports the period of the data: days before today, ending yesterday", () => {
    expect(store.period).toEqual({ from: "2024-01-15", to: "2024-03-14" });
  });
});

describe("applications", () => {
  it("describes each application per spec 2.3 with its Default ad unit", async () => {
    const applications = await store.applications(allApps);
    expect(applications.map((application) => application.app_key).sort()).toEqual([...allApps].sort());
    for (const application of applications) {
      expect(applicationSchema.safeParse(application).success).toBe(true);
      expect(application.error).toBeNull();
      expect(["ANDROID", "IOS"]).toContain(application.platform);
      const defaultUnit = application.ad_unit_details.find((detail) => detail.id === `${application.app_key}_default`);
      expect(defaultUnit?.name).toBe("Default");
      expect(application.ad_unit_ids).toEqual(application.ad_unit_details.map((detail) => detail.id));
      for (const detail of application.ad_unit_details) {
        expect(["interstitial", "optin_video", "overlay_thumbnail", "banner_320x50", "medium_rectangle"]).toContain(
          detail.type,
        );
      }
    }
    expect(await store.applications([1])).toEqual([]);
  });

  it("names ad units that the bearer statistics know too, with the same figures", async () => {
    const organizations = allOf(store).filters.organizations;
    const assets = await store.assets(organizations);
    for (const application of await store.applications(allApps)) {
      const asset = assets.find((candidate) => candidate.bundle === application.bundle)!;
      const legacy = await store.legacyStats({
        appKeys: [application.app_key],
        from: store.period.from,
        to: store.period.to,
        groupBy: ["ad_unit_id"],
      });
      const bearer = await store.stats(allOf(store, { groups: ["ad_unit"] }, { assets: [asset.id] }));
      expect(Object.keys(legacy.aggregation!).sort()).toEqual([...application.ad_unit_ids].sort());
      for (const entry of bearer.stats) {
        const unit = asset.adUnits.find((adUnit) => adUnit.id === entry.group.ad_unit)!;
        const legacyId = unit.name === "Default" ? `${application.app_key}_default` : unit.id;
        expect(legacy.aggregation![legacyId]!.stats!.impressions).toBe(entry.metrics.impressions);
        expect(legacy.aggregation![legacyId]!.stats!.revenue).toBe(entry.metrics.revenues);
      }
    }
  });
});

describe("legacy statistics", () => {
  const from = "2024-02-27";
  const to = "2024-03-03";

  it("answers totals without groupings, with the singular revenue", async () => {
    const answer = await store.legacyStats({ appKeys: allApps, from, to, groupBy: [] });
    expect(answer).toMatchObject({ fromDate: from, toDate: to });
    expect(answer.aggregation).toBeUndefined();
    const stats = answer.stats!;
    expect(stats.ecpm).toBe((stats.revenue / stats.impressions) * 1000);
    expect(stats.requests).toBeGreaterThanOrEqual(stats.impressions);
  });

  it.each(orderedCombinations().map((groupBy) => [groupBy.join(","), groupBy]))(
    "nests %s in the given order down to leaves with stats",
    async (_, groupBy) => {
      // One application keeps the tree small: month groupings widen the period to two months.
      const appKeys = allApps.slice(0, 1);
      const answer = await store.legacyStats({
        appKeys,
        from: "2024-02-29",
        to: "2024-03-01",
        groupBy: groupBy as LegacyGroupBy[],
      });
      const found = leaves(answer.aggregation!, groupBy.length);
      expect(found.length).toBeGreaterThan(0);
      const totals = await store.legacyStats({ appKeys, from: answer.fromDate, to: answer.toDate, groupBy: [] });
      expect(found.reduce((sum, leaf) => sum + leaf.impressions, 0)).toBe(totals.stats!.impressions);
      const patterns: Record<LegacyGroupBy, RegExp> = {
        month: /^\d{4}-\d{2}$/,
        day: /^\d{4}-\d{2}-\d{2}$/,
        ad_unit_id: /^(\d+_default|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/,
        country: /^[A-Z]{2}$/,
      };
      const problems = found.flatMap((leaf) => [
        ...(leaf.problem ? [leaf.problem] : []),
        ...leaf.path
          .filter((key, depth) => !patterns[groupBy[depth] as LegacyGroupBy].test(key))
          .map((key) => `key ${key}`),
      ]);
      expect(problems).toEqual([]);
      const months = new Set(found.map((leaf) => leaf.path[groupBy.indexOf("month")]));
      if (groupBy.includes("month")) expect(months).toEqual(new Set(["2024-02", "2024-03"]));
    },
  );

  it("widens the period to whole months when grouping by month", async () => {
    const answer = await store.legacyStats({
      appKeys: allApps,
      from: "2024-02-10",
      to: "2024-03-01",
      groupBy: ["month"],
    });
    expect(answer.fromDate).toBe("2024-02-01");
    expect(answer.toDate).toBe("2024-03-31");
    expect(Object.keys(answer.aggregation!)).toEqual(["2024-02", "2024-03"]);
    const february = await store.legacyStats({ appKeys: allApps, from: "2024-02-01", to: "2024-02-29", groupBy: [] });
    expect(answer.aggregation!["2024-02"]!.stats!.impressions).toBe(february.stats!.impressions);
    expect(relativelyClose(answer.aggregation!["2024-02"]!.stats!.revenue, february.stats!.revenue)).toBe(true);
  });

  it("sees only the ad units of the given applications", async () => {
    const [first, second] = allApps;
    const one = await store.legacyStats({ appKeys: [first!], from, to, groupBy: [] });
    const other = await store.legacyStats({ appKeys: [second!], from, to, groupBy: [] });
    const both = await store.legacyStats({ appKeys: [first!, second!], from, to, groupBy: [] });
    expect(one.stats!.impressions + other.stats!.impressions).toBe(both.stats!.impressions);
    expect(one.stats!.impressions).toBeGreaterThan(0);
    const none = await store.legacyStats({ appKeys: [], from, to, groupBy: ["day"] });
    expect(none.aggregation).toEqual({});
  });
});
