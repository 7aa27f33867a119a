import { z } from "zod";
import { DATE_GROUPS, FILTER_NAMES, GROUPS, METRICS, type FilterName } from "../../api";
import { HEADER_STYLES } from "../arguments/options";
import { changeSummary } from "../changes/change-summary";
import { COMPARE_MODES } from "../compare/compare-mode";
import { COMPARISON_PARTS } from "../compare/comparison-columns";
import type { LegacyQueryModel, StatsQueryModel } from "../formula-text";
import { LEGACY_FUNCTION_GROUPS } from "../legacy/group-by";
import { PERIOD_WORDS } from "../periods";
import { profileName } from "../profiles/profile";

/**
 * What the workbook keeps of a table the add-in refreshes: its query, where the table is, the
 * PivotTables built on it and how its last refresh went. It travels with the file, so it holds
 * nothing secret: a profile appears by name only, and `.strict()` refuses any field not listed
 * here, so that no credential can ride along in a field added by mistake.
 */

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a day written YYYY-MM-DD" });
const isoTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/, { message: "must be a UTC time" });
const count = z.number().int().min(0).max(1_000_000_000);

const filterValues = z.array(z.string().min(1).max(200)).max(10_000);
const filters = z
  .object(
    Object.fromEntries(FILTER_NAMES.map((name) => [name, filterValues.optional()])) as Record<
      FilterName,
      z.ZodOptional<typeof filterValues>
    >,
  )
  .strict();

const storedPeriod = z.union([
  z.object({ word: z.enum(PERIOD_WORDS) }).strict(),
  z.object({ from: isoDay, to: isoDay }).strict(),
]);

/** A REPORTING.STATS query: what every record held before legacy tables, so it has no `source`. */
export const storedQueryModel = z
  .object({
    period: storedPeriod,
    groups: z.array(z.enum(GROUPS)).max(GROUPS.length),
    metrics: z.array(z.enum(METRICS)).max(METRICS.length),
    filters,
    orders: z.array(z.string().max(40)).max(20),
    dateGroup: z.enum(DATE_GROUPS).optional(),
    dateGroupLimit: count.optional(),
    limit: count.optional(),
    offset: count.optional(),
    headers: z.enum(HEADER_STYLES).optional(),
    profile: profileName.optional(),
    compare: z.enum(COMPARE_MODES).optional(),
  })
  .strict();

/** A LEGACY.STATS query, as the Legacy tab asks it: its period, its groupings in order, and the profile by name. */
const storedLegacyQueryModel = z
  .object({
    source: z.literal("legacy"),
    period: storedPeriod,
    groupBy: z.array(z.enum(LEGACY_FUNCTION_GROUPS)).max(LEGACY_FUNCTION_GROUPS.length),
    profile: profileName.optional(),
  })
  .strict();

/** Where something of Excel's is: its id survives a rename, the name is the fallback and what the pane shows. */
const excelObject = z
  .object({ excelId: z.string().max(200), name: z.string().min(1).max(255), sheet: z.string().max(31) })
  .strict();

export const storedTableQuery = z
  .object({
    version: z.literal(1),
    /** The add-in's own id: the key of the record, stable whatever the user renames. */
    id: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
    query: z.union([storedQueryModel, storedLegacyQueryModel]),
    table: excelObject,
    /** The query's columns (API names) in order: the first columns of the table; any further ones are the user's. */
    columns: z
      .array(z.string().max(40))
      .min(1)
      .max(GROUPS.length + METRICS.length * (1 + COMPARISON_PARTS.length)),
    pivots: z.array(excelObject).max(50),
    createdAt: isoTime,
    lastRefresh: z
      .object({
        at: isoTime,
        rows: count,
        /** The last day the service had statistics for (/dates), when the table was refreshed. */
        dataThrough: isoDay.optional(),
        /** The profile it ran with, by name. */
        profile: profileName.optional(),
        /** What it changed: counts and totals, no row (absent after an insert, or when the old rows could not be read). */
        changes: changeSummary.optional(),
      })
      .strict()
      .optional(),
    /** Why the last refresh failed (the old rows stayed); cleared by the next success. */
    lastFailure: z
      .object({ at: isoTime, reason: z.string().max(1_000) })
      .strict()
      .optional(),
  })
  .strict();

