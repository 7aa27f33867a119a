import { METRICS, type MetricName } from "../../../api";

/**
 * The metrics of a query in the analyst's order, as the formula and the form hold them. The
 * formula's empty metrics= means every metric in the service's order: the form says so only for
 * exactly that choice, and names the metrics for any other order, so that the columns come as
 * the analyst lined them up.
 */
export function formulaMetrics(chosen: readonly MetricName[]): MetricName[] {
  const inServiceOrder = chosen.length === METRICS.length && chosen.every((metric, index) => metric === METRICS[index]);
  return inServiceOrder ? [] : [...chosen];
}

/** The metrics the form lists for a formula's metrics=, in its order: every metric for none. */
export function shownMetrics(metrics: readonly MetricName[]): MetricName[] {
  return metrics.length === 0 ? [...METRICS] : [...metrics];
}
