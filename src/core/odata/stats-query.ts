import { SERVICE_LIMITS } from "../../api/routes";
import { MAX_ROW_COUNT } from "../../api/primitives";
import {
  GROUP_OF_FILTER,
  statsRequest,
  type FilterName,
  type GroupName,
  type MetricName,
  type StatsFilters,
  type StatsRequest,
} from "../../api/stats-request";
import { daysIncluded } from "../calendar";
import { readApply } from "./apply-read";
import {
  FEED_PAGE_SIZE,
  isDimension,
  isMetric,
  STATS_DIMENSIONS,
  STATS_KEY,
  STATS_METRICS,
  type StatsColumn,
  type StatsProperty,
} from "./feed-model";
import { readFilter, type FeedFilter } from "./filter-read";
import type { QueryOptions } from "./query-options";
import { FeedRefusal } from "./refusal";
import { readOrderBy, readSelect } from "./select-read";
import { PERIOD_EXAMPLE, readPeriod, readRowsWindow, repeated, type RowsWindow } from "./shared-options";

/** A `Stats` request of the feed, as the service will be asked for it. */
export interface FeedStatsQuery extends RowsWindow {
  /** The properties of each entity, in the order asked. */
  properties: StatsColumn[];
  /** The /stats request without its window (offset, limit): filters, groups, metrics, orders. */
  request: StatsRequest;
  /** Values to leave out, by filter: the service only keeps values, so they become the other values of its lists. */
  exclude: Partial<Record<FilterName, string[]>>;
}

export const FILTER_OF_GROUP = Object.fromEntries(
  Object.entries(GROUP_OF_FILTER).map(([filter, group]) => [group, filter]),
) as Record<Exclude<GroupName, "date">, FilterName>;

function checkedName(option: string, name: string): StatsProperty {
  if (isDimension(name) || isMetric(name)) return name;
  if (name === STATS_KEY)
    throw new FeedRefusal(
      option,
      `${STATS_KEY} is the key each entity carries, made of its dimensions: name the dimensions themselves here.`,
    );
  throw new FeedRefusal(
    option,
    `Stats has no property ${name.slice(0, 60)}: use ${[STATS_KEY, ...STATS_DIMENSIONS, ...STATS_METRICS].join(", ")}.`,
  );
}

/** The columns asked for: $apply's groupby and sums, or $select's names, or every property. */
function readColumns(options: QueryOptions["system"]): StatsColumn[] {
  const apply = readApply(options.$apply);
  if (apply && options.$select !== undefined)
    throw new FeedRefusal("$select", "give the columns either in $select or in $apply, not both.");
  if (apply) {
    const groups = apply.groupBy.map((name) => checkedName("$apply", name));
    const metric = groups.find(isMetric);
    if (metric)
      throw new FeedRefusal("$apply", `${metric} is a metric: sum it in aggregate(...), group by dimensions only.`);
    const sums = apply.aggregate.map((name) => checkedName("$apply", name));
    const dimension = sums.find(isDimension);
    if (dimension)
      throw new FeedRefusal("$apply", `${dimension} is a dimension: group by it in groupby((...)), sum metrics only.`);
    if (sums.includes("ecpm"))
      throw new FeedRefusal(
        "$apply",
        "eCPM is never summed: select ecpm in $select instead, and the feed recomputes it from revenues and impressions.",
      );
    return [...groups, ...sums];
  }
  const selected = readSelect(options.$select);
  if (selected === undefined || selected === "all") return [STATS_KEY, ...STATS_DIMENSIONS, ...STATS_METRICS];
  return selected.map((name) => (name === STATS_KEY ? STATS_KEY : checkedName("$select", name)));
}

function periodOf(filter: FeedFilter): { from: string; to: string } {
  const { from, to } = readPeriod(filter, (missing) => `Stats needs ${missing}: add ${PERIOD_EXAMPLE} to $filter.`);
  const days = daysIncluded(from, to);
  if (days > SERVICE_LIMITS.maxPeriodDays) {
    throw new FeedRefusal(
      "$filter",
      `the period from ${from} to ${to} covers ${days} days, more than the ${SERVICE_LIMITS.maxPeriodDays} the Reporting service answers at once: ask for a shorter period and append the results.`,
      { code: "period_too_long" },
    );
  }
  return { from, to };
}

/** The option a /stats validation problem belongs to, from the path zod reports. */
function optionOfPath(path: readonly PropertyKey[]): string {
  const head = String(path[0] ?? "");
  if (head === "filters") return "$filter";
  if (head === "orders") return "$orderby";
  return "$select";
}

