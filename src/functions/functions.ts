// The REPORTING.* custom functions. Each one is a thin wrapper: the logic lives in src/core (through
// the page's one runtime, whose cache the task pane shares) and the Excel glue in src/office.
// The JSDoc below is the functions.json that Excel reads: every description and example shows
// in formula autocomplete. Parameters are `unknown` (metadata type "any") so that a text, a
// number and a date cell all work; lists, filters and options are `unknown[][]` (a matrix), so
// that a range works too: Excel then hands a typed text over as [["text"]].
import type { SpillTable } from "../core/rows/spill-table";
import { toCellInput } from "../office/cell-inputs";
import { numberCall, spillCall } from "../office/custom-function-calls";
import { pageRuntime } from "../office/page-runtime";

const reporting = pageRuntime().functions;

function referenceCall(
  invocation: CustomFunctions.CancelableInvocation,
  load: (options: ReturnType<typeof toCellInput>, signal: AbortSignal) => Promise<SpillTable>,
  options: unknown[][],
): Promise<unknown[][]> {
  return spillCall(invocation, (signal) => load(toCellInput(options), signal));
}

/**
 * Statistics for a period as a table: a header row, then one row per group combination (one column per group, then one per metric). Example: =REPORTING.STATS("LAST_30_DAYS",,"date","revenues,impressions")
 * @customfunction STATS
 * @param from First day: a date, a YYYY-MM-DD text, or a period word with to left empty: TODAY, YESTERDAY, LAST_7_DAYS, LAST_30_DAYS, MTD, LAST_MONTH, QTD, LAST_QUARTER, YTD, LAST_YEAR. Example: "2026-06-01", A1 or "LAST_MONTH"
 * @param [to] Last day, included: a date or a YYYY-MM-DD text; leave empty after a period word. Example: "2026-06-30" or B1
 * @param [groups] Columns to group by, as a text separated by commas or semicolons, or a range: date, organization, asset, asset_type, country, ad_unit, format, integration_type, device_types. Example: "date,country"
 * @param [metrics] Numbers to show (all four when empty): revenues, impressions, ecpm, requests. Example: "revenues;ecpm"
 * @param [filters] A text such as "countries=FR,DE; formats=interstitial", or a two-column range (filter name, values). Example: "countries=FR,DE"
 * @param [orders] Sort order, a name with :asc or :desc, as a text or a range. Example: "revenues:desc"
 * @param [options] A text such as "date_group=week; limit=500; offset=0; date_group_limit=3; headers=api; profile=Finance; cache=60". compare=previous_period or compare=previous_year adds, after each metric, its earlier value, the change and the change %. Example: "date_group=month; compare=previous_year"
 * @param invocation Supplied by Excel.
 * @returns The table that spills from the cell.
 */
export function stats(
  from: unknown,
  to: unknown,
  groups: unknown[][],
  metrics: unknown[][],
  filters: unknown[][],
  orders: unknown[][],
  options: unknown[][],
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return spillCall(invocation, (signal) =>
    reporting.stats(
      toCellInput(from),
      toCellInput(to),
      toCellInput(groups),
      toCellInput(metrics),
      toCellInput(filters),
      toCellInput(orders),
      toCellInput(options),
      signal,
    ),
  );
}

/**
 * One number for a period, for templates built cell by cell; cells that calculate together share one request. Example: =REPORTING.VALUE("revenues","LAST_MONTH",,"countries=FR")
 * @customfunction VALUE
 * @param metric The number to return: revenues, impressions, ecpm or requests. Example: "revenues"
 * @param from First day: a date, a YYYY-MM-DD text, or a period word with to left empty (TODAY, YESTERDAY, LAST_7_DAYS, LAST_30_DAYS, MTD, LAST_MONTH, QTD, LAST_QUARTER, YTD, LAST_YEAR). Example: "2026-06-01" or "MTD"
 * @param [to] Last day, included: a date or a YYYY-MM-DD text; leave empty after a period word. Example: "2026-06-30"
 * @param [filters] A text such as "countries=FR; formats=interstitial", or a two-column range (filter name, values). Example: "countries=FR"
 * @param [options] A text with profile= and cache= (seconds). Example: "profile=Finance"
 * @param invocation Supplied by Excel.
 * @returns The metric's total over the period and filters.
 */
export function value(
  metric: unknown,
  from: unknown,
  to: unknown,
  filters: unknown[][],
  options: unknown[][],
  invocation: CustomFunctions.CancelableInvocation,
): Promise<number> {
  return numberCall(invocation, (signal) =>
    reporting.value(
      toCellInput(metric),
      toCellInput(from),
      toCellInput(to),
      toCellInput(filters),
      toCellInput(options),
      signal,
    ),
  );
}

/**
 * Statistics from the legacy interface (API key and secret) as a table: one column per group_by level, then impressions, revenue, requests, ecpm. Example: =REPORTING.LEGACY.STATS("LAST_7_DAYS",,"day,country")
 * @customfunction LEGACY.STATS
 * @param from First day: a date, a YYYY-MM-DD text or a period word with to left empty; both empty for the service's default period. Example: "2026-06-01" or "LAST_7_DAYS"
 * @param to Last day, included; leave empty after a period word. Example: "2026-06-30"
 * @param group_by Levels in order, as a text or a range: month or day, ad_unit_id, country, ad_unit_type, ad_unit_name, application. Example: "day,ad_unit_type"
 * @param [options] A text with headers= (readable, api, none), profile= and cache= (seconds). Example: "headers=api"
 * @param invocation Supplied by Excel.
 * @returns The table that spills from the cell.
 */
