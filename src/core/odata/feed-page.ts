import type { StatsEntry } from "../../api/stats-response";
import { ecpmOf } from "../ecpm";
import { isDimension, type StatsProperty } from "./feed-model";

/**
 * One entity per /stats row, with the properties asked, in their order. eCPM is recomputed
 * from the row's revenues and impressions, so that it is never a sum nor an average of eCPMs.
 */
export function entitiesOf(entries: readonly StatsEntry[], properties: readonly StatsProperty[]): Record<string, unknown>[] {
  return entries.map(({ group, metrics }) => {
    const entity: Record<string, unknown> = {};
    for (const property of properties) {
      if (isDimension(property)) entity[property] = group[property] ?? null;
      else if (property === "ecpm") entity.ecpm = metrics.revenues === undefined || metrics.impressions === undefined ? (metrics.ecpm ?? null) : ecpmOf(metrics.revenues, metrics.impressions);
      else entity[property] = metrics[property] ?? null;
    }
    return entity;
  });
}

/**
 * The address of the next page: the request's own options as the caller wrote them, without
 * any option that is not OData's (the Web API key is one: a client adds its key to every request
 * itself) and with `$skiptoken` counting the rows sent so far. So no credential is ever in it.
 */
export function nextLinkOf(address: string, rawQuery: string, sent: number): string {
  const kept = rawQuery
    .split("&")
    .filter((part) => {
      const name = part.split("=", 1)[0] ?? "";
      let decoded: string;
      try {
        decoded = decodeURIComponent(name.replaceAll("+", " ")).toLowerCase();
      } catch {
        return false;
      }
      return decoded.startsWith("$") && decoded !== "$skiptoken";
    });
  return `${address}?${[...kept, `$skiptoken=${sent}`].join("&")}`;
}
