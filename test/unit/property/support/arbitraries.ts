/**
 * Inputs for the property tests and `npm run report:reliability` alike: what Excel can hand a
 * function (texts, numbers, booleans, blanks, ranges), biased towards the words and numbers
 * the parsers care about, the edges of Excel's calendar, and names of Object.prototype.
 */
import fc from "fast-check";
import {
  ASSET_ID_PATTERN,
  ASSET_TYPES,
  COUNTRY_PATTERN,
  DATE_GROUPS,
  DEVICE_TYPES,
  FILTER_NAMES,
  GROUPS,
  INTEGRATION_TYPES,
  isCalendarDate,
  KNOWN_FORMATS,
  MAX_ROW_COUNT,
  METRICS,
  type FilterName,
} from "../../../../src/api";
import type { LegacyArguments } from "../../../../src/core/arguments/legacy-query";
import { LEGACY_OPTIONS } from "../../../../src/core/arguments/legacy-query";
import { nameKey } from "../../../../src/core/arguments/list-text";
import { HEADER_STYLES, OPTION_NAMES, type OptionName } from "../../../../src/core/arguments/options";
import { COMPARE_MODES, type CompareMode } from "../../../../src/core/compare/compare-mode";
import { comparisonPeriod } from "../../../../src/core/compare/comparison-period";
import { STATS_OPTIONS, type StatsArguments } from "../../../../src/core/arguments/stats-query";
import { VALUE_OPTIONS, type ValueArguments } from "../../../../src/core/arguments/value-query";
import type { CellInput, CellValue } from "../../../../src/core/cell-values";
import { excelSerialFromIsoDate } from "../../../../src/core/excel-dates";
import type { LegacyQueryModel, QueryPeriod, StatsQueryModel } from "../../../../src/core/formula-text";
import { LEGACY_FUNCTION_GROUPS } from "../../../../src/core/legacy/group-by";
import { PERIOD_WORDS } from "../../../../src/core/periods";
import { formulaMetrics } from "../../../../src/taskpane/tabs/query/metric-choice";

export { FUZZ_SEED } from "../../../support/fuzz-seed";

export const PROTOTYPE_WORDS = [
  "constructor",
  "__proto__",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "isPrototypeOf",
  "propertyIsEnumerable",
  "toLocaleString",
  "__defineGetter__",
  "__lookupSetter__",
] as const;

export const BOUNDARY_DATES = [
  "0000-02-29",
  "0001-01-01",
  "0099-12-31",
  "0100-02-29",
  "1899-12-31",
  "1900-01-01",
  "1900-02-28",
  "1900-02-29",
  "1900-03-01",
  "2000-02-29",
  "2100-02-29",
  "9999-12-31",
] as const;

/** Serials at Excel's edges. Excel reads the text 1e400 as Infinity. */
export const BOUNDARY_SERIALS = [
  0,
  1,
  59,
  59.999,
  60,
  60.5,
  61,
  2_958_465,
  2_958_465.999,
  2_958_466,
  -1,
  -0,
  1e20,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  Number.NaN,
] as const;

/** Texts of numeric options at and past their limits. */
export const BOUNDARY_NUMBER_TEXTS = [
  "0",
  "-0",
  "1",
  "-1",
  "1.5",
  "60.0",
  "1e3",
  "1e20",
  "1e400",
  "-1e400",
  "NaN",
  "Infinity",
  "86400",
  "86401",
  String(MAX_ROW_COUNT),
  String(MAX_ROW_COUNT + 1),
  "99999999999999999999",
  "0x10",
  "1,5",
  " 7 ",
] as const;

