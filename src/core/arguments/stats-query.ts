import { FIRST_DATE, statsRequest, type StatsRequest } from "../../api";
import type { CellInput } from "../cell-values";
import type { CompareMode } from "../compare/compare-mode";
import { comparisonPeriod } from "../compare/comparison-period";
import type { Today } from "../periods";
import { readPeriod } from "./dates";
import { readFilters } from "./filters";
import { ArgumentError } from "./argument-error";
import { readListItems } from "./list-text";
import { readGroupNames, readMetricNames, readOrderEntries } from "./names";
import { OPTION_NAMES, readOptions, type HeaderStyle, type OptionName } from "./options";
import { argumentErrorOfIssues } from "./request-issues";

/** A STATS call made ready to send: the request, and what shapes the answer on its way to cells. */
export interface StatsQuery {
  request: StatsRequest;
  headers: HeaderStyle;
  profile?: string;
  cacheSeconds?: number;
  /** Adds, after each metric, its value over the comparison period, the change and the change %. */
  compare?: CompareMode;
}

/** The arguments of REPORTING.STATS as Excel passes them (blank ones may be null or undefined). */
export interface StatsArguments {
  from: CellInput;
  to: CellInput;
  groups?: CellInput;
  metrics?: CellInput;
  filters?: CellInput;
  orders?: CellInput;
  options?: CellInput;
}

/** STATS reads every option there is. */
export const STATS_OPTIONS: readonly OptionName[] = OPTION_NAMES;

/** Reads and checks every argument; throws an ArgumentError naming the first one that is wrong. */
export function readStatsQuery(args: StatsArguments, today: Today): StatsQuery {
  const period = readPeriod(args.from, args.to, today);
  const groups = readGroupNames(readListItems(args.groups));
  const metrics = readMetricNames(readListItems(args.metrics));
  const orders = readOrderEntries(readListItems(args.orders));
  const filters = readFilters(args.filters);
  const options = readOptions(args.options, STATS_OPTIONS, "STATS");
  const candidate: Record<string, unknown> = { filters: { ...period, ...filters } };
  if (metrics.length > 0) candidate.metrics = metrics;
  if (groups.length > 0) candidate.groups = groups;
  if (orders.length > 0) candidate.orders = orders;
  for (const field of ["date_group", "date_group_limit", "offset", "limit"] as const) {
    if (options[field] !== undefined) candidate[field] = options[field];
  }
  const checked = statsRequest.safeParse(candidate);
  if (!checked.success) throw argumentErrorOfIssues(checked.error.issues, candidate);
  if (options.compare !== undefined) checkComparable(checked.data, options.compare);
  return {
    request: checked.data,
    headers: options.headers,
    ...(options.profile !== undefined ? { profile: options.profile } : {}),
    ...(options.cacheSeconds !== undefined ? { cacheSeconds: options.cacheSeconds } : {}),
    ...(options.compare !== undefined ? { compare: options.compare } : {}),
  };
}

/**
 * The comparison period must be days a request can name: a period in early 1900 has none before
 * it. The comparison request (comparison-request.ts) differs from the checked one only by its
 * days, which come earlier, so only its first day can fall outside what a request accepts.
 */
function checkComparable(request: StatsRequest, mode: CompareMode): void {
  const compared = comparisonPeriod(request.filters, mode);
  if (compared.from >= FIRST_DATE) return;
  throw new ArgumentError(
    "options",
    `compare=${mode} would compare with ${compared.from} to ${compared.to}, before ${FIRST_DATE}, the first day Excel can show. Use a later period, or leave compare out`,
  );
}
