import type { StatsRequest } from "../../src/api";

const COUNTRIES = ["FR", "US", "DE", "GB", "ES", "IT", "BR", "JP", "IN", "CA"];
const FORMATS = ["interstitial", "optin_video", "overlay_thumbnail", "banner_320x50", "medium_rectangle"];

/** The request that `generateStatsAnswer`'s answer answers (and echoes as its params). */
export const STATS_ANSWER_REQUEST: StatsRequest = {
  filters: { from: "2024-01-01", to: "2024-12-31", organizations: ["0f8fad5b-d9cb-469f-a165-70867728950e"] },
  metrics: ["impressions", "revenues", "requests", "ecpm"],
  groups: ["date", "asset", "country", "format"],
};

/**
 * A deterministic /stats answer text grouped by date, asset, country and format, with all four
 * metrics; 300 rows a date, so dates repeat as in real answers.
 */
export function generateStatsAnswer(rows: number): string {
  let seed = 42;
  const random = () => {
    // Park-Miller: reproducible without a dependency.
    seed = (seed * 48_271) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  const assets = Array.from(
    { length: 40 },
    (_, index) => `APP-${(0x1a2b3c4d + index * 7919).toString(16).toUpperCase().slice(0, 8)}`,
  );
  const stats = [];
  for (let index = 0; index < rows; index += 1) {
    const day = new Date(Date.UTC(2024, 0, 1) + Math.floor(index / 300) * 86_400_000).toISOString().slice(0, 10);
    const impressions = Math.floor(random() * 200_000);
    const requests = impressions + Math.floor(random() * 50_000);
    // Some rows earn almost nothing: the service then writes revenues like 1.2e-7.
    const revenues =
      index % 37 === 0 ? Number(`${(1 + Math.floor(random() * 9)) / 10 + 1}e-7`) : Math.round(random() * 500_000) / 100;
    stats.push({
      group: {
        date: day,
        asset: assets[index % assets.length],
        // The service may not attribute a country: null.
        country: index % 211 === 0 ? null : COUNTRIES[index % COUNTRIES.length],
        format: FORMATS[index % FORMATS.length],
      },
      metrics: {
        impressions,
        revenues,
        requests,
        ecpm: impressions === 0 ? 0 : Math.round((revenues / impressions) * 1e5) / 100,
      },
    });
  }
  return JSON.stringify({ params: STATS_ANSWER_REQUEST, stats, total: rows });
}
