import type { Application } from "../../api";

/** What the applications route tells about one ad unit. */
export interface AdUnitFacts {
  application: Application;
  /** The application's name, made unique when several applications share it. */
  applicationLabel: string;
  name: string;
  type: string;
}

export type AdUnitIndex = (adUnitId: string) => AdUnitFacts | undefined;

const DEFAULT_AD_UNIT = /^(\d+)_default$/;

/**
 * Several applications often share a name (the Android and the iOS build of one game): their
 * label then carries the platform, and the app key if that is still not enough.
 */
function applicationLabels(applications: readonly Application[]): Map<Application, string> {
  const countBy = (key: (app: Application) => string) => {
    const counts = new Map<string, number>();
    for (const app of applications) counts.set(key(app), (counts.get(key(app)) ?? 0) + 1);
    return counts;
  };
  const byName = countBy((app) => app.name);
  const byNameAndPlatform = countBy((app) => `${app.name}\u0000${app.platform}`);
  return new Map(
    applications.map((app) => {
      if ((byName.get(app.name) ?? 0) === 1) return [app, app.name];
      if ((byNameAndPlatform.get(`${app.name}\u0000${app.platform}`) ?? 0) === 1)
        return [app, `${app.name} (${app.platform})`];
      return [app, `${app.name} (${app.app_key})`];
    }),
  );
}

/** Looks ad units up by id: from ad_unit_details, else from ad_unit_ids (the default one is named Default). */
export function indexAdUnits(applications: readonly Application[]): AdUnitIndex {
  const labels = applicationLabels(applications);
  const units = new Map<string, AdUnitFacts>();
  const byAppKey = new Map<number, Application>();
  for (const application of applications) {
    const applicationLabel = labels.get(application) ?? application.name;
    byAppKey.set(application.app_key, application);
    for (const id of application.ad_unit_ids) {
      units.set(id, { application, applicationLabel, name: DEFAULT_AD_UNIT.test(id) ? "Default" : "", type: "" });
    }
    for (const detail of application.ad_unit_details) {
      units.set(detail.id, { application, applicationLabel, name: detail.name, type: detail.type });
    }
  }
  return (adUnitId) => {
    const known = units.get(adUnitId);
    if (known) return known;
    const appKey = DEFAULT_AD_UNIT.exec(adUnitId)?.[1];
    const application = appKey === undefined ? undefined : byAppKey.get(Number(appKey));
    return application
      ? { application, applicationLabel: labels.get(application) ?? application.name, name: "Default", type: "" }
      : undefined;
  };
}