export type StoredQueryModel = z.infer<typeof storedQueryModel>;
export type StoredLegacyQueryModel = z.infer<typeof storedLegacyQueryModel>;
/** What a table runs: a REPORTING.STATS query or a LEGACY.STATS one. */
export type StoredTableModel = StoredTableQuery["query"];
export type StoredTableQuery = z.infer<typeof storedTableQuery>;
/** A table whose query is a REPORTING.STATS one: the only kind the Query tab's builder edits. */
export type StoredStatsTableQuery = StoredTableQuery & { query: StoredQueryModel };

export function isLegacyModel(model: StoredTableModel): model is StoredLegacyQueryModel {
  return "source" in model && model.source === "legacy";
}

export function isStatsTable(record: StoredTableQuery): record is StoredStatsTableQuery {
  return !isLegacyModel(record.query);
}

/** A period as a record keeps it: the word, or both days, and nothing else of the model's object. */
function storedPeriodOf(period: StatsQueryModel["period"]): StoredQueryModel["period"] {
  return "word" in period ? { word: period.word } : { from: period.from, to: period.to };
}

/**
 * The model as a table keeps it: a table always fetches afresh and always has a header row, so
 * `cacheSeconds` and `headers=none` have no meaning for it.
 */
export function storedModelOf(model: StatsQueryModel): StoredQueryModel {
  const stored: StoredQueryModel = {
    period: storedPeriodOf(model.period),
    groups: [...model.groups],
    metrics: [...model.metrics],
    filters: Object.fromEntries(
      Object.entries(model.filters)
        .filter(([, values]) => values && values.length > 0)
        .map(([name, values]) => [name, [...(values ?? [])]]),
    ),
    orders: [...model.orders],
  };
  if (model.dateGroup !== undefined) stored.dateGroup = model.dateGroup;
  if (model.dateGroupLimit !== undefined) stored.dateGroupLimit = model.dateGroupLimit;
  if (model.limit !== undefined) stored.limit = model.limit;
  if (model.offset !== undefined && model.offset > 0) stored.offset = model.offset;
  if (model.headers === "api") stored.headers = "api";
  if (model.profile) stored.profile = model.profile;
  if (model.compare) stored.compare = model.compare;
  return storedQueryModel.parse(stored);
}

/** The Legacy tab's query as a table keeps it: a table always has its readable header row. */
export function storedLegacyModelOf(model: LegacyQueryModel): StoredLegacyQueryModel {
  return storedLegacyQueryModel.parse({
    source: "legacy",
    period: storedPeriodOf(model.period),
    groupBy: [...model.groupBy],
    ...(model.profile ? { profile: model.profile } : {}),
  });
}

/** The stored legacy query as the Legacy tab's formula text takes it. */
export function legacyModelOf(stored: StoredLegacyQueryModel): LegacyQueryModel {
  return { period: stored.period, groupBy: stored.groupBy, ...(stored.profile ? { profile: stored.profile } : {}) };
}

/** The stored model as the query builder and the formula text take it. */
export function queryModelOf(stored: StoredQueryModel): StatsQueryModel {
  return { ...stored, filters: { ...stored.filters } };
}

/** A fresh id for a record: random, so that two copies of a workbook never mix their tables up. */
export function newRecordId(random: () => number = Math.random): string {
  const hex = (digits: number) => Array.from({ length: digits }, () => Math.floor(random() * 16).toString(16)).join("");
  return `q-${hex(8)}-${hex(4)}-${hex(12)}`;
}
