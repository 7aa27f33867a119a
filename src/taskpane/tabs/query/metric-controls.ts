import { METRICS, type MetricName } from "../../../api";
import { READABLE_METRIC_HEADERS } from "../../../core/rows/headers";
import { AddList, notChosen, type AddListElements } from "../../widgets/add-list";

/** Metrics: the ordered list of metrics (one column each, in this order), and the select with Add offering the others. */
export function metricControls(elements: AddListElements): AddList<MetricName> {
  return new AddList(elements, {
    label: (metric) => READABLE_METRIC_HEADERS[metric],
    choices: (chosen) => notChosen(METRICS, chosen),
    // A query has at most every metric once: with all of them chosen, there is nothing to add.
    disableWhenNone: true,
  });
}
