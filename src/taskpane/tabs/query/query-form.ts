import { METRICS, type DateGroup, type FilterName, type MetricName, type Option } from "../../../api";
import type { HeaderStyle } from "../../../core/arguments/options";
import type { StatsQueryModel } from "../../../core/formula-text";
import { builderProblem } from "../../../core/builder-limits";
import type { DateRange, PeriodWord } from "../../../core/periods";
import { OptionPicker } from "../../widgets/option-picker";
import { PeriodField } from "../../widgets/period-field";
import { compareChoiceOf, withCompare } from "./compare-choice";
import {
  checkCacheSeconds,
  checkMaximumRows,
  checkMetricCount,
  checkRecentPeriods,
  checkSkippedRows,
  type Checked,
  type NumberText,
} from "./field-checks";
import type { FieldProblem } from "./field-messages";
import { advancedSettingsInUse } from "./advanced-settings";
import { groupControls } from "./group-controls";
import { formulaMetrics, shownMetrics } from "./metric-choice";
import { metricControls } from "./metric-controls";
import { SortControls } from "./sort-controls";
import { queryElements } from "./elements";

const DEFAULT_METRICS: readonly MetricName[] = ["impressions", "revenues", "ecpm"];

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

/** The period as chosen, even while another field has a problem; the range is missing while a custom one is wrong. */
export interface PeriodChoice {
  word?: PeriodWord;
  range?: DateRange;
}

/** What one reading of the form finds: the query (or the first problem), every problem, and the period. */
export interface FormState {
  result: ModelResult;
  /** Every field's problem, in the order of the form, for the messages next to the fields. */
  problems: FieldProblem[];
  period: PeriodChoice;
}

/** What a number box holds, telling apart "empty" and "typed something the browser cannot read" (such as "-"). */
function numberText(input: HTMLInputElement): NumberText {
  return input.validity.badInput ? "unreadable" : input.value;
}

/**
 * The query form: reads the controls into a `StatsQueryModel` and tells listeners of every
 * change, so the formula text and the buttons follow what the user sees. A change is read once
 * and handed to every listener: the checks do not run again for each of them.
 */
export class QueryForm {
  readonly pickers: Record<PickerFilter, OptionPicker>;
  private readonly period: PeriodField;
  private readonly metrics = metricControls({
    list: queryElements().metrics,
    add: queryElements().metricAdd,
    addButton: queryElements().metricAddButton,
  });
  private readonly groups = groupControls({
    list: queryElements().groups,
    add: queryElements().groupAdd,
    addButton: queryElements().groupAddButton,
    // Most recent periods sits under Advanced, away from Dates by.
    dateOptions: [queryElements().dateOptions, queryElements().dateGroupLimitField],
  });
  private readonly dateGroup = queryElements().dateGroup;
  private readonly dateGroupLimit = queryElements().dateGroupLimit;
  private readonly orders = new SortControls({
    list: queryElements().orders,
    field: queryElements().orderField,
    direction: queryElements().orderDirection,
    add: queryElements().orderAdd,
    pending: queryElements().orderPending,
  });
  private readonly metricsGroup = queryElements().metricsGroup;
  private readonly compare = queryElements().compare;
  private readonly limit = queryElements().limit;
  private readonly offset = queryElements().offset;
  private readonly cache = queryElements().cache;
  private readonly headers = queryElements().headers;
  private readonly pinProfile = queryElements().pinProfile;
  private readonly pinProfileHint = queryElements().pinProfileHint;
  private readonly pinProfileHintText = this.pinProfileHint.textContent ?? "";
  /** The profile a loaded formula names, kept until the user touches the pin: it may not be the active one. */
  private pinnedProfile: string | undefined;
  private readonly listeners = new Set<(state: FormState) => void>();

