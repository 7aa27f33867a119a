import type { Application, LegacyAggregationNode, LegacyGroupBy, StatsEntry } from "../../../../src/api";
import type { AssetRecord, ReportingStore, StatsAnswer } from "../../../../src/emulator/store/types";

/**
 * A tiny in-memory store, only for exercising the HTTP layer while the real store is being
 * written. Conformance tests run against the real store.
 */
interface Fact {
  date: string;
  organization: string;
  asset: string;
  asset_type: string;
  ad_unit: string;
  app_key: number;
  format: string;
  integration_type: string;
  device_types: string;
  country: string;
  impressions: number;
  revenues: number;
  requests: number;
}

const ORG_A = "11111111-1111-4111-8111-111111111111";
const ORG_B = "22222222-2222-4222-8222-222222222222";

const ASSETS: (AssetRecord & { appKey: number })[] = [
  { id: "AND-AAAA0001", name: "Puzzle, Android", organizationId: ORG_A, assetType: "ANDROID", bundle: "com.a.puzzle", appKey: 101, adUnits: [{ id: "aaaaaaaa-0000-4000-8000-000000000001", name: "Main", format: "interstitial" }, { id: "aaaaaaaa-0000-4000-8000-0000000000d1", name: "Default", format: "optin_video" }] },
  { id: "IOS-AAAA0002", name: "Puzzle \"iOS\"", organizationId: ORG_A, assetType: "IOS", bundle: "com.a.puzzle.ios", appKey: 102, adUnits: [{ id: "aaaaaaaa-0000-4000-8000-000000000002", name: "Main", format: "optin_video" }] },
  { id: "WEB-BBBB0001", name: "News site", organizationId: ORG_B, assetType: "WEB", bundle: "news.example", appKey: 201, adUnits: [{ id: "bbbbbbbb-0000-4000-8000-000000000001", name: "Top", format: "banner_320x50" }] },
];
const COUNTRIES = [{ code: "FR", name: "France" }, { code: "US", name: "United States" }, { code: "KR", name: "Korea, Republic of" }];

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function facts(today: string, days: number): Fact[] {
  const rows: Fact[] = [];
  for (let day = 1; day <= days; day++) {
    const date = addDays(today, -day);
    ASSETS.forEach((asset, assetIndex) =>
      asset.adUnits.forEach((unit, unitIndex) =>
        COUNTRIES.forEach((country, countryIndex) => {
          const impressions = ((day * 7 + assetIndex * 13 + unitIndex * 5 + countryIndex * 3) % 50) * 10;
          rows.push({
            date, organization: asset.organizationId, asset: asset.id, asset_type: asset.assetType, ad_unit: unit.id, app_key: asset.appKey,
            format: unit.format, integration_type: countryIndex === 0 ? "header_bidding" : "standard_integration",
            device_types: asset.assetType === "WEB" ? "desktop" : "mobile", country: country.code,
            impressions, revenues: impressions * (countryIndex + 1) * 0.0013, requests: impressions * 2 + 1,
          });
        }),
      ),
    );
  }
  return rows;
}