/** Days a user might mean: the calendar's edges, any real day Excel shows, and day-shaped texts that are not days. */
export const isoDate: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...BOUNDARY_DATES) },
  {
    weight: 3,
    arbitrary: fc
      .date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("9999-12-31T00:00:00Z"), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
      .map(
        ([year, month, day]) =>
          `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
      ),
  },
);

const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: "binary" }),
  fc.constantFrom("", " ", "\n", ";", ",", "=", "==", ":desc", '"'),
);

/** A known word as users also write it: upper case, Title case, spaces or hyphens for underscores. */
function variantOf(known: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...known), fc.constantFrom("upper", "title", "space", "dash", "padded"))
    .map(([text, form]) => {
      switch (form) {
        case "upper":
          return text.toUpperCase();
        case "title":
          return text.charAt(0).toUpperCase() + text.slice(1).replace(/_/g, " ");
        case "space":
          return text.replace(/_/g, " ");
        case "dash":
          return text.replace(/_/g, "-");
        case "padded":
          return `  ${text} `;
      }
    });
}

/** A word that may be known: one of `known`, a variant of one, a name of Object.prototype, or anything. */
export function word(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known) },
    { weight: 2, arbitrary: variantOf(known) },
    { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_WORDS) },
    { weight: 1, arbitrary: anyText },
  );
}

export const cellValue: fc.Arbitrary<CellValue> = fc.oneof(
  anyText,
  fc.constantFrom(...PROTOTYPE_WORDS),
  fc.constantFrom(...BOUNDARY_DATES),
  fc.constantFrom(...BOUNDARY_SERIALS),
  fc.constantFrom(...PERIOD_WORDS),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constantFrom(null, undefined),
);

/** What Excel passes for an argument: one value, or a range as rows of values (empty and jagged too). */
export const cellInput: fc.Arbitrary<CellInput> = fc.oneof(
  { weight: 3, arbitrary: cellValue },
  { weight: 1, arbitrary: fc.array(fc.array(cellValue, { maxLength: 3 }), { maxLength: 3 }) },
);

/** A list argument: a text separated by commas, semicolons or line breaks, a column range, or anything. */
export function listArgument(items: fc.Arbitrary<string>): fc.Arbitrary<CellInput> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.array(items, { maxLength: 5 }), fc.constantFrom(",", ", ", ";", "\n"))
        .map(([list, separator]) => list.join(separator)),
    },
    { weight: 1, arbitrary: fc.array(items, { maxLength: 4 }).map((list) => list.map((item): CellValue[] => [item])) },
    { weight: 1, arbitrary: cellInput },
  );
}

const periodWord = fc.oneof(fc.constantFrom(...PERIOD_WORDS), variantOf(PERIOD_WORDS));

/** `from`: a day, a serial, a period word, a one-cell range, or anything. */
export const fromArgument: fc.Arbitrary<CellInput> = fc.oneof(
  { weight: 3, arbitrary: isoDate },
  { weight: 2, arbitrary: periodWord },
  { weight: 2, arbitrary: fc.constantFrom(...BOUNDARY_SERIALS) },
  { weight: 1, arbitrary: fc.integer({ min: -10, max: 3_000_000 }) },
  { weight: 1, arbitrary: fc.oneof(isoDate, periodWord).map((value): CellInput => [[value]]) },
  { weight: 1, arbitrary: cellInput },
);

/** `to`: often left empty (each way Excel passes an empty cell), else like `from`. */
export const toArgument: fc.Arbitrary<CellInput> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom<CellInput>(null, undefined, "", 0, [[null]], [[""]]) },
  { weight: 3, arbitrary: fromArgument },
);

export const todays = fc.constantFrom(
  "2025-05-15",
  "2024-02-29",
  "2025-01-01",
  "1900-01-01",
  "1900-03-01",
  "9999-12-31",
);

const groupWord = word([...GROUPS, "Country", "Device type", "ad unit", "platform", "dates"]);
const metricWord = word([...METRICS, "Revenue", "eCPM", "imps"]);
const orderWord = fc
  .tuple(
    word([...METRICS, ...GROUPS, "Revenue", "eCPM"]),
    fc.constantFrom("", ":desc", " desc", ":asc", " DESC", ":descending", ":up", ": desc"),
  )
  .map(([name, direction]) => name + direction);

const filterName = word([...FILTER_NAMES, "country", "Device type", "format", "from", "to"]);
const filterValue = fc.oneof(
  word([
    ...ASSET_TYPES,
    ...INTEGRATION_TYPES,
    ...DEVICE_TYPES,
    ...KNOWN_FORMATS,
    "FR",
    "de",
    "FRA",
    "standard",
    "hb",
    "Header bidding",
  ]),
  fc.uuid(),
  fc.stringMatching(ASSET_ID_PATTERN),
);

/** `filters`: `name=values; ...`, a range of rows (name, values...), or anything. */
export const filtersArgument: fc.Arbitrary<CellInput> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .array(fc.tuple(filterName, fc.array(filterValue, { maxLength: 3 })), { maxLength: 4 })
      .map((entries) => entries.map(([name, values]) => `${name}=${values.join(",")}`).join("; ")),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.tuple(filterName, fc.array(filterValue, { maxLength: 3 })), { maxLength: 3 })
      .map((entries) => entries.map(([name, values]): CellValue[] => [name, ...values])),
  },
  { weight: 1, arbitrary: cellInput },
);

const optionName = word([...OPTION_NAMES, "Date group", "dategroup", "header"]);
const optionValue = fc.oneof(
  fc.constantFrom(...BOUNDARY_NUMBER_TEXTS),
  fc.integer({ min: -5, max: 100 }).map(String),
  word([...HEADER_STYLES, ...DATE_GROUPS, "weekly", "no", "off", "Finance"]),
);

/** `options`: `name=value; ...`, a two-column range, or anything. */
export const optionsArgument: fc.Arbitrary<CellInput> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .array(fc.tuple(optionName, optionValue), { maxLength: 4 })
      .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join("; ")),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.tuple(optionName, optionValue), { maxLength: 3 })
      .map((pairs) => pairs.map(([name, value]): CellValue[] => [name, value])),
  },
  { weight: 1, arbitrary: cellInput },
);

/** The kinds of list argument `names` reads, each with the words it is given. */
export const nameLists = fc.oneof(
  listArgument(groupWord).map((input) => ({ kind: "groups" as const, input })),
  listArgument(metricWord).map((input) => ({ kind: "metrics" as const, input })),
  listArgument(orderWord).map((input) => ({ kind: "orders" as const, input })),
);

// Pane models: what the query form can hold. Filter values come from the service's own lists.

const FILTER_VALUES: { [Name in FilterName]: fc.Arbitrary<string> } = {
  organizations: fc.uuid(),
  assets: fc.stringMatching(ASSET_ID_PATTERN),
  asset_types: fc.constantFrom(...ASSET_TYPES),
  ad_units: fc.uuid(),
  countries: fc.stringMatching(COUNTRY_PATTERN),
  formats: fc.oneof(fc.constantFrom(...KNOWN_FORMATS), fc.stringMatching(/^[a-z0-9_]{1,12}$/)),
  integration_types: fc.constantFrom(...INTEGRATION_TYPES),
  device_types: fc.constantFrom(...DEVICE_TYPES),
};

/** Names the Connect tab accepts (trimmed, 1 to 60 characters, no ; = or line break), quotes and all. */
export const profileName: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom(...PROTOTYPE_WORDS, "Finance", 'Ad "ops"', "Marketing, EU", "Ünïcødé 💶"),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }),
  )
  .map((name) => name.trim())
  .filter((name) => name.length >= 1 && name.length <= 60 && !/[;=\r\n]/.test(name));

const periodModel: fc.Arbitrary<QueryPeriod> = fc.oneof(
  fc.constantFrom(...PERIOD_WORDS).map((periodWordOfModel) => ({ word: periodWordOfModel })),
  fc.tuple(isoDate, isoDate).map(([from, to]) => ({ from, to })),
);

/** Counts as the form's number fields give them; a few past the accepted range. */
const countModel = fc.option(
  fc.oneof(
    { weight: 5, arbitrary: fc.integer({ min: 0, max: MAX_ROW_COUNT }) },
    { weight: 1, arbitrary: fc.constantFrom(0, 1, MAX_ROW_COUNT, MAX_ROW_COUNT + 1, -1, 2.5) },
  ),
  { nil: undefined },
);

export const statsModel: fc.Arbitrary<StatsQueryModel> = fc
  .record({
    period: periodModel,
    groups: fc.uniqueArray(fc.constantFrom(...GROUPS), { maxLength: 5 }),
    metrics: fc.uniqueArray(fc.constantFrom(...METRICS)),
    filters: fc.record(
      Object.fromEntries(FILTER_NAMES.map((name) => [name, fc.array(FILTER_VALUES[name], { maxLength: 3 })])) as {
        [Name in FilterName]: fc.Arbitrary<string[]>;
      },
      { requiredKeys: [] },
    ),
    dateGroup: fc.option(fc.constantFrom(...DATE_GROUPS), { nil: undefined }),
    dateGroupLimit: countModel,
    limit: countModel,
    offset: countModel,
    headers: fc.option(fc.constantFrom(...HEADER_STYLES), { nil: undefined }),
    profile: fc.option(profileName, { nil: undefined }),
    cacheSeconds: fc.option(fc.integer({ min: 0, max: 86_400 }), { nil: undefined }),
    compare: fc.option(fc.constantFrom(...COMPARE_MODES), { nil: undefined }),
  })
  .chain((model) =>
    // Orders name a chosen group or any metric, each field once, as the form's sort picker does.
    fc
      .uniqueArray(fc.tuple(fc.constantFrom<string>(...model.groups, ...METRICS), fc.boolean()), {
        selector: ([field]) => field,
        maxLength: 3,
      })
      .map((orders) => ({
        ...model,
        orders: orders.map(([field, descending]) => (descending ? `${field}:desc` : field)),
      })),
  );

function comparesWithin1900(period: QueryPeriod, mode: CompareMode): boolean {
  return "word" in period || isCalendarDate(comparisonPeriod(period, mode).from);
}

/** The filters the query form has a picker for (PICKER_FILTERS of src/taskpane/tabs/query/query-form.ts): no ad units. */
const BUILDER_FILTERS = FILTER_NAMES.filter((name) => name !== "ad_units");
/** What the form's number fields give: empty, or a whole number from 1 the request accepts. */
const builderCount = fc.option(
  fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: MAX_ROW_COUNT })),
  { nil: undefined },
);
const calendarDay = isoDate.filter(isCalendarDate);

/**
 * A query the pane's query builder can produce and Insert formula accepts: a valid period, metrics
 * in any order (all of them in the service's order as none), the pickers' values (each once), orders on a chosen
 * group or a metric, date options only with the date group, and the form's own option values.
 */
export const builderModel: fc.Arbitrary<StatsQueryModel> = fc
  .record({
    period: fc.oneof(
      fc.constantFrom(...PERIOD_WORDS).map((periodWordOfModel): QueryPeriod => ({ word: periodWordOfModel })),
      fc
        .tuple(calendarDay, calendarDay)
        .map(([first, second]): QueryPeriod =>
          first <= second ? { from: first, to: second } : { from: second, to: first },
        ),
    ),
    groups: fc.uniqueArray(fc.constantFrom(...GROUPS)),
    metrics: fc.uniqueArray(fc.constantFrom(...METRICS), { minLength: 1 }).map((metrics) => formulaMetrics(metrics)),
    filters: fc.record(
      Object.fromEntries(
        BUILDER_FILTERS.map((name) => [name, fc.uniqueArray(FILTER_VALUES[name], { minLength: 1, maxLength: 3 })]),
      ) as {
        [Name in FilterName]: fc.Arbitrary<string[]>;
      },
      { requiredKeys: [] },
    ),
    dateGroup: fc.constantFrom(...DATE_GROUPS),
    dateGroupLimit: builderCount,
    limit: builderCount,
    offset: builderCount,
    headers: fc.constantFrom(...HEADER_STYLES),
    profile: fc.option(profileName, { nil: undefined }),
    cacheSeconds: fc.option(fc.integer({ min: 0, max: 86_400 }), { nil: undefined }),
    compare: fc.option(fc.constantFrom(...COMPARE_MODES), { nil: undefined }),
  })
  .chain((model) =>
    fc
      .uniqueArray(fc.tuple(fc.constantFrom<string>(...model.groups, ...METRICS), fc.boolean()), {
        selector: ([field]) => field,
        maxLength: 3,
      })
      .map((orders): StatsQueryModel => {
        const byDate = model.groups.includes("date");
        return {
          ...model,
          orders: orders.map(([field, descending]) => (descending ? `${field}:desc` : field)),
          dateGroup: byDate ? model.dateGroup : undefined,
          dateGroupLimit: byDate ? model.dateGroupLimit : undefined,
          // The form refuses a comparison reaching before 1900 (nothing there to compare with).
          compare:
            model.compare !== undefined && comparesWithin1900(model.period, model.compare) ? model.compare : undefined,
        };
      }),
  );

export const legacyModel: fc.Arbitrary<LegacyQueryModel> = fc.record({
  period: periodModel,
  groupBy: fc.uniqueArray(fc.constantFrom(...LEGACY_FUNCTION_GROUPS), { maxLength: 4 }),
  headers: fc.option(fc.constantFrom(...HEADER_STYLES), { nil: undefined }),
  profile: fc.option(profileName, { nil: undefined }),
});

// Whole calls. Arguments drawn each from anything are almost never all acceptable together, so a
// third of the calls is plausible throughout, a third plausible but for one argument, and a third
// anything: refusals of every argument and full acceptance both get thousands of tries.

const plausiblePeriod: fc.Arbitrary<{ from: CellInput; to: CellInput }> = fc.oneof(
  fc.tuple(periodWord, fc.constantFrom<CellInput>(null, undefined, "", 0)).map(([from, to]) => ({ from, to })),
  fc
    .tuple(isoDate.filter(isCalendarDate), isoDate.filter(isCalendarDate), fc.boolean())
    .map(([first, second, asSerials]) => {
      const [from, to] = first <= second ? [first, second] : [second, first];
      return asSerials && from !== "1900-02-29"
        ? { from: excelSerialFromIsoDate(from), to: excelSerialFromIsoDate(to) }
        : { from, to };
    }),
);

function plausibleList(names: readonly string[], readable: readonly string[] = []): fc.Arbitrary<string[]> {
  return fc.uniqueArray(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...names) },
      { weight: 1, arbitrary: variantOf(names) },
      ...(readable.length > 0 ? [fc.constantFrom(...readable)] : []),
    ),
    {
      maxLength: 4,
      selector: (name) =>
        name
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/g, "_"),
    },
  );
}

function asListArgument(list: fc.Arbitrary<string[]>): fc.Arbitrary<CellInput> {
  return fc.oneof(
    fc.tuple(list, fc.constantFrom(",", ", ", ";")).map(([items, separator]) => items.join(separator)),
    list.map((items) => items.map((item): CellValue[] => [item])),
  );
}

const plausibleFilters: fc.Arbitrary<CellInput> = fc
  .uniqueArray(fc.constantFrom(...FILTER_NAMES), { maxLength: 3 })
  .chain((names) =>
    fc.tuple(
      ...names.map((name) =>
        fc.tuple(fc.constant(name), fc.array(FILTER_VALUES[name], { minLength: 1, maxLength: 3 })),
      ),
    ),
  )
  .map((entries) => entries.map(([name, values]) => `${name}=${values.join(",")}`).join("; "));

const plausibleOptionValues: { [Name in OptionName]: fc.Arbitrary<string> } = {
  date_group: fc.oneof(fc.constantFrom(...DATE_GROUPS), fc.constantFrom("weekly", "Monthly", "days")),
  limit: fc.integer({ min: 0, max: MAX_ROW_COUNT }).map(String),
  offset: fc.integer({ min: 0, max: 100_000 }).map(String),
  date_group_limit: fc.integer({ min: 0, max: 400 }).map(String),
  headers: fc.constantFrom("readable", "api", "none", "no", "off"),
  profile: profileName,
  cache: fc.integer({ min: 0, max: 86_400 }).map(String),
  compare: fc.constantFrom("previous_period", "previous_year", "Previous year", "prior-period"),
};

function plausibleOptions(allowed: readonly OptionName[]): fc.Arbitrary<CellInput> {
  return fc
    .uniqueArray(fc.constantFrom(...allowed), { maxLength: 3 })
    .chain((names) => fc.tuple(...names.map((name) => plausibleOptionValues[name].map((value) => `${name}=${value}`))))
    .map((pairs) => pairs.join("; "));
}

/** Picks plausible arguments, or plausible ones with one replaced by anything, or anything. */
function calls<Args extends object>(
  plausible: fc.Arbitrary<Args>,
  hostile: { [Name in keyof Args]-?: fc.Arbitrary<Args[Name]> },
): fc.Arbitrary<Args> {
  const names = Object.keys(hostile) as (keyof Args)[];
  const onePerturbed = fc
    .tuple(plausible, fc.constantFrom(...names))
    .chain(([args, name]) => hostile[name].map((value): Args => ({ ...args, [name]: value })));
  return fc.oneof(plausible, onePerturbed, fc.record(hostile) as fc.Arbitrary<Args>);
}

const plausibleStats = fc
  .tuple(
    plausiblePeriod,
    plausibleList(GROUPS, ["Country", "Device type", "Ad unit"]),
    plausibleList(METRICS, ["Revenue", "eCPM"]),
    plausibleFilters,
    plausibleOptions(STATS_OPTIONS),
  )
  .chain(([period, groups, metrics, filters, options]) =>
    fc
      .uniqueArray(
        fc.tuple(fc.constantFrom<string>(...groups, ...METRICS), fc.constantFrom("", ":desc", " desc", ":asc")),
        { selector: ([name]) => nameKey(name), maxLength: 2 },
      )
      .map((orders) => ({
        ...period,
        groups: groups.join(","),
        metrics: metrics.join(";"),
        filters,
        orders: orders.map(([name, direction]) => name + direction).join(","),
        options,
      })),
  );

export const statsArguments = calls<StatsArguments>(plausibleStats, {
  from: fromArgument,
  to: toArgument,
  groups: listArgument(groupWord),
  metrics: listArgument(metricWord),
  filters: filtersArgument,
  orders: listArgument(orderWord),
  options: optionsArgument,
});

const plausibleValue = fc
  .tuple(
    fc.oneof(fc.constantFrom(...METRICS), variantOf(METRICS), fc.constantFrom("Revenue", "eCPM")),
    plausiblePeriod,
    plausibleFilters,
    plausibleOptions(VALUE_OPTIONS),
  )
  .map(([metric, period, filters, options]) => ({ metric, ...period, filters, options }));

export const valueArguments = calls<ValueArguments>(plausibleValue, {
  metric: listArgument(metricWord),
  from: fromArgument,
  to: toArgument,
  filters: filtersArgument,
  options: optionsArgument,
});

const plausibleLegacy = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: plausiblePeriod },
      { weight: 1, arbitrary: fc.constant({ from: null, to: null }) },
    ),
    asListArgument(plausibleList(LEGACY_FUNCTION_GROUPS, ["Ad unit type", "app", "months"])),
    plausibleOptions(LEGACY_OPTIONS),
  )
  .map(([period, groupBy, options]) => ({ ...period, groupBy, options }));

export const legacyArguments = calls<LegacyArguments>(plausibleLegacy, {
  from: fc.oneof(fromArgument, fc.constantFrom<CellInput>(null, "", [[null]])),
  to: toArgument,
  groupBy: listArgument(word([...LEGACY_FUNCTION_GROUPS, "months", "date", "Ad unit type", "app", "week"])),
  options: optionsArgument,
});

/** `from` and `to` of readPeriod: plausible pairs, or anything. */
export const periodArguments: fc.Arbitrary<{ from: CellInput; to: CellInput }> = fc.oneof(
  plausiblePeriod,
  fc.record({ from: fromArgument, to: toArgument }),
);

/** Options of any function: plausible ones for that function or another, or anything. */
export const optionsArguments: fc.Arbitrary<CellInput> = fc.oneof(plausibleOptions(OPTION_NAMES), optionsArgument);

/** Filters: from the service's lists, or anything. */
export const filtersArguments: fc.Arbitrary<CellInput> = fc.oneof(plausibleFilters, filtersArgument);