  constructor(
    today: () => string,
    private readonly activeProfileName: () => string | undefined,
  ) {
    this.period = new PeriodField(
      {
        choice: queryElements().period,
        customRange: queryElements().customRange,
        from: queryElements().from,
        to: queryElements().to,
        dates: queryElements().periodDates,
      },
      today,
    );

    this.metrics.set(DEFAULT_METRICS);
    this.metrics.onChange(() => this.changed());

    const filters = queryElements().filters;
    const pickers = {} as Record<PickerFilter, OptionPicker>;
    for (const [name, title] of PICKER_FILTERS) {
      const picker = new OptionPicker(name, title);
      picker.onChange(() => this.changed());
      filters.append(picker.element);
      pickers[name] = picker;
    }
    this.pickers = pickers;

    this.groups.set(["date"]);
    this.groups.onChange(() => {
      this.refreshGroupChoices();
      this.orders.retainOrderable();
      this.changed();
    });
    this.orders.onChange(() => this.changed());
    // Before the form hears the same event: the formula then names the profile as it now is.
    this.pinProfile.addEventListener("input", () => this.pinTo(undefined));

    // One event per change: a box or a list fires "input" and then "change" for the same choice,
    // and a typed number fires "change" again on leaving the box. The controls that change the
    // query by themselves are marked data-query-field in taskpane.html (a control left unmarked
    // would never update the formula: test/unit/taskpane/tabs/query/query-fields.test.ts checks
    // each one). The pickers and the metric, group and sort lists say their own changes (onChange
    // above); the selects that only prepare an Add and a picker's search box change nothing.
    queryElements().form.addEventListener("input", (event) => {
      if (event.target instanceof Element && event.target.closest("[data-query-field]")) this.changed();
    });
    this.refreshGroupChoices();
  }

  /** `listener` hears every change, with the form as it now reads. */
  onChange(listener: (state: FormState) => void): void {
    this.listeners.add(listener);
  }

  /** The form as it reads now (for listeners set up after a change). */
  state(): FormState {
    const { problems, model, period, choice } = this.inspect();
    const first = problems[0];
    return {
      result: first ? { problem: first.problem, field: first.focus } : { model: model!, period: period! },
      problems,
      period: choice,
    };
  }

  /** The profile the query is pinned to, even while another field is wrong; undefined for the active one. */
  pinnedProfileName(): string | undefined {
    return this.pinProfile.checked ? (this.pinnedProfile ?? this.activeProfileName()) : undefined;
  }

  /** Tells the form that the active profile changed (the pinned name follows it). */
  profileChanged(): void {
    this.changed();
  }

  /** Sets the date pickers' bounds to the period the service has statistics for. */
  setAvailablePeriod(period: DateRange | undefined): void {
    this.period.setBounds(period);
  }

  setFilterOptions(filter: PickerFilter, options: readonly Option[]): void {
    this.pickers[filter].setOptions(options);
  }

  setFilterLoading(filter: PickerFilter): void {
    this.pickers[filter].setLoading();
  }

  /** `retry` asks for the list again (the picker's Retry). */
  setFilterUnavailable(filter: PickerFilter, message: string, retry?: () => void): void {
    this.pickers[filter].setUnavailable(message, retry);
  }

  /** The query as the user set it up, or the first problem and the control to fix. */
  read(): ModelResult {
    return this.state().result;
  }

  private inspect(): { problems: FieldProblem[]; model?: StatsQueryModel; period?: DateRange; choice: PeriodChoice } {
    const problems: FieldProblem[] = [];
    const number = <Value>(input: HTMLInputElement, checked: Checked<Value>): Value | undefined => {
      if ("value" in checked) return checked.value;
      problems.push({ focus: input, marked: input, problem: checked.problem });
      return undefined;
    };

    const reading = this.period.read();
    let period: DateRange | undefined;
    let modelPeriod: StatsQueryModel["period"] | undefined;
    // The period chosen, for "data through": known even while another field is wrong.
    let choice: PeriodChoice = {};
    if ("problem" in reading) {
      const input = this.period.field(reading.field);
      problems.push({ focus: input, marked: input, problem: reading.problem });
    } else {
      period = reading.range;
      modelPeriod = reading.period;
      choice =
        "word" in reading.period ? { word: reading.period.word, range: reading.range } : { range: reading.range };
    }
    const metrics = this.metrics.values();
    const noMetric = checkMetricCount(metrics.length);
    if (noMetric) problems.push({ focus: this.metrics.addControl(), marked: this.metricsGroup, problem: noMetric });
    const groups = this.groups.values();
    const hasDate = groups.includes("date");
    const dateGroupLimit = hasDate
      ? number(this.dateGroupLimit, checkRecentPeriods(numberText(this.dateGroupLimit)))
      : undefined;
    const limit = number(this.limit, checkMaximumRows(numberText(this.limit)));
    const offset = number(this.offset, checkSkippedRows(numberText(this.offset)));
    const cacheSeconds = number(this.cache, checkCacheSeconds(numberText(this.cache)));
    if (problems.length > 0 || !period || !modelPeriod) return { problems, choice };

    const filters: Partial<Record<FilterName, string[]>> = {};
    for (const [name] of PICKER_FILTERS) {
      const values = this.pickers[name].values();
      if (values.length > 0) filters[name] = values;
    }
    const model: StatsQueryModel = {
      period: modelPeriod,
      groups,
      metrics: formulaMetrics(metrics),
      filters,
      orders: this.orders.values(),
      dateGroup: hasDate ? (this.dateGroup.value as DateGroup) : undefined,
      dateGroupLimit,
      limit,
      offset,
      headers: this.headers.value as HeaderStyle,
      profile: this.pinnedProfileName(),
      cacheSeconds,
    };
    return { problems, period, choice, model: withCompare(model, compareChoiceOf(this.compare.value)) };
  }