function weekStart(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

export function createFakeStore(today = "2026-06-30", days = 20): ReportingStore {
  const rows = facts(today, days);
  const FILTER_FIELDS = { assets: "asset", asset_types: "asset_type", ad_units: "ad_unit", countries: "country", formats: "format", integration_types: "integration_type", device_types: "device_types" } as const;
  const ofOrgs = (organizations: readonly string[]) => rows.filter((row) => organizations.includes(row.organization));
  const distinct = (values: string[]) => [...new Set(values)].sort();
  const sum = (list: Fact[]) => {
    const impressions = list.reduce((total, row) => total + row.impressions, 0);
    const revenues = list.reduce((total, row) => total + row.revenues, 0);
    return { impressions, revenues, requests: list.reduce((total, row) => total + row.requests, 0), ecpm: impressions ? (revenues / impressions) * 1000 : 0 };
  };
  const applications = (appKeys: readonly number[]): Application[] =>
    ASSETS.filter((asset) => appKeys.includes(asset.appKey)).map((asset) => ({
      publisher_id: 1, publisher_name: "Fake", app_key: asset.appKey, error: null, bundle: asset.bundle, name: asset.name,
      ad_unit_ids: asset.adUnits.map((unit) => unit.id), platform: asset.assetType,
      ad_unit_details: asset.adUnits.map((unit) => ({ id: unit.id, name: unit.name, type: unit.format })),
    }));
  return {
    credentials: {
      bearer: [{ token: "token-both", organizations: [ORG_A, ORG_B] }, { token: "token-a", organizations: [ORG_A] }, { token: "token-b", organizations: [ORG_B] }],
      legacy: [{ apiKey: "key-a", apiSecret: "secret-a", applications: [101, 102] }, { apiKey: "key-b", apiSecret: "secret-b", applications: [201] }],
    },
    period: { from: addDays(today, -days), to: addDays(today, -1) },
    organizations: async (ids) => [{ id: ORG_A, name: "Alpha" }, { id: ORG_B, name: "Beta" }].filter((org) => ids.includes(org.id)),
    async stats(request): Promise<StatsAnswer> {
      const { filters } = request;
      let list = rows.filter((row) => row.date >= filters.from && row.date <= filters.to && filters.organizations.includes(row.organization));
      for (const [filter, field] of Object.entries(FILTER_FIELDS)) {
        const wanted = filters[filter as keyof typeof FILTER_FIELDS];
        if (wanted?.length) list = list.filter((row) => (wanted as string[]).includes(row[field]));
      }
      const groups = request.groups ?? [];
      const keyOf = (row: Fact) =>
        groups.map((group) => {
          if (group === "date") return request.date_group === "month" ? `${row.date.slice(0, 7)}-01` : request.date_group === "week" ? weekStart(row.date) : row.date;
          return row[group];
        });
      const buckets = new Map<string, { key: string[]; rows: Fact[] }>();
      for (const row of list) {
        const key = keyOf(row);
        const bucket = buckets.get(key.join("\u0000")) ?? { key, rows: [] };
        bucket.rows.push(row);
        buckets.set(key.join("\u0000"), bucket);
      }
      if (groups.length === 0) buckets.set("", { key: [], rows: list });
      const metrics = request.metrics ?? ["impressions", "revenues", "ecpm", "requests"];
      let entries: StatsEntry[] = [...buckets.values()].map(({ key, rows: bucketRows }) => {
        const totals = sum(bucketRows);
        return { group: Object.fromEntries(groups.map((group, index) => [group, key[index]])), metrics: Object.fromEntries(metrics.map((metric) => [metric, totals[metric]])) };
      });
      const orders = request.orders ?? groups;
      entries = entries.sort((left, right) => {
        for (const order of orders) {
          const [name, direction] = order.split(":");
          const a = (left.group as Record<string, unknown>)[name!] ?? (left.metrics as Record<string, unknown>)[name!];
          const b = (right.group as Record<string, unknown>)[name!] ?? (right.metrics as Record<string, unknown>)[name!];
          const compared = typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b));
          if (compared !== 0) return direction === "desc" ? -compared : compared;
        }
        return 0;
      });
      const offset = request.offset ?? 0;
      return { stats: entries.slice(offset, request.limit === undefined ? undefined : offset + request.limit), total: entries.length };
    },
    countries: async (orgs) => COUNTRIES.filter((country) => ofOrgs(orgs).some((row) => row.country === country.code)),
    formats: async (orgs) => distinct(ofOrgs(orgs).map((row) => row.format)),
    integrationTypes: async (orgs) => distinct(ofOrgs(orgs).map((row) => row.integration_type)),
    deviceTypes: async (orgs) => distinct(ofOrgs(orgs).map((row) => row.device_types)),
    assetTypes: async (orgs) => distinct(ofOrgs(orgs).map((row) => row.asset_type)),
    assets: async (orgs) => ASSETS.filter((asset) => orgs.includes(asset.organizationId)),
    applications: async (appKeys) => applications(appKeys),
    async legacyStats({ appKeys, from, to, groupBy }) {
      const list = rows.filter((row) => appKeys.includes(row.app_key) && row.date >= from && row.date <= to);
      const toLegacy = (part: Fact[]) => {
        const { revenues, ...rest } = sum(part);
        return { ...rest, revenue: revenues };
      };
      const valueOf = (row: Fact, by: LegacyGroupBy) => (by === "month" ? row.date.slice(0, 7) : by === "day" ? row.date : by === "ad_unit_id" ? row.ad_unit : row.country);
      const nest = (part: Fact[], depth: number): Record<string, LegacyAggregationNode> => {
        const by = groupBy[depth]!;
        const split = new Map<string, Fact[]>();
        for (const row of part) split.set(valueOf(row, by), [...(split.get(valueOf(row, by)) ?? []), row]);
        return Object.fromEntries(
          [...split].sort(([a], [b]) => a.localeCompare(b)).map(([value, subset]) => [value, depth + 1 < groupBy.length ? { aggregation: nest(subset, depth + 1) } : { stats: toLegacy(subset) }]),
        );
      };
      return groupBy.length ? { fromDate: from, toDate: to, aggregation: nest(list, 0) } : { fromDate: from, toDate: to, stats: toLegacy(list) };
    },
    close: async () => undefined,
  };
}
