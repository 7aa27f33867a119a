import type { Catalog } from "./catalog";
import { TIER_ECPM_FACTOR, TIER_FILL_RATE } from "./countries";
import { FORMAT_PROFILES } from "./formats";

/**
 * One combination = one row of the fact table per day on which it has traffic: an ad unit,
 * an integration type, a device type and a country. Everything that does not change from
 * day to day is settled here; the database draws the daily noise.
 */
export interface Combination {
  comboId: number;
  assetNumber: number;
  /** First day index with traffic (the asset's launch). */
  launchIndex: number;
  /** Chance of traffic on a given day. */
  activity: number;
  /** Typical ad requests per day at the start of the period. */
  baseRequests: number;
  growth: number;
  /** Typical share of requests filled with an ad. */
  fill: number;
  /** Typical price per thousand impressions, before calendar effects. */
  ecpm: number;
  organizationId: string;
  assetId: string;
  assetType: string;
  adUnitId: string;
  format: string;
  integrationType: string;
  deviceType: string;
  country: string;
}

/** Chance, per asset and day, of an outage: a day without a single row for that asset. */
export const OUTAGE_RATE = 0.004;
const HEADER_BIDDING_PREMIUM = 1.12;
const DESKTOP_PREMIUM = 1.15;

export function launchIndex(launchFraction: number, days: number): number {
  // Never after the last day, so that every ad unit has data and the reference lists are full.
  return Math.min(days - 1, Math.floor(launchFraction * days));
}

export function buildCombinations(catalog: Catalog, days: number): Combination[] {
  const combinations: Combination[] = [];
  for (const asset of catalog.assets) {
    for (const adUnit of asset.adUnits) {
      const profile = FORMAT_PROFILES[adUnit.format];
      for (const placement of adUnit.placements) {
        for (const country of asset.countries) {
          combinations.push({
            comboId: combinations.length,
            assetNumber: asset.number,
            launchIndex: launchIndex(asset.launchFraction, days),
            activity: country.activity,
            baseRequests: asset.dailyRequests * adUnit.share * placement.share * country.share,
            growth: asset.growth,
            fill: Math.min(0.99, profile.fill * TIER_FILL_RATE[country.tier]),
            ecpm:
              profile.ecpm *
              TIER_ECPM_FACTOR[country.tier] *
              country.priceJitter *
              (placement.integrationType === "header_bidding" ? HEADER_BIDDING_PREMIUM : 1) *
              (placement.deviceType === "desktop" ? DESKTOP_PREMIUM : 1),
            organizationId: asset.organizationId,
            assetId: asset.id,
            assetType: asset.assetType,
            adUnitId: adUnit.id,
            format: adUnit.format,
            integrationType: placement.integrationType,
            deviceType: placement.deviceType,
            country: country.code,
          });
        }
      }
    }
  }
  return combinations;
}

/**
 * Expected number of fact rows, computed without generating them: each combination has
 * traffic on `activity` of its live days, minus the asset outages. Lets the CLI and the
 * tests tell how large a `--scale` makes the data without loading it.
 */
export function expectedFactRows(combinations: readonly Combination[], days: number): number {
  return combinations.reduce((sum, combination) => {
    const liveDays = days - combination.launchIndex;
    // The last day never has an outage (see the generator), the others may.
    const daysWithoutOutage = 1 + (liveDays - 1) * (1 - OUTAGE_RATE);
    return sum + combination.activity * daysWithoutOutage;
  }, 0);
}
