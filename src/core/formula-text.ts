import type { DateGroup, FilterName, GroupName, MetricName } from "../api";
import { FILTER_NAMES } from "../api";
import type { LegacyArguments } from "./arguments/legacy-query";
import type { StatsArguments } from "./arguments/stats-query";
import type { LegacyFunctionGroup } from "./legacy/group-by";
import type { HeaderStyle } from "./arguments/options";
import type { CompareMode } from "./compare/compare-mode";
import type { FunctionNamespace } from "./formula-namespace";
import type { PeriodWord } from "./periods";

/**
 * The query a user builds in the task pane, and the `=REPORTING.STATS(...)` text that asks
 * for the same numbers. The formula's arguments are also what the preview passes to the
 * shared `stats` function, so the pane and the formula cannot disagree.
 */

export type QueryPeriod = { word: PeriodWord } | { from: string; to: string };

export interface StatsQueryModel {
  period: QueryPeriod;
  /** In the order the user chose; the spill has one column per group in this order. */
  groups: readonly GroupName[];
  /** Empty means every metric (the service's default). */
  metrics: readonly MetricName[];
  filters: Partial<Record<FilterName, readonly string[] | undefined>>;
  /** Entries such as `revenues:desc`. */
  orders: readonly string[];
  dateGroup?: DateGroup | undefined;
  dateGroupLimit?: number | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
  headers?: HeaderStyle | undefined;
  /** Pins the formula to a profile; left out, the formula follows the active profile. */
  profile?: string | undefined;
  /** How long an answer is reused (`cache=`); left out, the functions' default. */
  cacheSeconds?: number | undefined;
  /** Adds the comparison's value, the change and the change % after each metric (`compare=`). */
  compare?: CompareMode | undefined;
}

/** The seven arguments of `REPORTING.STATS` in order, `undefined` where left empty. */
export type FormulaArgumentList = [
  from: string,
  to: string | undefined,
  groups: string | undefined,
  metrics: string | undefined,
  filters: string | undefined,
  orders: string | undefined,
  options: string | undefined,
];

/** Excel refuses formulas longer than this many characters. */
export const EXCEL_FORMULA_MAX_LENGTH = 8192;

function list(values: readonly string[]): string | undefined {
  return values.length === 0 ? undefined : values.join(",");
}

function filtersText(filters: StatsQueryModel["filters"]): string | undefined {
  const parts: string[] = [];
  // A fixed order keeps the text stable however the user clicked the pickers.
  for (const name of FILTER_NAMES) {
    const values = filters[name];
    if (values && values.length > 0) parts.push(`${name}=${values.join(",")}`);
  }
  return parts.length === 0 ? undefined : parts.join("; ");
}

function optionsText(model: StatsQueryModel): string | undefined {
  const parts: string[] = [];
  if (model.dateGroup && model.dateGroup !== "day") parts.push(`date_group=${model.dateGroup}`);
  if (model.dateGroupLimit !== undefined) parts.push(`date_group_limit=${model.dateGroupLimit}`);
  if (model.limit !== undefined) parts.push(`limit=${model.limit}`);
  if (model.offset !== undefined && model.offset > 0) parts.push(`offset=${model.offset}`);
  if (model.headers && model.headers !== "readable") parts.push(`headers=${model.headers}`);
  if (model.profile) parts.push(`profile=${model.profile}`);
  if (model.cacheSeconds !== undefined) parts.push(`cache=${model.cacheSeconds}`);
  if (model.compare) parts.push(`compare=${model.compare}`);
  return parts.length === 0 ? undefined : parts.join("; ");
}

export function formulaArgumentList(model: StatsQueryModel): FormulaArgumentList {
  const period = model.period;
  const [from, to] = "word" in period ? [period.word, undefined] : [period.from, period.to];
  return [
    from,
    to,
    list(model.groups),
    list(model.metrics),
    filtersText(model.filters),
    list(model.orders),
    optionsText(model),
  ];
}

/** The same arguments as the formula passes them, for the shared `stats` function and parser. */
export function statsArgumentsOf(model: StatsQueryModel): StatsArguments {
  const [from, to, groups, metrics, filters, orders, options] = formulaArgumentList(model);
  return { from, to, groups, metrics, filters, orders, options };
}

/** A text argument as Excel reads it: in double quotes, inner quotes doubled. */
export function quoteFormulaText(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** Empty arguments in the middle stay as bare commas, trailing ones are dropped. */
function formulaCall(name: string, args: readonly (string | undefined)[]): string {
  let last = args.length - 1;
  while (last > 0 && args[last] === undefined) last -= 1;
  const written = args.slice(0, last + 1).map((arg) => (arg === undefined ? "" : quoteFormulaText(arg)));
  return `=${name}(${written.join(",")})`;
}

/** `=REPORTING.STATS("LAST_30_DAYS",,"date,country","revenues","countries=FR,DE")`, under `namespace`. */
export function statsFormula(model: StatsQueryModel, namespace: FunctionNamespace): string {
  return formulaCall(`${namespace}.STATS`, formulaArgumentList(model));
}

/** A LEGACY.STATS query as built in the pane's Legacy tab. */
export interface LegacyQueryModel {
  period: QueryPeriod;
  /** Nested in this order; ad_unit_type, ad_unit_name and application are regrouped by the add-in. */
  groupBy: readonly LegacyFunctionGroup[];
  headers?: HeaderStyle | undefined;
  profile?: string | undefined;
  /** How long an answer is reused (`cache=`); left out, the functions' default. */
  cacheSeconds?: number | undefined;
}

function legacyArgumentList(
  model: LegacyQueryModel,
): [string, string | undefined, string | undefined, string | undefined] {
  const period = model.period;
  const [from, to] = "word" in period ? [period.word, undefined] : [period.from, period.to];
  const options: string[] = [];
  if (model.headers && model.headers !== "readable") options.push(`headers=${model.headers}`);
  if (model.profile) options.push(`profile=${model.profile}`);
  if (model.cacheSeconds !== undefined) options.push(`cache=${model.cacheSeconds}`);
  return [from, to, list(model.groupBy), options.length === 0 ? undefined : options.join("; ")];
}

export function legacyArgumentsOf(model: LegacyQueryModel): LegacyArguments {
  const [from, to, groupBy, options] = legacyArgumentList(model);
  return { from, to, groupBy, options };
}

/** `=REPORTING.LEGACY.STATS("2025-01-01","2025-01-31","day,ad_unit_type")`, under `namespace`. */
export function legacyStatsFormula(model: LegacyQueryModel, namespace: FunctionNamespace): string {
  return formulaCall(`${namespace}.LEGACY.STATS`, legacyArgumentList(model));
}

/** Plain words when the formula would be too long for Excel, otherwise `undefined`. */
export function formulaProblem(formula: string): string | undefined {
  if (formula.length <= EXCEL_FORMULA_MAX_LENGTH) return undefined;
  return (
    `This formula would be ${formula.length} characters long and Excel accepts at most ` +
    `${EXCEL_FORMULA_MAX_LENGTH}. Pick fewer filter values, or use "Insert as table".`
  );
}