  /**
   * Shows `model` in the form, as "Edit selected formula" (or a stored query) needs: every control
   * set so that `read()` gives the same query back. A query the form cannot show whole (see
   * builderProblem; a filter value its picker does not offer) leaves the form untouched: the
   * problem is returned, in words for the user.
   */
  load(model: StatsQueryModel): string | undefined {
    const problem =
      builderProblem(
        model,
        PICKER_FILTERS.map(([name]) => name),
      ) ?? this.filterProblem(model);
    if (problem) return problem;
    this.period.set(model.period);
    this.metrics.set(shownMetrics(model.metrics));
    this.groups.set(model.groups);
    this.orders.set(model.orders);
    this.dateGroup.value = model.dateGroup ?? "day";
    this.dateGroupLimit.value = model.dateGroupLimit === undefined ? "" : String(model.dateGroupLimit);
    this.limit.value = model.limit === undefined ? "" : String(model.limit);
    this.offset.value = model.offset ? String(model.offset) : "";
    this.cache.value = model.cacheSeconds === undefined ? "" : String(model.cacheSeconds);
    this.headers.value = model.headers ?? "readable";
    this.compare.value = model.compare ?? "";
    this.pinProfile.checked = Boolean(model.profile);
    this.pinTo(model.profile || undefined);
    if (advancedSettingsInUse(model)) queryElements().advanced.open = true;
    for (const [name] of PICKER_FILTERS) this.pickers[name].setSelected(model.filters[name] ?? []);
    this.changed();
    return undefined;
  }

  /** Why a filter of `model` cannot be shown: its picker has no list yet, or lacks a value. */
  private filterProblem(model: StatsQueryModel): string | undefined {
    for (const [name, title] of PICKER_FILTERS) {
      const values = model.filters[name] ?? [];
      if (values.length === 0) continue;
      const offered = new Set(this.pickers[name].offered().map((option) => option.value));
      if (offered.size === 0) {
        return `The list of ${title.toLowerCase()} is not loaded, so the builder cannot show this formula's filter on it. Try again once the list is shown.`;
      }
      const missing = values.filter((value) => !offered.has(value));
      if (missing.length > 0) {
        return (
          `The formula filters ${title.toLowerCase()} on ${missing.slice(0, 3).join(", ")}${missing.length > 3 ? "..." : ""}, which the ` +
          "service does not list for this profile. Edit the formula in the cell instead; the builder leaves it as it is."
        );
      }
    }
    return undefined;
  }

  private pinTo(profile: string | undefined): void {
    this.pinnedProfile = profile;
    this.pinProfileHint.textContent =
      profile === undefined
        ? this.pinProfileHintText
        : `This formula stays on the profile ${profile} (profile=${profile}).`;
  }

  /** The groups offered to add, and the columns a sort may be on: the groups, then every metric. */
  private refreshGroupChoices(): void {
    this.groups.showChoices();
    this.orders.setOrderable([...this.groups.values(), ...METRICS]);
  }

  /** Reads the form once and tells every listener. */
  private changed(): void {
    if (this.listeners.size === 0) return;
    const state = this.state();
    for (const listener of this.listeners) listener(state);
  }
}
