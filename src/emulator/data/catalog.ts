import type { Organization } from "../store/types";
import { COUNTRIES, TIER_COVERAGE, TIER_DAILY_ACTIVITY, type Country } from "./countries";
import { FORMAT_PROFILES, PLACEMENT_NAMES, type FormatName } from "./formats";
import {
  APP_FIRST_WORDS,
  APP_SECOND_WORDS,
  ORGANIZATION_NAMES,
  PUBLISHER_SUFFIXES,
  SITE_FIRST_WORDS,
  SITE_SECOND_WORDS,
  slug,
} from "./names";
import { createRandom, type Random } from "./random";

/**
 * The dimensions of the demo data (organizations, publishers, assets, ad units and where
 * they get traffic), drawn from the seed. Daily figures are drawn later, in the database.
 */

export type AssetType = "ANDROID" | "IOS" | "WEB";
export type IntegrationType = "standard_integration" | "header_bidding";
export type DeviceType = "mobile" | "desktop";

export const ORGANIZATION_COUNT = 2;
export const PUBLISHERS_PER_ORGANIZATION = 2;
const ASSET_TYPES: readonly AssetType[] = ["ANDROID", "IOS", "WEB"];
const ASSET_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

export interface Publisher {
  id: number;
  name: string;
  organizationId: string;
}

/** Traffic split of one ad unit by integration type and device type; shares sum to 1. */
export interface Placement {
  integrationType: IntegrationType;
  deviceType: DeviceType;
  share: number;
}

export interface AdUnitPlan {
  /** The id the bearer interface shows and filters on: always a UUID. */
  id: string;
  /**
   * The id the legacy interface shows: `<app_key>_default` for an application's default ad
   * unit, the UUID otherwise. Keeping a UUID behind the default ad unit lets the bearer
   * `ad_units` filter (UUIDs only) reach every row the legacy interface reports.
   */
  legacyId: string;
  name: string;
  format: FormatName;
  /** Share of the asset's ad requests. */
  share: number;
  placements: Placement[];
}

export interface CountryCoverage {
  code: string;
  tier: Country["tier"];
  /** Share of the asset's traffic that comes from this country. */
  share: number;
  /** Chance that a given day brings any traffic from this country; 1 for the home market. */
  activity: number;
  /** Price level of this market for this asset, relative to its tier's. */
  priceJitter: number;
}

export interface AssetPlan {
  /** Index in `Catalog.assets`; seeds the asset's daily outages. */
  number: number;
  id: string;
  name: string;
  organizationId: string;
  publisherId: number;
  assetType: AssetType;
  bundle: string;
  /** Integer key of the application (ANDROID and IOS assets only). */
  appKey: number | null;
  /** Typical ad requests per day at the start of the period. */
  dailyRequests: number;
  /** Yearly growth of traffic, e.g. 0.3 for +30 % a year. */
  growth: number;
  /** Share of the period that passed before the asset went live (0 = live throughout). */
  launchFraction: number;
  countries: CountryCoverage[];
  adUnits: AdUnitPlan[];
}

export interface Catalog {
  organizations: Organization[];
  publishers: Publisher[];
  assets: AssetPlan[];
}

/** Assets of each type per organization for a `scale`; scale 1 gives 2 of each. */
export function assetsPerType(scale: number): number {
  if (!(scale > 0) || !Number.isFinite(scale)) throw new RangeError(`scale must be a positive number, got ${scale}`);
  return Math.max(1, Math.round(2 * scale));
}

function uniqueDraw<T>(draw: () => T, key: (value: T) => string, taken: Set<string>): T {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const value = draw();
    if (!taken.has(key(value))) {
      taken.add(key(value));
      return value;
    }
  }
  throw new Error("the demo data generator ran out of unique names; lower --scale");
}

function drawCountries(random: Random): CountryCoverage[] {
  const totalAudience = COUNTRIES.reduce((sum, country) => sum + country.audience, 0);
  let pointer = random.next() * totalAudience;
  const home = COUNTRIES.find((country) => (pointer -= country.audience) < 0) ?? COUNTRIES[0]!;
  const chosen = COUNTRIES.filter((country) => country === home || random.chance(TIER_COVERAGE[country.tier]));
  const weights = chosen.map((country) => country.audience * random.between(0.4, 1.6) * (country === home ? 3 : 1));
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  return chosen.map((country, index) => {
    const [low, high] = TIER_DAILY_ACTIVITY[country.tier];
    return {
      code: country.code,
      tier: country.tier,
      share: weights[index]! / weightSum,
      activity: country === home ? 1 : random.between(low, high),
      priceJitter: random.between(0.8, 1.25),
    };
  });
}

function drawPlacements(random: Random, assetType: AssetType): Placement[] {
  const isWeb = assetType === "WEB";
  const integrations: { type: IntegrationType; share: number }[] = isWeb
    ? random.chance(0.5)
      ? [
          { type: "header_bidding", share: 0.65 },
          { type: "standard_integration", share: 0.35 },
        ]
      : [{ type: "header_bidding", share: 1 }]
    : random.chance(0.5)
      ? [
          { type: "standard_integration", share: 0.7 },
          { type: "header_bidding", share: 0.3 },
        ]
      : [{ type: "standard_integration", share: 1 }];
  const desktopShare = random.between(0.4, 0.65);
  const devices: { type: DeviceType; share: number }[] = isWeb
    ? [
        { type: "desktop", share: desktopShare },
        { type: "mobile", share: 1 - desktopShare },
      ]
    : [{ type: "mobile", share: 1 }];
  return integrations.flatMap((integration) =>
    devices.map((device) => ({
      integrationType: integration.type,
      deviceType: device.type,
      share: integration.share * device.share,
    })),
  );
}

