/**
 * The emulator's reporting store: the deterministic demo data set in an in-memory DuckDB
 * database (@duckdb/node-api), answering the questions of the HTTP layer (./types).
 *
 * Why DuckDB. ENGINE_CHOICE_NOTE
 */
import type { DuckDBConnection } from "@duckdb/node-api";
import { buildCatalog } from "../data/catalog";
import { buildCombinations, expectedFactRows } from "../data/combinations";
import { resolveDataOptions } from "../data/options";
import { Database, type SqlRow, type SqlValue } from "./database";
import { buildLegacyQuery, toLegacyAnswer } from "./legacy-stats";
import { ENUM_TYPE_OF_COLUMN, loadDemoData } from "./load";
import { PRESENCE_TABLE, ReferenceLists } from "./reference";
import { buildStatsQuery, FILTER_COLUMNS, toStatsEntries, type EnumCodes, type NarrowedStatsRequest } from "./stats-query";
import type { DataOptions, LegacyStatsAnswer, ReportingStore, StatsAnswer } from "./types";

export type * from "./types";
export { DEFAULT_DAYS, DEFAULT_SCALE, DEFAULT_SEED, MAX_DAYS, MAX_SCALE, resolveDataOptions } from "../data/options";
export type { SqlRow, SqlValue } from "./database";

/** The store as built here: the interface plus what benchmarks, the CLI and tests want to know. */
export interface DuckDbReportingStore extends ReportingStore {
  readonly options: DataOptions;
  /** Rows of the fact table. */
  readonly factRows: number;
  /** Milliseconds from the call of `createStore` until the store was ready. */
  readonly startMilliseconds: number;
  /** Runs SQL directly on the store's database (bound `$1`, `$2`, ... parameters), for benchmarks and diagnostics. */
  sql(text: string, values?: readonly SqlValue[]): Promise<SqlRow[]>;
  /** Lends one of the store's own DuckDB connections, so that a benchmark can time plain SQL beside the store. */
  withConnection<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T>;
}

/** Fact rows a data set of these options will hold, estimated without building it (within about 1 %). */
export function estimateFactRows(options: Partial<DataOptions> = {}): number {
  const resolved = resolveDataOptions(options);
  return expectedFactRows(buildCombinations(buildCatalog(resolved.seed, resolved.scale), resolved.days), resolved.days);
}

/** Reads each filterable column's ENUM values in DuckDB's own order, so positions match `enum_code`. */
async function loadEnumCodes(database: Database): Promise<EnumCodes> {
  const byColumn = new Map<string, Map<string, number>>();
  for (const column of new Set(Object.values(FILTER_COLUMNS))) {
    const [row] = await database.query(`SELECT enum_range(NULL::${ENUM_TYPE_OF_COLUMN[column]})::VARCHAR[] AS members`);
    const members = (row?.members ?? []) as string[];
    byColumn.set(column, new Map(members.map((member, position) => [member, position])));
  }
  return (column, value) => byColumn.get(column)?.get(value);
}

export async function createStore(options: Partial<DataOptions> = {}): Promise<DuckDbReportingStore> {
  const started = performance.now();
  const resolved = resolveDataOptions(options);
  const database = await Database.open();
  try {
    const loaded = await loadDemoData(database, resolved);
    await database.execute(PRESENCE_TABLE);
    const presentAdUnits = new Set(
      (await database.query("SELECT DISTINCT ad_unit_id::VARCHAR AS id FROM presence")).map((row) => String(row.id)),
    );
    const reference = new ReferenceLists(database, loaded.catalog, presentAdUnits);
    const codes = await loadEnumCodes(database);
    const legacyIds = new Map(loaded.catalog.assets.flatMap((asset) => asset.adUnits.map((unit) => [unit.id, unit.legacyId] as const)));
    const adUnitsOfApp = new Map(
      loaded.catalog.assets
        .filter((asset) => asset.appKey !== null)
        .map((asset) => [asset.appKey as number, asset.adUnits.map((unit) => unit.id).filter((id) => presentAdUnits.has(id))]),
    );

    const store: DuckDbReportingStore = {
      options: resolved,
      factRows: loaded.factRows,
      startMilliseconds: performance.now() - started,
      credentials: loaded.credentials,
      period: loaded.period,
      sql: (text, values = []) => database.query(text, values),
      withConnection: (work) => database.withConnection(({ connection }) => work(connection)),

      organizations: async (ids) => reference.organizations(ids),

      async stats(request: NarrowedStatsRequest): Promise<StatsAnswer> {
        const query = buildStatsQuery(request, codes);
        const rows = await database.query(query.sql, query.values);
        // The window count travels with the rows; a page past the end has none to carry it.
        const total =
          rows.length > 0 ? Number(rows[0]!.total) : Number((await database.query(query.countSql, query.countValues))[0]?.total ?? 0);
        return { stats: toStatsEntries(rows, query), total };
      },

      countries: (organizations) => reference.countries(organizations),
      formats: (organizations) => reference.distinct("format", organizations),
      integrationTypes: (organizations) => reference.distinct("integration_type", organizations),
      deviceTypes: (organizations) => reference.distinct("device_type", organizations),
      assetTypes: (organizations) => reference.distinct("asset_type", organizations),
      assets: (organizations) => reference.assets(organizations),
      applications: async (appKeys) => reference.applications(appKeys),

      async legacyStats({ appKeys, from, to, groupBy }): Promise<LegacyStatsAnswer> {
        const adUnitIds = [...new Set(appKeys)].flatMap((appKey) => adUnitsOfApp.get(appKey) ?? []);
        const query = buildLegacyQuery(adUnitIds, from, to, groupBy, codes);
        const rows = await database.query(query.sql, query.values);
        return toLegacyAnswer(rows, query, (id) => legacyIds.get(id) ?? id);
      },

      close: () => database.close(),
    };
    return store;
  } catch (error) {
    await database.close();
    throw error;
  }
}
