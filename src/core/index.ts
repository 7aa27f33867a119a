/** The pure logic of the REPORTING functions: what src/functions and src/office build on. */
export { createReportingFunctions, DEFAULT_CACHE_TTL_MS, type ReportingFunctions, type ReportingFunctionsDependencies } from "./reporting-functions";
export type { Connect, LegacySource, ReportingConnection, SourceCallOptions, StatsSource } from "./data-sources";
export { MissingCredentialsError, type MissingCredentialsInit } from "./missing-credentials";
export { toCellError, MAX_CELL_ERROR_MESSAGE, type CellError, type CellErrorCode } from "./cell-errors";
export type { CellInput, CellRange, CellValue, SpillCell, SpillRows } from "./cell-values";
export type { SpillTable } from "./rows/spill-table";
export { ArgumentError } from "./arguments/argument-error";
export { readStatsQuery, STATS_OPTIONS, type StatsArguments, type StatsQuery } from "./arguments/stats-query";
export { readValueQuery, type ValueQuery } from "./arguments/value-query";
export { readLegacyQuery, type LegacyQuery } from "./arguments/legacy-query";
export { HEADER_STYLES, type HeaderStyle } from "./arguments/options";
export type { FilterValues } from "./arguments/filters";
export { PERIOD_WORDS, localToday, normalisePeriodWord, periodOfWord, type DateRange, type PeriodWord, type Today } from "./periods";
export {
  excelSerialFromIsoDate,
  isoDateFromExcelSerial,
  isoDateOfGroupDate,
  excelSerialOfGroupDate,
  isExcelDateSerial,
} from "./excel-dates";
export { statsRows } from "./rows/stats-rows";
export { READABLE_GROUP_HEADERS, READABLE_METRIC_HEADERS } from "./rows/headers";
export { limitSpill, DEFAULT_SPILL_BUDGET_BYTES, omittedRowsMessage } from "./spill-limit";
export { QueryCache, type QueryCacheOptions, type CacheCallOptions } from "./query-cache";
export { ValueBatcher, batchRequest, defaultScheduler, type Scheduler, type ValueCall } from "./value-batcher";
export { LEGACY_FUNCTION_GROUPS, type LegacyFunctionGroup } from "./legacy/group-by";
