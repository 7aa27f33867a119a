import type { DemoCredentials } from "../store/types";
import type { Catalog } from "./catalog";
import { createRandom } from "./random";

/**
 * Demo credentials, derived from the seed so that scripts can rely on them run after run:
 * one bearer token per organization and one that sees every organization; for the legacy
 * interface one key per organization (all its applications), one key seeing a single
 * application, and one seeing applications of every organization.
 */
export function buildCredentials(seed: number, catalog: Catalog): DemoCredentials {
  const random = createRandom(seed).fork("credentials");
  // The form seen in the wild: 64 hexadecimal characters, an underscore, a UUID.
  const token = () => `${random.hex(64)}_${random.uuid()}`;
  const legacyPair = () => ({ apiKey: random.hex(32), apiSecret: random.hex(64) });
  const appKeysOf = (organizationId: string) =>
    catalog.assets
      .filter((asset) => asset.organizationId === organizationId && asset.appKey !== null)
      .map((asset) => asset.appKey as number);

  const organizationIds = catalog.organizations.map((organization) => organization.id);
  const bearer = [
    ...organizationIds.map((id) => ({ token: token(), organizations: [id] })),
    { token: token(), organizations: [...organizationIds] },
  ];
  const perOrganization = organizationIds.map((id) => ({ ...legacyPair(), applications: appKeysOf(id) }));
  const firstApplication = appKeysOf(organizationIds[0]!).slice(0, 1);
  const acrossOrganizations = organizationIds.flatMap((id) => appKeysOf(id).slice(0, 2));
  const legacy = [
    ...perOrganization,
    { ...legacyPair(), applications: firstApplication },
    { ...legacyPair(), applications: acrossOrganizations },
  ];
  return { bearer, legacy };
}
