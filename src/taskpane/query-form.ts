import { GROUPS, METRICS, type DateGroup, type FilterName, type GroupName, type MetricName, type Option } from "../api";
import type { HeaderStyle } from "../core/arguments/options";
import type { StatsQueryModel } from "../core/formula-text";
import { addDays } from "../core/calendar";
import { PERIOD_WORDS, periodOfWord, type DateRange, type PeriodWord } from "../core/periods";
import { READABLE_GROUP_HEADERS, READABLE_METRIC_HEADERS } from "../core/rows/headers";
import { byId, el, optionElement } from "./dom";
import { OptionPicker } from "./option-picker";
import { OrderedList } from "./ordered-list";

export const PERIOD_LABELS: Record<PeriodWord, string> = {
  TODAY: "Today",
  YESTERDAY: "Yesterday",
  LAST_7_DAYS: "Last 7 days",
  LAST_30_DAYS: "Last 30 days",
  MTD: "Month to date",
  LAST_MONTH: "Last month",
  QTD: "Quarter to date",
  LAST_QUARTER: "Last quarter",
  YTD: "Year to date",
  LAST_YEAR: "Last year",
};

const CUSTOM = "CUSTOM";
const DEFAULT_METRICS: readonly MetricName[] = ["revenues", "impressions", "ecpm"];

/** The filters offered, in the order shown; each is filled from its reference route. */
export const PICKER_FILTERS = [
  ["organizations", "Organizations"],
  ["countries", "Countries"],
  ["formats", "Formats"],
  ["integration_types", "Integration types"],
  ["device_types", "Device types"],
  ["asset_types", "Asset types"],
  ["assets", "Assets"],
] as const satisfies readonly (readonly [FilterName, string])[];
export type PickerFilter = (typeof PICKER_FILTERS)[number][0];

export type ModelResult = { model: StatsQueryModel; period: DateRange } | { problem: string; field: HTMLElement };

function positiveInteger(input: HTMLInputElement): number | undefined | "invalid" {
  const text = input.value.trim();
  if (text === "") return undefined;
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 ? value : "invalid";
}

/**
 * The query form: reads the controls into a `StatsQueryModel` and tells listeners of every
 * change, so the formula text and the buttons follow what the user sees.
 */
