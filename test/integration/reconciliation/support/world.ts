import {
  applicationsResponse,
  LEGACY_ROUTES,
  REFERENCE_ROUTES,
  type Application,
  type FilterName,
} from "../../../../src/api";
import type { DemoCredentials } from "../../../../src/emulator";
import { bearerHeaders, legacyHeaders } from "../../emulator/support/emulator";

/**
 * What the suite knows of the service before it checks anything: every credential, and what each
 * one may see, read from the reference routes over HTTP. Queries are generated from it and the
 * isolation checks judge rows against it.
 */

/** Where the checks send their requests: the emulator, or a proxy in front of it. */
export interface Endpoint {
  baseUrl: string;
  legacyBaseUrl: string;
}

export interface AssetFacts {
  id: string;
  organization: string;
  assetType: string;
  bundle: string;
  adUnits: { id: string; name: string; format: string }[];
}

export interface BearerIdentity {
  /** Its profile name in the add-in, and its name in query labels: B0, B1... */
  label: string;
  token: string;
  organizations: string[];
  assets: AssetFacts[];
  /** The values each filter of this credential accepts, as its reference routes list them. */
  values: Record<FilterName, string[]>;
}

export interface LegacyIdentity {
  /** L0, L1... */
  label: string;
  apiKey: string;
  apiSecret: string;
  applications: Application[];
}

export interface World {
  /** The emulator's today. */
  today: string;
  /** First and last day with statistics. */
  period: { from: string; to: string };
  bearer: BearerIdentity[];
  legacy: LegacyIdentity[];
  /** The bearer credential that sees every organization. */
  widest: BearerIdentity;
  /** Every asset of every organization, with its organization. */
  everyAsset: AssetFacts[];
}

async function getJson(url: string, headers: Record<string, string>): Promise<unknown> {
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
}

type RawAsset = {
  id: string;
  organization: string;
  asset_type: string;
  bundle: string;
  ad_units: { id: string; name: string; format: string }[];
};

async function bearerIdentity(
  endpoint: Endpoint,
  label: string,
  token: string,
  organizations: string[],
): Promise<BearerIdentity> {
  const headers = bearerHeaders(token);
  const list = async (name: "countries" | "formats" | "integrationTypes" | "deviceTypes" | "assetTypes") =>
    REFERENCE_ROUTES[name].response
      .parse(await getJson(endpoint.baseUrl + REFERENCE_ROUTES[name].path, headers))
      .map((option) => option.value);
  const raw = (await getJson(endpoint.baseUrl + REFERENCE_ROUTES.assets.path, headers)) as { assets: RawAsset[] };
  const assets = raw.assets.map((asset) => ({
    id: asset.id,
    organization: asset.organization,
    assetType: asset.asset_type,
    bundle: asset.bundle,
    adUnits: asset.ad_units,
  }));
  const details = REFERENCE_ROUTES.details.response.parse(
    await getJson(endpoint.baseUrl + REFERENCE_ROUTES.details.path, headers),
  );
  return {
    label,
    token,
    organizations,
    assets,
    values: {
      organizations: details.organizations.map((organization) => organization.value),
      assets: assets.map((asset) => asset.id),
      asset_types: await list("assetTypes"),
      ad_units: assets.flatMap((asset) => asset.adUnits.map((unit) => unit.id)),
      countries: await list("countries"),
      formats: await list("formats"),
      integration_types: await list("integrationTypes"),
      device_types: await list("deviceTypes"),
    },
  };
}

export async function discoverWorld(endpoint: Endpoint, credentials: DemoCredentials, today: string): Promise<World> {
  const bearer = await Promise.all(
    credentials.bearer.map((credential, index) =>
      bearerIdentity(endpoint, `B${index}`, credential.token, [...credential.organizations]),
    ),
  );
  const legacy = await Promise.all(
    credentials.legacy.map(async (credential, index) => ({
      label: `L${index}`,
      apiKey: credential.apiKey,
      apiSecret: credential.apiSecret,
      applications: applicationsResponse.parse(
        await getJson(endpoint.legacyBaseUrl + LEGACY_ROUTES.applications, legacyHeaders(credential)),
      ).applications,
    })),
  );
  const widest = bearer.reduce((best, identity) =>
    identity.organizations.length > best.organizations.length ? identity : best,
  );
  const period = REFERENCE_ROUTES.dates.response.parse(
    await getJson(endpoint.baseUrl + REFERENCE_ROUTES.dates.path, bearerHeaders(widest.token)),
  );
  return { today, period, bearer, legacy, widest, everyAsset: widest.assets };
}

/**
 * The bearer ad unit (a UUID) behind a legacy ad unit id: the same id, except an application's
 * `<app_key>_default`, which is the asset's ad unit named Default. Applications and assets are
 * matched by bundle, the one identifier both interfaces show.
 */
export function bearerAdUnitOf(world: World, application: Application, legacyId: string): string | undefined {
  if (!/_default$/.test(legacyId)) return legacyId;
  const asset = world.everyAsset.find((candidate) => candidate.bundle === application.bundle);
  return asset?.adUnits.find((unit) => unit.name === "Default")?.id;
}