/**
 * The /stats request a `Stats` query stands for. One entity per combination of the dimensions
 * asked; eCPM is asked with revenues and impressions, from which the feed recomputes it. The
 * orders always end with every dimension asked, so that the pages of a listing come in the same
 * order however it is cut (OData leaves the order open without $orderby; paging needs one).
 */
export function readStatsQuery(options: QueryOptions["system"]): FeedStatsQuery {
  const properties = readColumns(options);
  const twice = repeated(properties);
  if (twice)
    throw new FeedRefusal(
      options.$apply !== undefined ? "$apply" : "$select",
      `${twice} is named twice: name each property once.`,
    );
  const groups = properties.filter(isDimension);
  const shown = properties.filter(isMetric);
  const metrics: MetricName[] = shown.includes("ecpm")
    ? [...new Set<MetricName>([...shown, "revenues", "impressions"])]
    : shown;

  const orderBy = readOrderBy(options.$orderby);
  const orderTwice = repeated(orderBy.map((order) => order.name));
  if (orderTwice) throw new FeedRefusal("$orderby", `${orderTwice} is named twice: sort by each property once.`);
  for (const order of orderBy) {
    checkedName("$orderby", order.name);
    if (isDimension(order.name) && !groups.includes(order.name))
      throw new FeedRefusal(
        "$orderby",
        `sorts by ${order.name}, which is not among the columns asked: add it to $select, or sort by a column asked.`,
      );
  }
  const orders = [
    ...orderBy.map((order) => (order.descending ? `${order.name}:desc` : order.name)),
    ...groups.filter((group) => !orderBy.some((order) => order.name === group)),
  ];

  const filter = readFilter(options.$filter);
  const period = periodOf(filter);
  const filters: StatsFilters = { ...period };
  const exclude: FeedStatsQuery["exclude"] = {};
  for (const [group, values] of Object.entries(filter.include) as [Exclude<GroupName, "date">, string[]][])
    filters[FILTER_OF_GROUP[group]] = values as never;
  for (const [group, values] of Object.entries(filter.exclude) as [Exclude<GroupName, "date">, string[]][])
    exclude[FILTER_OF_GROUP[group]] = values;

  const request: StatsRequest = {
    filters,
    groups,
    ...(metrics.length > 0 ? { metrics } : {}),
    ...(orders.length > 0 ? { orders } : {}),
  };
  // The service's own rules (a country is two capitals, a UUID is a UUID...), said against the option.
  const checked = statsRequest.safeParse(request);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const where = issue.path.map(String).join(".");
    throw new FeedRefusal(optionOfPath(issue.path), `${where ? `${where} ` : ""}${issue.message}.`);
  }
  return {
    properties,
    request,
    exclude,
    ...readRowsWindow(options),
  };
}

/** The window of the service's rows this page reads, or undefined once $top rows were sent. */
export function pageWindow(
  query: FeedStatsQuery,
  pageSize = FEED_PAGE_SIZE,
): { offset: number; limit: number } | undefined {
  const left = query.top === undefined ? Number.POSITIVE_INFINITY : query.top - query.sent;
  if (left <= 0) return undefined;
  const offset = query.skip + query.sent;
  if (offset > MAX_ROW_COUNT) return undefined;
  return { offset, limit: Math.min(pageSize, left) };
}

/**
 * The filters with each left-out value turned into the other values of its list (`country ne
 * 'FR'` is every country the caller's organization has but FR), kept within any values the
 * filter also asks for. `valuesOf` reads the list of a filter (the service's reference lists).
 */
export async function withExclusions(
  query: FeedStatsQuery,
  valuesOf: (filter: FilterName) => Promise<string[]>,
): Promise<StatsRequest> {
  const filters: Record<string, unknown> = { ...query.request.filters };
  for (const [name, left] of Object.entries(query.exclude) as [FilterName, string[]][]) {
    const asked = filters[name] as string[] | undefined;
    const kept = (asked ?? (await valuesOf(name))).filter((value) => !left.includes(value));
    if (kept.length === 0)
      throw new FeedRefusal(
        "$filter",
        `leaving out ${left.length === 1 ? "this value" : "these values"} leaves no value of ${GROUP_OF_FILTER[name]}: no row could match.`,
      );
    filters[name] = kept;
  }
  return { ...query.request, filters: filters as StatsFilters };
}
