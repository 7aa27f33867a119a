import type { Application } from "../../api";
import type { Catalog } from "../data/catalog";
import { COUNTRIES } from "../data/countries";
import type { Database, SqlValue } from "./database";
import type { AssetRecord, Organization } from "./types";

/**
 * Reference lists, read from `presence` (the distinct dimension combinations of the fact
 * table, a few thousand rows) so that each list holds exactly the values that the matching
 * /stats filter can find for the caller's organizations.
 */
export const PRESENCE_TABLE = `
CREATE TABLE presence AS
SELECT DISTINCT organization_id, asset_id, asset_type, ad_unit_id, format, integration_type, device_type, country
FROM fact`;

type PresenceColumn = "asset_type" | "format" | "integration_type" | "device_type" | "country";

const COUNTRY_NAMES = new Map(COUNTRIES.map((country) => [country.code, country.name]));

function organizationCondition(organizations: readonly string[]): { where: string; values: SqlValue[] } {
  if (organizations.length === 0) return { where: "FALSE", values: [] };
  return {
    where: `organization_id IN (${organizations.map((_, index) => `$${index + 1}`).join(", ")})`,
    values: [...organizations],
  };
}

export class ReferenceLists {
  private readonly assetsById: Map<string, Catalog["assets"][number]>;

  constructor(
    private readonly database: Database,
    private readonly catalog: Catalog,
    /** Ad units with at least one fact row: only those are listed anywhere. */
    private readonly presentAdUnits: ReadonlySet<string>,
  ) {
    this.assetsById = new Map(catalog.assets.map((asset) => [asset.id, asset]));
  }

  async distinct(column: PresenceColumn, organizations: readonly string[]): Promise<string[]> {
    const { where, values } = organizationCondition(organizations);
    const rows = await this.database.query(
      `SELECT DISTINCT ${column}::VARCHAR AS value FROM presence WHERE ${where} ORDER BY 1`,
      values,
    );
    return rows.map((row) => String(row.value));
  }

  async countries(organizations: readonly string[]): Promise<{ code: string; name: string }[]> {
    const codes = await this.distinct("country", organizations);
    return codes.map((code) => ({ code, name: COUNTRY_NAMES.get(code) ?? code }));
  }

  async assets(organizations: readonly string[]): Promise<AssetRecord[]> {
    const { where, values } = organizationCondition(organizations);
    const rows = await this.database.query(
      `SELECT DISTINCT asset_id::VARCHAR AS asset, ad_unit_id::VARCHAR AS ad_unit FROM presence WHERE ${where}`,
      values,
    );
    const unitsByAsset = new Map<string, Set<string>>();
    for (const row of rows) {
      const units = unitsByAsset.get(String(row.asset)) ?? new Set<string>();
      units.add(String(row.ad_unit));
      unitsByAsset.set(String(row.asset), units);
    }
    return [...unitsByAsset.keys()].sort().flatMap((assetId) => {
      const asset = this.assetsById.get(assetId);
      if (!asset) return [];
      const units = unitsByAsset.get(assetId)!;
      return [
        {
          id: asset.id,
          name: asset.name,
          organizationId: asset.organizationId,
          assetType: asset.assetType,
          bundle: asset.bundle,
          adUnits: asset.adUnits
            .filter((adUnit) => units.has(adUnit.id))
            .map((adUnit) => ({ id: adUnit.id, name: adUnit.name, format: adUnit.format })),
        },
      ];
    });
  }

  organizations(ids: readonly string[]): Organization[] {
    const wanted = new Set(ids);
    return this.catalog.organizations
      .filter((organization) => wanted.has(organization.id))
      .map((organization) => ({ ...organization }));
  }

  applications(appKeys: readonly number[]): Application[] {
    const wanted = new Set(appKeys);
    const publishers = new Map(this.catalog.publishers.map((publisher) => [publisher.id, publisher]));
    return this.catalog.assets
      .filter((asset) => asset.appKey !== null && wanted.has(asset.appKey))
      .map((asset) => {
        const adUnits = asset.adUnits.filter((adUnit) => this.presentAdUnits.has(adUnit.id));
        return {
          publisher_id: asset.publisherId,
          publisher_name: publishers.get(asset.publisherId)?.name ?? "",
          app_key: asset.appKey as number,
          error: null,
          bundle: asset.bundle,
          name: asset.name,
          ad_unit_ids: adUnits.map((adUnit) => adUnit.legacyId),
          platform: asset.assetType,
          ad_unit_details: adUnits.map((adUnit) => ({ id: adUnit.legacyId, name: adUnit.name, type: adUnit.format })),
        };
      });
  }
}
