import type { MetricName, StatsRequest } from "../../api";
import type { CompareMode } from "./compare-mode";
import { comparisonPeriod } from "./comparison-period";

/**
 * The one extra /stats request a compared query sends: the same filters, groups, date grouping
 * and orders over the comparison period. It has no limit, offset or date_group_limit: the rows to
 * compare with are found by group, not by place in a page, so it asks for all of them. When eCPM
 * is asked, revenues and impressions come too, since the comparison's eCPM is recomputed from
 * them (a 29 February folded into 28 February would otherwise need an average of two eCPMs).
 */
export function comparisonRequest(request: StatsRequest, mode: CompareMode): StatsRequest {
  const { limit: _limit, offset: _offset, date_group_limit: _dateGroupLimit, filters, ...rest } = request;
  const compared: StatsRequest = { ...rest, filters: { ...filters, ...comparisonPeriod(filters, mode) } };
  if (request.metrics?.includes("ecpm")) {
    const needed: MetricName[] = ["revenues", "impressions"].filter(
      (metric) => !request.metrics!.includes(metric as MetricName),
    ) as MetricName[];
    compared.metrics = [...request.metrics, ...needed];
  }
  return compared;
}

/** True when the query cuts its rows (limit, offset or date_group_limit): then rows found only in the comparison are left out. */
export function cutsRows(request: StatsRequest): boolean {
  const limitsDates = request.date_group_limit !== undefined && (request.groups ?? []).includes("date");
  return request.limit !== undefined || (request.offset !== undefined && request.offset > 0) || limitsDates;
}