function adUnitFormats(random: Random, assetType: AssetType): FormatName[] {
  if (assetType === "WEB") {
    const formats: FormatName[] = ["overlay_thumbnail", "medium_rectangle", "banner_320x50"];
    if (random.chance(0.4)) formats.push("interstitial");
    return formats;
  }
  // The first one becomes the application's default ad unit.
  const formats: FormatName[] = ["interstitial", "optin_video", "banner_320x50"];
  if (random.chance(0.5)) formats.push("medium_rectangle");
  return formats;
}

function drawAdUnits(random: Random, assetType: AssetType, appKey: number | null): AdUnitPlan[] {
  const formats = adUnitFormats(random, assetType);
  const placementNames = [...PLACEMENT_NAMES];
  const weights = formats.map((format) => FORMAT_PROFILES[format].requestWeight * random.between(0.6, 1.4));
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  return formats.map((format, index) => {
    const id = random.uuid();
    const isDefault = appKey !== null && index === 0;
    const placement = placementNames.splice(random.int(0, placementNames.length - 1), 1)[0]!;
    return {
      id,
      legacyId: isDefault ? `${appKey}_default` : id,
      name: isDefault ? "Default" : `${FORMAT_PROFILES[format].label} - ${placement}`,
      format,
      share: weights[index]! / weightSum,
      placements: drawPlacements(random, assetType),
    };
  });
}

export function buildCatalog(seed: number, scale: number): Catalog {
  const root = createRandom(seed);
  const orgRandom = root.fork("organizations");
  const assetRandom = root.fork("assets");
  const takenNames = new Set<string>();
  const takenIds = new Set<string>();
  const takenKeys = new Set<string>();

  const organizations: Organization[] = [];
  const publishers: Publisher[] = [];
  for (let index = 0; index < ORGANIZATION_COUNT; index++) {
    const name = uniqueDraw(
      () => orgRandom.pick(ORGANIZATION_NAMES),
      (text) => text,
      takenNames,
    );
    const organization = { id: orgRandom.uuid(), name };
    organizations.push(organization);
    for (let publisherIndex = 0; publisherIndex < PUBLISHERS_PER_ORGANIZATION; publisherIndex++) {
      publishers.push({
        id: 1000 + index * 100 + publisherIndex + orgRandom.int(0, 9) * 10,
        name: `${name} ${PUBLISHER_SUFFIXES[publisherIndex % PUBLISHER_SUFFIXES.length]}`,
        organizationId: organization.id,
      });
    }
  }

  const perType = assetsPerType(scale);
  const assets: AssetPlan[] = [];
  organizations.forEach((organization, orgIndex) => {
    const orgPublishers = publishers.filter((publisher) => publisher.organizationId === organization.id);
    const orgSlug = slug(organization.name.split(" ")[0]!);
    for (const assetType of ASSET_TYPES) {
      for (let index = 0; index < perType; index++) {
        const isWeb = assetType === "WEB";
        const name = uniqueDraw(
          () =>
            isWeb
              ? `${assetRandom.pick(SITE_FIRST_WORDS)} ${assetRandom.pick(SITE_SECOND_WORDS)}`
              : `${assetRandom.pick(APP_FIRST_WORDS)} ${assetRandom.pick(APP_SECOND_WORDS)}`,
          (text) => text,
          takenNames,
        );
        const prefix = isWeb ? "WEB" : "APP";
        const id = uniqueDraw(
          () => `${prefix}-${assetRandom.text(8, ASSET_ID_ALPHABET)}`,
          (text) => text,
          takenIds,
        );
        const appKey = isWeb
          ? null
          : Number(
              uniqueDraw(
                () => String(assetRandom.int(100000, 999999)),
                (text) => text,
                takenKeys,
              ),
            );
        const bundle = isWeb
          ? `${slug(name)}.example.com`
          : `com.${orgSlug}.${slug(name)}${assetType === "IOS" ? ".ios" : ""}`;
        assets.push({
          number: assets.length,
          id,
          name,
          organizationId: organization.id,
          // Publishers split the organization's catalogue; the first one also runs the sites.
          publisherId: orgPublishers[isWeb ? 0 : (index + orgIndex) % orgPublishers.length]!.id,
          assetType,
          bundle,
          appKey,
          dailyRequests: Math.exp(assetRandom.between(Math.log(15_000), Math.log(300_000))),
          growth: assetRandom.between(-0.1, 0.6),
          launchFraction: index === 0 || assetRandom.chance(0.6) ? 0 : assetRandom.between(0.05, 0.6),
          countries: drawCountries(assetRandom),
          adUnits: drawAdUnits(assetRandom, assetType, appKey),
        });
      }
    }
  });
  return { organizations, publishers, assets };
}
