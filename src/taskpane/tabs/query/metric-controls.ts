import { METRICS, type MetricName } from "../../../api";
import { READABLE_METRIC_HEADERS } from "../../../core/rows/headers";
import { optionElement } from "../../widgets/dom";
import { OrderedList } from "../../widgets/ordered-list";

export interface MetricElements {
  /** The metrics chosen, in the order of their columns. */
  list: HTMLOListElement;
  /** The metrics not chosen yet. */
  add: HTMLSelectElement;
  addButton: HTMLButtonElement;
}

const entry = (metric: MetricName) => ({ value: metric, label: READABLE_METRIC_HEADERS[metric] });

/** Metrics: the ordered list of metrics (one column each, in this order), and the select with Add offering the others. */
export class MetricControls {
  private readonly list: OrderedList;

  constructor(private readonly elements: MetricElements) {
    this.list = new OrderedList(elements.list, { focusWhenEmpty: elements.add });
    this.list.onChange(() => this.showChoices());
    elements.addButton.addEventListener("click", () => {
      const value = elements.add.value as MetricName;
      if (!value) return;
      this.list.add(entry(value));
      // With every metric chosen, Add is disabled: the entry just added keeps the focus.
      if (elements.add.disabled) elements.list.querySelector<HTMLButtonElement>("li:last-child button:not(:disabled)")?.focus();
      else elements.add.focus();
    });
  }

  onChange(listener: () => void): void {
    this.list.onChange(listener);
  }

  values(): MetricName[] {
    return this.list.values() as MetricName[];
  }

  set(metrics: readonly MetricName[]): void {
    this.list.set(metrics.map(entry));
  }

  /** Where a keyboard user fixes "no metric": the Add list. */
  addControl(): HTMLSelectElement {
    return this.elements.add;
  }

  /** Offers the metrics not chosen; Add is disabled once every metric is in the list. */
  private showChoices(): void {
    const chosen = new Set(this.list.values());
    const left = METRICS.filter((metric) => !chosen.has(metric));
    this.elements.add.replaceChildren(...left.map((metric) => optionElement(metric, READABLE_METRIC_HEADERS[metric])));
    this.elements.add.disabled = left.length === 0;
    this.elements.addButton.disabled = left.length === 0;
  }
}
