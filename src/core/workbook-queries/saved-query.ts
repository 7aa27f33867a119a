import { z } from "zod";
import type { StatsQueryModel } from "../formula-text";
import { storedModelOf, storedQueryModel } from "./stored-query";
import { escapeXml, jsonInside, wrapJson } from "./xml-json";

/**
 * A query the analyst saved by name without inserting it (the Query tab's Save query): kept in
 * the workbook beside the tables' records, so that it travels with the file and a colleague can
 * load it. Like a table's record it holds nothing secret (a profile by name only) and `.strict()`
 * refuses any field not listed here.
 */

export const SAVED_QUERY_NAME_MAX = 60;

const isoTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/, { message: "must be a UTC time" });

/** The builder's whole query: unlike a table's, a formula started from it keeps `cache=` and `headers=none`. */
const savedQueryModel = storedQueryModel
  .extend({ cacheSeconds: z.number().int().min(0).max(86_400).optional() })
  .strict();

export const savedQuery = z
  .object({
    version: z.literal(1),
    id: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
    name: z.string().trim().min(1).max(SAVED_QUERY_NAME_MAX),
    query: savedQueryModel,
    savedAt: isoTime,
  })
  .strict();

export type SavedQuery = z.infer<typeof savedQuery>;
export type SavedQueryModel = z.infer<typeof savedQueryModel>;

/** The builder's model as a saved query keeps it: a table's stored model, plus the formula-only options. */
export function savedModelOf(model: StatsQueryModel): SavedQueryModel {
  const stored: SavedQueryModel = storedModelOf(model);
  if (model.headers === "none") stored.headers = "none";
  if (model.cacheSeconds !== undefined) stored.cacheSeconds = model.cacheSeconds;
  return savedQueryModel.parse(stored);
}

/** The saved model as the builder takes it. */
export function builderModelOf(saved: SavedQueryModel): StatsQueryModel {
  return { ...saved, filters: { ...saved.filters } };
}

/** Names are compared as Excel compares sheet and table names: trimmed, ignoring case. */
const nameKey = (name: string) => name.trim().toLocaleLowerCase();

/**
 * Why `name` cannot name a saved query, in words for the field's message, or undefined when it
 * can. `others` are the workbook's saved queries; `renaming` is the id of the one being renamed
 * (its own name is no clash).
 */
export function savedQueryNameProblem(
  name: string,
  others: readonly Pick<SavedQuery, "id" | "name">[],
  renaming?: string,
): string | undefined {
  const trimmed = name.trim();
  if (trimmed === "") return "Type a name for the query, such as Revenue by country.";
  if (trimmed.length > SAVED_QUERY_NAME_MAX)
    return `Use at most ${SAVED_QUERY_NAME_MAX} characters (this name has ${trimmed.length}).`;
  const clash = others.find((other) => other.id !== renaming && nameKey(other.name) === nameKey(trimmed));
  return clash
    ? `This workbook already has a saved query named ${clash.name}: choose another name, or delete that one in the Queries tab.`
    : undefined;
}

/** Saved queries in the order the Queries tab lists them: by name, as a person reads a list. */
export function byName(queries: readonly SavedQuery[]): SavedQuery[] {
  return [...queries].sort(
    (a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }) || a.savedAt.localeCompare(b.savedAt),
  );
}

/** The custom XML parts of saved queries: one part per query, found by namespace, as the tables' records are. */
export const SAVED_QUERY_NAMESPACE = "urn:ad-reporting-excel:saved-query:1";

export function savedQueryXml(query: SavedQuery): string {
  const checked = savedQuery.parse(query);
  return wrapJson("savedQuery", SAVED_QUERY_NAMESPACE, checked, ` id="${escapeXml(checked.id)}"`);
}

export function readSavedQueryXml(xml: string): SavedQuery | undefined {
  try {
    const parsed = savedQuery.safeParse(jsonInside(xml));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Where a workbook keeps its saved queries (src/office/tables/saved-query-store.ts). */
export interface SavedQueryStore {
  /** Every readable saved query, by name; `unreadable` counts those this version cannot read (left as they are). */
  list(): Promise<{ queries: SavedQuery[]; unreadable: number }>;
  /** Adds the query, or replaces the one with its id. */
  put(query: SavedQuery): Promise<void>;
  remove(id: string): Promise<void>;
}
