import { FILTER_NAMES, GROUP_OF_FILTER, METRICS, type GroupName, type MetricName } from "../../api";
import { ReportingError } from "../../client/errors";
import type { QueryPeriod, StatsQueryModel } from "../formula-text";
import { valuesClause } from "./odata-text";

/**
 * A query of the pane as a request to the add-in server's OData feed (`/odata/Stats`): the
 * groups and metrics as `$select`, the filters as `$filter` clauses (`eq`/`in` within one
 * dimension, `and` across), the sort as `$orderby`, limit and offset as `$top` and `$skip`.
 * The period stays apart: a period word becomes date arithmetic in M, fixed days literals.
 */
export interface FeedRequest {
  period: QueryPeriod;
  groups: readonly GroupName[];
  metrics: readonly MetricName[];
  /** The filters' clauses, without the dates. */
  clauses: readonly string[];
  orderby: readonly string[];
  top?: number;
  skip?: number;
}

export const FEED_ENTITY_SET = "Stats";

/** A query the feed cannot answer as built, with what to change in the form. */
export class PowerQueryRefusal extends ReportingError {
  constructor(userMessage: string) {
    super({ code: "power_query_unsupported", kind: "input", userMessage, retryable: false });
    this.name = "PowerQueryRefusal";
  }
}

/** The request for `model`; throws a PowerQueryRefusal for what the feed has no way to ask. */
export function feedRequestOf(model: StatsQueryModel): FeedRequest {
  if (model.compare)
    throw new PowerQueryRefusal(
      "Power Query cannot compare periods: set Compare with to Nothing, then choose Open in Power Query again.",
    );
  if (model.dateGroup && model.dateGroup !== "day") {
    throw new PowerQueryRefusal(
      "Power Query gets one row per day: set Dates by to Day, then choose Open in Power Query again. In Excel, a PivotTable can group the days by week or month.",
    );
  }
  if (model.dateGroupLimit !== undefined) {
    throw new PowerQueryRefusal(
      "Power Query gets every day of the period: empty Most recent periods only (Advanced), or choose a shorter period, then try again.",
    );
  }
  const clauses: string[] = [];
  for (const name of FILTER_NAMES) {
    const values = model.filters[name];
    if (values && values.length > 0) clauses.push(valuesClause(GROUP_OF_FILTER[name], values));
  }
  return {
    period: model.period,
    groups: model.groups,
    metrics: model.metrics.length > 0 ? model.metrics : METRICS,
    clauses,
    orderby: model.orders.map((order) => order.replace(/:desc$/, " desc")),
    ...(model.limit !== undefined ? { top: model.limit } : {}),
    ...(model.offset !== undefined && model.offset > 0 ? { skip: model.offset } : {}),
  };
}
