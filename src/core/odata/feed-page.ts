import type { StatsEntry } from "../../api/stats-response";
import { ecpmOf } from "../ecpm";
import { isDimension, type StatsProperty } from "./feed-model";

function jsonValue(value: unknown): string {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "null";
  return value === null || value === undefined ? "null" : JSON.stringify(value);
}

/**
 * One entity per /stats row, with the properties asked, in their order, as one JSON array text,
 * written directly: a feed page is thousands of small objects, which building and then
 * stringifying would make twice. eCPM is recomputed from the row's revenues and impressions, so
 * that it is never a sum nor an average of eCPMs.
 */
export function entitiesJson(entries: readonly StatsEntry[], properties: readonly StatsProperty[]): string {
  const keys = properties.map((property) => `${JSON.stringify(property)}:`);
  const parts: string[] = new Array<string>(entries.length);
  for (let index = 0; index < entries.length; index += 1) {
    const { group, metrics } = entries[index]!;
    let text = "{";
    for (let column = 0; column < properties.length; column += 1) {
      const property = properties[column]!;
      let value: unknown;
      if (isDimension(property)) value = group[property];
      else if (property === "ecpm") value = metrics.revenues === undefined || metrics.impressions === undefined ? metrics.ecpm : ecpmOf(metrics.revenues, metrics.impressions);
      else value = metrics[property];
      text += `${column > 0 ? "," : ""}${keys[column]}${jsonValue(value)}`;
    }
    parts[index] = `${text}}`;
  }
  return `[${parts.join(",")}]`;
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
