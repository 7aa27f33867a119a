import { METRICS, statsRequest, type MetricName } from "../../api";
import type { CellInput } from "../cell-values";
import type { DateRange, Today } from "../periods";
import { ArgumentError } from "./argument-error";
import { readPeriod } from "./dates";
import { readFilters, type FilterValues } from "./filters";
import { readListItems } from "./list-text";
import { readMetricNames } from "./names";
import { readOptions, type OptionName } from "./options";
import { argumentErrorOfIssues } from "./request-issues";

/** One REPORTING.VALUE call: one metric over one period, narrowed by filters. */
export interface ValueQuery {
  metric: MetricName;
  period: DateRange;
  filters: FilterValues;
  profile?: string;
  cacheSeconds?: number;
}

export interface ValueArguments {
  metric: CellInput;
  from: CellInput;
  to: CellInput;
  filters?: CellInput;
  options?: CellInput;
}

export const VALUE_OPTIONS: readonly OptionName[] = ["profile", "cache"];

export function readValueQuery(args: ValueArguments, today: Today): ValueQuery {
  const metrics = readMetricNames(readListItems(args.metric), "metric");
  const metric = metrics[0];
  if (metric === undefined || metrics.length > 1) {
    throw new ArgumentError("metric", `give exactly one of: ${METRICS.join(", ")}`);
  }
  const period = readPeriod(args.from, args.to, today);
  const filters = readFilters(args.filters);
  const options = readOptions(args.options, VALUE_OPTIONS, "VALUE");
  // Each call is checked alone, so that one wrong cell cannot fail the batch it joins.
  const candidate = { filters: { ...period, ...filters } };
  const checked = statsRequest.safeParse(candidate);
  if (!checked.success) throw argumentErrorOfIssues(checked.error.issues, candidate);
  return {
    metric,
    period,
    filters,
    ...(options.profile !== undefined ? { profile: options.profile } : {}),
    ...(options.cacheSeconds !== undefined ? { cacheSeconds: options.cacheSeconds } : {}),
  };
}