export class QueryForm {
  readonly pickers: Record<PickerFilter, OptionPicker>;
  private readonly period = byId<HTMLSelectElement>("query-period");
  private readonly periodDates = byId("query-period-dates");
  private readonly customRange = byId("query-custom-range");
  private readonly from = byId<HTMLInputElement>("query-from");
  private readonly to = byId<HTMLInputElement>("query-to");
  private readonly metrics = byId("query-metrics");
  private readonly groups = new OrderedList(byId<HTMLOListElement>("query-groups"));
  private readonly groupAdd = byId<HTMLSelectElement>("query-group-add");
  private readonly dateOptions = byId("query-date-options");
  private readonly dateGroup = byId<HTMLSelectElement>("query-date-group");
  private readonly dateGroupLimit = byId<HTMLInputElement>("query-date-group-limit");
  private readonly orders = new OrderedList(byId<HTMLOListElement>("query-orders"));
  private readonly orderField = byId<HTMLSelectElement>("query-order-field");
  private readonly orderDirection = byId<HTMLSelectElement>("query-order-direction");
  private readonly limit = byId<HTMLInputElement>("query-limit");
  private readonly headers = byId<HTMLSelectElement>("query-headers");
  private readonly pinProfile = byId<HTMLInputElement>("query-pin-profile");
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly today: () => string,
    private readonly activeProfileName: () => string | undefined,
  ) {
    for (const word of PERIOD_WORDS) this.period.append(optionElement(word, PERIOD_LABELS[word]));
    this.period.append(optionElement(CUSTOM, "Custom range…"));
    this.period.value = "LAST_30_DAYS";

    for (const metric of METRICS) {
      const id = `query-metric-${metric}`;
      const box = el("input", { attrs: { type: "checkbox", id, value: metric, name: "metric" } });
      box.checked = DEFAULT_METRICS.includes(metric);
      this.metrics.append(el("label", { className: "choice", attrs: { for: id } }, [box, READABLE_METRIC_HEADERS[metric]]));
    }

    const filters = byId("query-filters");
    const pickers = {} as Record<PickerFilter, OptionPicker>;
    for (const [name, title] of PICKER_FILTERS) {
      const picker = new OptionPicker(name, title);
      picker.onChange(() => this.changed());
      filters.append(picker.element);
      pickers[name] = picker;
    }
    this.pickers = pickers;

    this.groups.set([{ value: "date", label: READABLE_GROUP_HEADERS.date }]);
    this.groups.onChange(() => {
      this.refreshGroupChoices();
      this.orders.retain((item) => this.orderable().has(item.value.replace(/:desc$/, "")));
      this.changed();
    });
    this.orders.onChange(() => this.changed());
    byId("query-group-add-button").addEventListener("click", () => {
      const value = this.groupAdd.value as GroupName;
      if (!value) return;
      this.groups.add({ value, label: READABLE_GROUP_HEADERS[value] });
      this.groupAdd.focus();
    });
    byId("query-order-add").addEventListener("click", () => {
      const field = this.orderField.value;
      if (!field) return;
      const descending = this.orderDirection.value === "desc";
      this.orders.retain((item) => item.value.replace(/:desc$/, "") !== field);
      this.orders.add({
        value: descending ? `${field}:desc` : field,
        label: `${this.labelOf(field)}, ${descending ? "descending" : "ascending"}`,
      });
    });

    const form = byId<HTMLFormElement>("query-form");
    form.addEventListener("change", () => this.changed());
    form.addEventListener("input", () => this.changed());
    this.refreshGroupChoices();
    this.changed();
  }

  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  /** Tells the form that the active profile changed (the pinned name follows it). */
  profileChanged(): void {
    this.changed();
  }

  /** Sets the date pickers' bounds to the period the service has statistics for. */
  setAvailablePeriod(period: DateRange | undefined): void {
    for (const input of [this.from, this.to]) {
      input.min = period?.from ?? "";
      input.max = period?.to ?? "";
    }
    if (!period) return;
    // A custom range starts as the last 30 days the service has, ready to adjust.
    if (!this.to.value) this.to.value = period.to;
    if (!this.from.value) {
      const monthBefore = addDays(period.to, -29);
      this.from.value = monthBefore < period.from ? period.from : monthBefore;
    }
  }

  setFilterOptions(filter: PickerFilter, options: readonly Option[]): void {
    this.pickers[filter].setOptions(options);
  }

  setFilterUnavailable(filter: PickerFilter, message: string): void {
    this.pickers[filter].setMessage(message);
  }

  /** The query as the user set it up, or the first problem and the control to fix. */
  read(): ModelResult {
    const periodChoice = this.period.value;
    let period: DateRange;
    let modelPeriod: StatsQueryModel["period"];
    if (periodChoice === CUSTOM) {
      if (!this.from.value) return { problem: "Choose the first day of the custom range.", field: this.from };
      if (!this.to.value) return { problem: "Choose the last day of the custom range.", field: this.to };
      if (this.to.value < this.from.value) return { problem: "The last day comes before the first day: swap them.", field: this.to };
      period = { from: this.from.value, to: this.to.value };
      modelPeriod = period;
    } else {
      const word = periodChoice as PeriodWord;
      period = periodOfWord(word, this.today());
      modelPeriod = { word };
    }
    const metrics = METRICS.filter(
      (metric) => this.metrics.querySelector<HTMLInputElement>(`input[value="${metric}"]`)?.checked,
    );
    if (metrics.length === 0) {
      return { problem: "Choose at least one metric.", field: this.metrics.querySelector("input") ?? this.metrics };
    }
    const groups = this.groups.values() as GroupName[];
    const limit = positiveInteger(this.limit);
    if (limit === "invalid") return { problem: "Maximum rows must be a whole number, 1 or more, or empty for all.", field: this.limit };
    const hasDate = groups.includes("date");
    const dateGroupLimit = hasDate ? positiveInteger(this.dateGroupLimit) : undefined;
    if (dateGroupLimit === "invalid") {
      return { problem: "Most recent periods must be a whole number, 1 or more, or empty for all.", field: this.dateGroupLimit };
    }
    const filters: Partial<Record<FilterName, string[]>> = {};
    for (const [name] of PICKER_FILTERS) {
      const values = this.pickers[name].values();
      if (values.length > 0) filters[name] = values;
    }
    return {
      period,
      model: {
        period: modelPeriod,
        groups,
        // Every metric in the service's order is what an empty list means; say so explicitly
        // only when the user picked fewer.
        metrics: metrics.length === METRICS.length ? [] : metrics,
        filters,
        orders: this.orders.values(),
        dateGroup: hasDate ? (this.dateGroup.value as DateGroup) : undefined,
        dateGroupLimit,
        limit,
        headers: this.headers.value as HeaderStyle,
        profile: this.pinProfile.checked ? this.activeProfileName() : undefined,
      },
    };
  }

  private orderable(): Set<string> {
    return new Set<string>([...this.groups.values(), ...METRICS]);
  }

  private labelOf(field: string): string {
    return (READABLE_GROUP_HEADERS as Record<string, string>)[field] ?? (READABLE_METRIC_HEADERS as Record<string, string>)[field] ?? field;
  }

  private refreshGroupChoices(): void {
    const chosen = new Set(this.groups.values());
    this.groupAdd.replaceChildren(
      ...GROUPS.filter((group) => !chosen.has(group)).map((group) => optionElement(group, READABLE_GROUP_HEADERS[group])),
    );
    this.orderField.replaceChildren(
      ...[...this.groups.values(), ...METRICS].map((field) => optionElement(field, this.labelOf(field))),
    );
    this.dateOptions.hidden = !chosen.has("date");
  }

  private changed(): void {
    const custom = this.period.value === CUSTOM;
    this.customRange.hidden = !custom;
    if (!custom) {
      const range = periodOfWord(this.period.value as PeriodWord, this.today());
      this.periodDates.textContent = range.from === range.to ? `${range.from}` : `${range.from} to ${range.to}`;
    } else {
      this.periodDates.textContent = "Both days included.";
    }
    for (const listener of this.listeners) listener();
  }
}
