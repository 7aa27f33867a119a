import type { Application, LegacyStats, LegacyStatsResponse } from "../../../../src/api";

export function stats(impressions: number, revenue: number, requests: number): LegacyStats {
  return { impressions, revenue, requests, ecpm: impressions > 0 ? (revenue / impressions) * 1000 : 0 };
}

export function legacyResponse(
  aggregation: LegacyStatsResponse["aggregation"],
  extra: Partial<LegacyStatsResponse> = {},
): LegacyStatsResponse {
  return {
    fromDate: "2025-01-01",
    toDate: "2025-01-31",
    applications: [111, 222],
    applicationInfos: [],
    aggregationDescription: "",
    aggregation,
    ...extra,
  };
}

export const UNIT_A = "0f8fad5b-d9cb-469f-a165-70867728950e";
export const UNIT_B = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
export const UNIT_C = "16fd2706-8baf-433b-82eb-8c7fada847da";

export const applications: Application[] = [
  {
    publisher_id: 1,
    publisher_name: "Acme",
    app_key: 111,
    bundle: "com.acme.game",
    name: "Game",
    platform: "ANDROID",
    ad_unit_ids: ["111_default", UNIT_A],
    ad_unit_details: [
      { id: "111_default", name: "Default", type: "interstitial" },
      { id: UNIT_A, name: "Reward", type: "optin_video" },
    ],
  },
  {
    publisher_id: 1,
    publisher_name: "Acme",
    app_key: 222,
    bundle: "com.acme.game",
    name: "Game",
    platform: "iOS",
    ad_unit_ids: ["222_default", UNIT_B],
    ad_unit_details: [{ id: UNIT_B, name: "Level end", type: "interstitial" }],
  },
];