export function legacyStats(
  from: unknown,
  to: unknown,
  group_by: unknown[][],
  options: unknown[][],
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return spillCall(invocation, (signal) =>
    reporting.legacyStats(toCellInput(from), toCellInput(to), toCellInput(group_by), toCellInput(options), signal),
  );
}

/**
 * Every application and ad unit the legacy API key sees: publisher, app key, name, bundle, platform, ad unit id, name and type. Example: =REPORTING.APPLICATIONS()
 * @customfunction APPLICATIONS
 * @param [options] A text with headers= (readable, api, none), profile= and cache= (seconds). Example: "headers=none"
 * @param invocation Supplied by Excel.
 * @returns One row per application and ad unit.
 */
export function applications(
  options: unknown[][],
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return referenceCall(invocation, reporting.applications, options);
}

/**
 * The countries to filter on: the code a filter takes, then the name. Example: =REPORTING.COUNTRIES()
 * @customfunction COUNTRIES
 * @param [options] A text with headers= (readable, api, none), profile= and cache= (seconds). Example: "profile=Finance"
 * @param invocation Supplied by Excel.
 * @returns One row per country.
 */
export function countries(
  options: unknown[][],
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return referenceCall(invocation, reporting.countries, options);
}

/**
 * The ad formats to filter on: the value a filter takes, then its label. Example: =REPORTING.FORMATS()
 * @customfunction FORMATS
 * @param [options] A text with headers= (readable, api, none), profile= and cache= (seconds). Example: "headers=api"
 * @param invocation Supplied by Excel.
 * @returns One row per format.
 */
export function formats(options: unknown[][], invocation: CustomFunctions.CancelableInvocation): Promise<unknown[][]> {
  return referenceCall(invocation, reporting.formats, options);
}

/**
 * The integration types to filter on: the value a filter takes, then its label. Example: =REPORTING.INTEGRATION_TYPES()
 * @customfunction INTEGRATION_TYPES
 * @param [options] A text with headers= (readable, api, none), profile= and cache= (seconds). Example: "headers=none"
 * @param invocation Supplied by Excel.
 * @returns One row per integration type.
 */
export function integrationTypes(
  options: unknown[][],
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return referenceCall(invocation, reporting.integrationTypes, options);
}

/**
 * The device types to filter on: the value a filter takes, then its label. Example: =REPORTING.DEVICE_TYPES()
 * @customfunction DEVICE_TYPES
 * @param [options] A text with headers= (readable, api, none), profile= and cache= (seconds). Example: "headers=none"
 * @param invocation Supplied by Excel.
 * @returns One row per device type.
 */
export function deviceTypes(
  options: unknown[][],
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return referenceCall(invocation, reporting.deviceTypes, options);
}

/**
 * The asset types to filter on: the value a filter takes, then its label. Example: =REPORTING.ASSET_TYPES()
 * @customfunction ASSET_TYPES
 * @param [options] A text with headers= (readable, api, none), profile= and cache= (seconds). Example: "headers=none"
 * @param invocation Supplied by Excel.
 * @returns One row per asset type.
 */
export function assetTypes(
  options: unknown[][],
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  return referenceCall(invocation, reporting.assetTypes, options);
}

/**
 * The assets (apps and sites) the token sees, one row per ad unit: asset id, name, type, bundle, ad unit id and name. Example: =REPORTING.ASSETS()
 * @customfunction ASSETS
 * @param [options] A text with headers= (readable, api, none), profile= and cache= (seconds). Example: "profile=Finance"
 * @param invocation Supplied by Excel.
 * @returns One row per asset and ad unit.
 */
export function assets(options: unknown[][], invocation: CustomFunctions.CancelableInvocation): Promise<unknown[][]> {
  return referenceCall(invocation, reporting.assets, options);
}

/**
 * The first and last day that have statistics, as dates. Example: =REPORTING.DATES()
 * @customfunction DATES
 * @param [options] A text with headers= (readable, api, none), profile= and cache= (seconds). Example: "headers=none"
 * @param invocation Supplied by Excel.
 * @returns A From and a To column.
 */
export function dates(options: unknown[][], invocation: CustomFunctions.CancelableInvocation): Promise<unknown[][]> {
  return referenceCall(invocation, reporting.dates, options);
}

/**
 * The organizations the access token reaches: id, then name. Example: =REPORTING.DETAILS()
 * @customfunction DETAILS
 * @param [options] A text with headers= (readable, api, none), profile= and cache= (seconds). Example: "profile=Finance"
 * @param invocation Supplied by Excel.
 * @returns One row per organization.
 */
export function details(options: unknown[][], invocation: CustomFunctions.CancelableInvocation): Promise<unknown[][]> {
  return referenceCall(invocation, reporting.details, options);
}

/**
 * The version of the Ad Reporting add-in, to quote when asking for support. Example: =REPORTING.VERSION()
 * @customfunction VERSION
 * @returns The add-in's version, for example 0.1.0.
 */
export function version(): string {
  return process.env.REPORTING_ADDIN_VERSION ?? "development";
}
