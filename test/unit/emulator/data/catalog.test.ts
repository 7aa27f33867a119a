import { ASSET_ID_PATTERN, KNOWN_FORMATS, UUID_PATTERN } from "../../../../src/api";
import { buildCatalog } from "../../../../src/emulator/data/catalog";
import { COUNTRIES } from "../../../../src/emulator/data/countries";
import { buildCredentials } from "../../../../src/emulator/data/credentials";
import { resolveDataOptions } from "../../../../src/emulator/data/options";
import { estimateFactRows } from "../../../../src/emulator/store";

const SPEC_ASSET_ID = /^[A-Z]+-[A-Z0-9]{8}$/;

describe("demo catalog", () => {
  const catalog = buildCatalog(11, 1);

  it("is the same for the same seed and differs for another", () => {
    expect(buildCatalog(11, 1)).toEqual(catalog);
    expect(buildCatalog(12, 1).organizations[0]!.id).not.toBe(catalog.organizations[0]!.id);
  });

  it("has at least two named organizations with UUIDs", () => {
    expect(catalog.organizations.length).toBeGreaterThanOrEqual(2);
    for (const organization of catalog.organizations) {
      expect(organization.id).toMatch(UUID_PATTERN);
      expect(organization.name.length).toBeGreaterThan(0);
    }
    expect(new Set(catalog.organizations.map((organization) => organization.name)).size).toBe(
      catalog.organizations.length,
    );
  });

  it("gives every organization several assets of each type, with the spec's asset id form", () => {
    for (const organization of catalog.organizations) {
      for (const assetType of ["ANDROID", "IOS", "WEB"] as const) {
        const assets = catalog.assets.filter(
          (asset) => asset.organizationId === organization.id && asset.assetType === assetType,
        );
        expect(assets.length).toBeGreaterThanOrEqual(2);
      }
    }
    for (const asset of catalog.assets) {
      expect(asset.id).toMatch(SPEC_ASSET_ID);
      expect(asset.id).toMatch(ASSET_ID_PATTERN);
    }
    expect(new Set(catalog.assets.map((asset) => asset.id)).size).toBe(catalog.assets.length);
  });

  it("makes applications of the app assets only, with unique integer keys and a Default ad unit", () => {
    const applications = catalog.assets.filter((asset) => asset.appKey !== null);
    expect(applications.every((asset) => asset.assetType !== "WEB")).toBe(true);
    expect(catalog.assets.filter((asset) => asset.assetType !== "WEB").every((asset) => asset.appKey !== null)).toBe(
      true,
    );
    expect(new Set(applications.map((asset) => asset.appKey)).size).toBe(applications.length);
    for (const asset of applications) {
      expect(Number.isInteger(asset.appKey)).toBe(true);
      const defaults = asset.adUnits.filter((adUnit) => adUnit.legacyId === `${asset.appKey}_default`);
      expect(defaults).toHaveLength(1);
      expect(defaults[0]!.name).toBe("Default");
      expect(defaults[0]!.id).toMatch(UUID_PATTERN);
    }
  });

  it("uses every known format, both integration types and both device types in each organization", () => {
    for (const organization of catalog.organizations) {
      const adUnits = catalog.assets
        .filter((asset) => asset.organizationId === organization.id)
        .flatMap((asset) => asset.adUnits);
      expect(new Set(adUnits.map((adUnit) => adUnit.format))).toEqual(new Set(KNOWN_FORMATS));
      const placements = adUnits.flatMap((adUnit) => adUnit.placements);
      expect(new Set(placements.map((placement) => placement.integrationType))).toEqual(
        new Set(["standard_integration", "header_bidding"]),
      );
      expect(new Set(placements.map((placement) => placement.deviceType))).toEqual(new Set(["mobile", "desktop"]));
      for (const adUnit of adUnits) {
        expect(adUnit.id).toMatch(UUID_PATTERN);
        const shares = adUnit.placements.reduce((sum, placement) => sum + placement.share, 0);
        expect(shares).toBeCloseTo(1, 9);
      }
    }
  });

  it("grows with scale", () => {
    expect(buildCatalog(11, 3).assets.length).toBe(3 * catalog.assets.length);
  });

  it("lists over 30 countries with unique codes and English names", () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(COUNTRIES.map((country) => country.code)).size).toBe(COUNTRIES.length);
    for (const country of COUNTRIES) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.name).toMatch(/^[A-Z][A-Za-zü .-]+$/);
    }
  });
});

describe("demo credentials", () => {
  const catalog = buildCatalog(11, 1);
  const credentials = buildCredentials(11, catalog);
  const organizationIds = catalog.organizations.map((organization) => organization.id);
  const organizationOfApp = new Map(catalog.assets.map((asset) => [asset.appKey, asset.organizationId]));

  it("derives from the seed", () => {
    expect(buildCredentials(11, catalog)).toEqual(credentials);
    expect(buildCredentials(12, catalog).bearer[0]!.token).not.toBe(credentials.bearer[0]!.token);
  });

  it("has one bearer token per organization and one that sees them all, in the form seen in the wild", () => {
    for (const id of organizationIds) {
      expect(
        credentials.bearer.some((bearer) => bearer.organizations.length === 1 && bearer.organizations[0] === id),
      ).toBe(true);
    }
    expect(credentials.bearer.some((bearer) => new Set(bearer.organizations).size === organizationIds.length)).toBe(
      true,
    );
    for (const bearer of credentials.bearer) {
      expect(bearer.token).toMatch(/^[0-9a-f]{64}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
    expect(new Set(credentials.bearer.map((bearer) => bearer.token)).size).toBe(credentials.bearer.length);
  });

  it("has legacy keys for sets of applications, one of them across organizations", () => {
    const organizationsSeen = credentials.legacy.map(
      (legacy) => new Set(legacy.applications.map((appKey) => organizationOfApp.get(appKey))),
    );
    expect(organizationsSeen.some((seen) => seen.size === organizationIds.length)).toBe(true);
    for (const legacy of credentials.legacy) {
      expect(legacy.applications.length).toBeGreaterThan(0);
      for (const appKey of legacy.applications) expect(organizationOfApp.has(appKey)).toBe(true);
      expect(legacy.apiKey).not.toBe(legacy.apiSecret);
    }
    expect(new Set(credentials.legacy.map((legacy) => legacy.apiKey)).size).toBe(credentials.legacy.length);
  });
});

describe("data options", () => {
  it("defaults to two years at scale 1 ending yesterday of the local today", () => {
    const options = resolveDataOptions();
    expect(options.days).toBe(730);
    expect(options.scale).toBe(1);
    expect(options.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("refuses sizes that cannot work, naming the option", () => {
    expect(() => resolveDataOptions({ days: 0 })).toThrow(/days/);
    expect(() => resolveDataOptions({ days: 1.5 })).toThrow(/days/);
    expect(() => resolveDataOptions({ scale: 0 })).toThrow(/scale/);
    expect(() => resolveDataOptions({ today: "2024-02-30" })).toThrow(/2024-02-30/);
  });

  it("reaches five million fact rows at scale 4 over the default two years", () => {
    expect(estimateFactRows({ seed: 11, days: 730, scale: 4, today: "2024-03-15" })).toBeGreaterThanOrEqual(5_000_000);
    // The default set stays well below it, so that it starts fast.
    expect(estimateFactRows({ seed: 11, days: 730, scale: 1, today: "2024-03-15" })).toBeLessThan(2_500_000);
  });
});
