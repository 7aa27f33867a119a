import { REFERENCE_ROUTES, type ReferenceRouteName } from "../../../api";
import type { BearerCredential, ReportingStore } from "../../store/types";
import { sendJson } from "../respond";
import type { Route } from "../router";

/**
 * The wire shape of each reference answer. The real shapes are not public; these are the
 * plainest ones the client's lenient readers (src/api/reference.ts) accept: an object wrapping
 * one list named after the route.
 */
const ANSWERS: Record<
  ReferenceRouteName,
  (store: ReportingStore, organizations: readonly string[]) => Promise<unknown>
> = {
  details: async (store, organizations) => ({ organizations: await store.organizations(organizations) }),
  dates: async (store) => ({ from: store.period.from, to: store.period.to }),
  countries: async (store, organizations) => ({ countries: await store.countries(organizations) }),
  formats: async (store, organizations) => ({ formats: await store.formats(organizations) }),
  integrationTypes: async (store, organizations) => ({
    integration_types: await store.integrationTypes(organizations),
  }),
  deviceTypes: async (store, organizations) => ({ device_types: await store.deviceTypes(organizations) }),
  assetTypes: async (store, organizations) => ({ asset_types: await store.assetTypes(organizations) }),
  assets: async (store, organizations) => ({
    assets: (await store.assets(organizations)).map((asset) => ({
      id: asset.id,
      name: asset.name,
      asset_type: asset.assetType,
      bundle: asset.bundle,
      organization: asset.organizationId,
      ad_units: asset.adUnits.map((unit) => ({ id: unit.id, name: unit.name, format: unit.format })),
    })),
  }),
};

export function referenceRoutes(prefix: string): Route[] {
  return (Object.keys(REFERENCE_ROUTES) as ReferenceRouteName[]).map((name) => ({
    path: prefix + REFERENCE_ROUTES[name].path,
    method: "GET",
    auth: "bearer",
    async handle(context, caller: BearerCredential) {
      sendJson(context.res, 200, await ANSWERS[name](context.store, caller.organizations));
    },
  }));
}
