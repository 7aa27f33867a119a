/**
 * The properties of every parser of formula arguments, and of the pane's query model written as a
 * formula and read back. Shared by test/unit/property/*.test.ts and scripts/reliability/fuzz.ts.
 */
import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import {
  DATE_GROUPS,
  FILTER_NAMES,
  GROUPS,
  isCalendarDate,
  legacyStatsQuery,
  MAX_ROW_COUNT,
  METRICS,
  ORDER_PATTERN,
  statsRequest,
  type StatsRequest,
} from "../../../../src/api";
import { readPeriod } from "../../../../src/core/arguments/dates";
import { readFilters } from "../../../../src/core/arguments/filters";
import { LEGACY_OPTIONS, readLegacyQuery } from "../../../../src/core/arguments/legacy-query";
import { readListItems } from "../../../../src/core/arguments/list-text";
import { readGroupNames, readMetricNames, readOrderEntries } from "../../../../src/core/arguments/names";
import {
  HEADER_STYLES,
  MAX_CACHE_SECONDS,
  readOptions,
  REFERENCE_OPTIONS,
  type OptionName,
} from "../../../../src/core/arguments/options";
import { readStatsQuery, STATS_OPTIONS } from "../../../../src/core/arguments/stats-query";
import { comparisonPeriod } from "../../../../src/core/compare/comparison-period";
import { readValueQuery, VALUE_OPTIONS } from "../../../../src/core/arguments/value-query";
import type { CellInput } from "../../../../src/core/cell-values";
import { isExcelDateSerial, excelSerialFromIsoDate } from "../../../../src/core/excel-dates";
import {
  formulaArgumentList,
  legacyArgumentsOf,
  legacyStatsFormula,
  statsArgumentsOf,
  statsFormula,
  type LegacyQueryModel,
  type QueryPeriod,
  type StatsQueryModel,
} from "../../../../src/core/formula-text";
import { LEGACY_FUNCTION_GROUPS } from "../../../../src/core/legacy/group-by";
import { normalisePeriodWord, periodOfWord, type DateRange } from "../../../../src/core/periods";
import { formulaArguments } from "../../../e2e/support/formula-arguments";
import {
  filtersArguments,
  legacyArguments,
  legacyModel,
  nameLists,
  optionsArguments,
  periodArguments,
  statsArguments,
  statsModel,
  todays,
  valueArguments,
} from "./arbitraries";
import { describeThrown, judgeParser, type FuzzTarget, type Judgement } from "./judge";

const STATS_ARGUMENT_NAMES = ["from", "to", "groups", "metrics", "filters", "orders", "options"];
const VALUE_ARGUMENT_NAMES = ["metric", "from", "to", "filters", "options"];
const LEGACY_ARGUMENT_NAMES = ["from", "to", "group_by", "options"];
const REQUEST_FIELDS = ["filters", "metrics", "groups", "orders", "date_group", "date_group_limit", "offset", "limit"];
const COUNT_FIELDS = ["date_group_limit", "offset", "limit"] as const;
/** Pure parsers are cheap: thousands of inputs each stay within a second or two. */
const PARSER_RUNS = 2000;

function within(list: readonly string[], value: unknown): boolean {
  return typeof value === "string" && list.includes(value);
}

function isCount(value: unknown): boolean {
  return (
    typeof value === "number" &&
    Number.isInteger(value) &&
    value >= 0 &&
    value <= MAX_ROW_COUNT &&
    !Object.is(value, -0)
  );
}

function periodProblems(from: unknown, to: unknown): string[] {
  const problems: string[] = [];
  if (typeof from !== "string" || !isCalendarDate(from))
    problems.push(`from ${String(from)} is not a day from 1900-01-01 to 9999-12-31`);
  if (typeof to !== "string" || !isCalendarDate(to))
    problems.push(`to ${String(to)} is not a day from 1900-01-01 to 9999-12-31`);
  if (typeof from === "string" && typeof to === "string" && from > to) problems.push(`from ${from} is after to ${to}`);
  return problems;
}

function filterProblems(filters: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [name, values] of Object.entries(filters)) {
    if (!within(FILTER_NAMES, name)) problems.push(`unknown filter ${name}`);
    if (!Array.isArray(values) || values.length === 0) problems.push(`filter ${name} without values`);
    else if (values.some((value) => typeof value !== "string" || value === "" || value !== value.trim()))
      problems.push(`filter ${name} has a blank or untrimmed value`);
    else if (new Set(values).size !== values.length) problems.push(`filter ${name} repeats a value`);
  }
  return problems;
}

function nameListProblems(field: string, names: unknown, allowed: readonly string[], allowEmpty: boolean): string[] {
  if (names === undefined) return [];
  if (!Array.isArray(names)) return [`${field} is not a list`];
  const problems = names.filter((name) => !within(allowed, name)).map((name) => `${field} holds ${String(name)}`);
  if (new Set(names).size !== names.length) problems.push(`${field} repeats a name`);
  if (!allowEmpty && names.length === 0) problems.push(`${field} is an empty list`);
  return problems;
}

function orderProblems(orders: unknown): string[] {
  if (orders === undefined) return [];
  if (!Array.isArray(orders)) return ["orders is not a list"];
  const problems = orders
    .filter((order) => typeof order !== "string" || !ORDER_PATTERN.test(order))
    .map((order) => `order ${String(order)}`);
  const fields = orders.map((order) => String(order).split(":")[0]);
  if (new Set(fields).size !== fields.length) problems.push("orders sort twice by one field");
  return problems;
}

/** Everything a request built from formula arguments must be before it may be sent. */
export function requestProblems(request: StatsRequest): string[] {
  const { from, to, ...filters } = request.filters;
  const problems = [
    ...periodProblems(from, to),
    ...filterProblems(filters),
    ...nameListProblems("groups", request.groups, GROUPS, true),
    ...nameListProblems("metrics", request.metrics, METRICS, false),
    ...orderProblems(request.orders),
  ];
  for (const field of Object.keys(request))
    if (!REQUEST_FIELDS.includes(field)) problems.push(`unknown field ${field}`);
  if (request.date_group !== undefined && !within(DATE_GROUPS, request.date_group))
    problems.push(`date_group ${String(request.date_group)}`);
  for (const field of COUNT_FIELDS) {
    if (request[field] !== undefined && !isCount(request[field]))
      problems.push(`${field} ${String(request[field])} is not a whole number from 0 to ${MAX_ROW_COUNT}`);
  }
  if (!statsRequest.safeParse(request).success) problems.push("the shared request schema refuses it");
  return problems;
}

function callOptionProblems(options: { headers?: unknown; profile?: unknown; cacheSeconds?: unknown }): string[] {
  const problems: string[] = [];
  if (options.headers !== undefined && !within(HEADER_STYLES, options.headers))
    problems.push(`headers ${String(options.headers)}`);
  if (
    options.profile !== undefined &&
    (typeof options.profile !== "string" || options.profile === "" || options.profile !== options.profile.trim())
  ) {
    problems.push(`profile ${JSON.stringify(options.profile)}`);
  }
  const cache = options.cacheSeconds;
  if (
    cache !== undefined &&
    !(
      typeof cache === "number" &&
      Number.isInteger(cache) &&
      cache >= 0 &&
      cache <= MAX_CACHE_SECONDS &&
      !Object.is(cache, -0)
    )
  ) {
    problems.push(`cacheSeconds ${String(cache)} is not whole seconds from 0 to ${MAX_CACHE_SECONDS}`);
  }
  return problems;
}

/** A one-cell range counts as its value, as the parsers read it. */
function single(input: CellInput): unknown {
  return Array.isArray(input) && input.length === 1 && input[0]?.length === 1 ? input[0][0] : input;
}

/** Checks a parsed period against how it was written: a serial, a day text or a period word. */
function periodMatchesInput(period: DateRange, fromInput: CellInput, today: string): string[] {
  const from = single(fromInput);
  if (typeof from === "number") {
    if (!isExcelDateSerial(from)) return [`serial ${from} read as ${period.from}`];
    return excelSerialFromIsoDate(period.from) === Math.floor(from)
      ? []
      : [`serial ${from} read as ${period.from}, serial ${excelSerialFromIsoDate(period.from)}`];
  }
  if (typeof from === "string") {
    if (normalisePeriodWord(from))
      return period.to <= today ? [] : [`${from} ends on ${period.to}, after today ${today}`];
    return period.from === from.trim() ? [] : [`"${from}" read as ${period.from}`];
  }
  return [`${String(from)} read as ${period.from}`];
}

const statsQueryTarget: FuzzTarget<[Parameters<typeof readStatsQuery>[0], string]> = {
  name: "readStatsQuery (STATS)",
  numRuns: PARSER_RUNS,
  arbitrary: fc.tuple(statsArguments, todays),
  judge: ([args, today]) =>
    judgeParser(
      () => readStatsQuery(args, () => today),
      STATS_ARGUMENT_NAMES,
      (query) => [
        ...requestProblems(query.request),
        ...callOptionProblems(query),
        ...periodMatchesInput(query.request.filters, args.from, today),
      ],
    ),
};

const valueQueryTarget: FuzzTarget<[Parameters<typeof readValueQuery>[0], string]> = {
  name: "readValueQuery (VALUE)",
  numRuns: PARSER_RUNS,
  arbitrary: fc.tuple(valueArguments, todays),
  judge: ([args, today]) =>
    judgeParser(
      () => readValueQuery(args, () => today),
      VALUE_ARGUMENT_NAMES,
      (query) => [
        ...(within(METRICS, query.metric) ? [] : [`metric ${String(query.metric)}`]),
        ...periodProblems(query.period.from, query.period.to),
        ...filterProblems(query.filters),
        ...callOptionProblems(query),
        ...periodMatchesInput(query.period, args.from, today),
        ...(statsRequest.safeParse({ filters: { ...query.period, ...query.filters } }).success
          ? []
          : ["the shared request schema refuses it"]),
      ],
    ),
};

const legacyQueryTarget: FuzzTarget<[Parameters<typeof readLegacyQuery>[0], string]> = {
  name: "readLegacyQuery (LEGACY.STATS)",
  numRuns: PARSER_RUNS,
  arbitrary: fc.tuple(legacyArguments, todays),
  judge: ([args, today]) =>
    judgeParser(
      () => readLegacyQuery(args, () => today),
      LEGACY_ARGUMENT_NAMES,
      (query) => [
        ...nameListProblems("group_by", query.groupBy, LEGACY_FUNCTION_GROUPS, true),
        ...(query.groupBy.includes("month") && query.groupBy.includes("day") ? ["group_by holds month and day"] : []),
        ...(query.period
          ? [
              ...periodProblems(query.period.from, query.period.to),
              ...periodMatchesInput(query.period, args.from, today),
            ]
          : []),
        ...callOptionProblems(query),
        ...(legacyStatsQuery.safeParse({ from_date: query.period?.from, to_date: query.period?.to }).success
          ? []
          : ["the shared legacy schema refuses it"]),
      ],
    ),
};

const FUNCTIONS_OPTIONS: readonly [string, readonly OptionName[]][] = [
  ["STATS", STATS_OPTIONS],
  ["VALUE", VALUE_OPTIONS],
  ["LEGACY.STATS", LEGACY_OPTIONS],
  ["COUNTRIES", REFERENCE_OPTIONS],
];

const optionsTarget: FuzzTarget<[CellInput, readonly [string, readonly OptionName[]]]> = {
  name: "readOptions (options of every function)",
  numRuns: PARSER_RUNS,
  arbitrary: fc.tuple(optionsArguments, fc.constantFrom(...FUNCTIONS_OPTIONS)),
  judge: ([input, [functionName, allowed]]) =>
    judgeParser(
      () => readOptions(input, allowed, functionName),
      ["options"],
      (options) => {
        const problems = callOptionProblems(options);
        const present: [OptionName, unknown][] = [
          ["date_group", options.date_group],
          ["limit", options.limit],
          ["offset", options.offset],
          ["date_group_limit", options.date_group_limit],
          ["profile", options.profile],
          ["cache", options.cacheSeconds],
        ];
        for (const [name, value] of present) {
          if (value === undefined) continue;
          if (!allowed.includes(name)) problems.push(`${name} accepted by ${functionName}`);
          // The request schema judges counts later; here they must be finite numbers or the text as typed.
          if (typeof value === "number" && (!Number.isFinite(value) || Object.is(value, -0)))
            problems.push(`${name} read as ${value}`);
        }
        return problems;
      },
    ),
};

const filtersTarget: FuzzTarget<CellInput> = {
  name: "readFilters (filters)",
  numRuns: PARSER_RUNS,
  arbitrary: filtersArguments,
  judge: (input) => judgeParser(() => readFilters(input), ["filters"], filterProblems),
};

const namesTarget: FuzzTarget<{ kind: "groups" | "metrics" | "orders"; input: CellInput }> = {
  name: "names (groups, metrics, orders)",
  numRuns: PARSER_RUNS,
  arbitrary: nameLists,
  judge: ({ kind, input }) => {
    if (kind === "groups")
      return judgeParser(
        () => readGroupNames(readListItems(input)),
        [kind],
        (names) => nameListProblems(kind, names, GROUPS, true),
      );
    if (kind === "metrics")
      return judgeParser(
        () => readMetricNames(readListItems(input)),
        [kind],
        (names) => nameListProblems(kind, names, METRICS, true),
      );
    return judgeParser(() => readOrderEntries(readListItems(input)), [kind], orderProblems);
  },
};

const periodTarget: FuzzTarget<[{ from: CellInput; to: CellInput }, string]> = {
  name: "readPeriod (from, to, period words, serials)",
  numRuns: PARSER_RUNS,
  arbitrary: fc.tuple(periodArguments, todays),
  judge: ([{ from, to }, today]) =>
    judgeParser(
      () => readPeriod(from, to, () => today),
      ["from", "to"],
      (period) => [...periodProblems(period.from, period.to), ...periodMatchesInput(period, from, today)],
    ),
};

// The pane: the model of the query form, the formula it writes, and the formula read back.

const PANE_TODAY = "2025-03-15";

function periodOf(period: QueryPeriod): DateRange {
  return "word" in period ? periodOfWord(period.word, PANE_TODAY) : period;
}

function withoutTrailingBlanks(args: readonly (string | undefined)[]): (string | undefined)[] {
  const kept = [...args];
  while (kept.length > 1 && kept[kept.length - 1] === undefined) kept.pop();
  return kept;
}

type Attempt<Result> = { value: Result } | { refusal: string };

function attempt<Result>(run: () => Result): Attempt<Result> {
  try {
    return { value: run() };
  } catch (error) {
    return { refusal: describeThrown(error) };
  }
}

function statsModelIsValid(model: StatsQueryModel): boolean {
  const { from, to } = periodOf(model.period);
  // A comparison must name days a request can: the period before early 1900 has none.
  const compared =
    model.compare !== undefined && isCalendarDate(from) && isCalendarDate(to) && from <= to
      ? comparisonPeriod({ from, to }, model.compare)
      : undefined;
  if (compared !== undefined && !isCalendarDate(compared.from)) return false;
  // The formula leaves offset out unless it is above 0, as the form does.
  const offsetWritten = model.offset !== undefined && model.offset > 0;
  return (
    isCalendarDate(from) &&
    isCalendarDate(to) &&
    from <= to &&
    [model.dateGroupLimit, model.limit, offsetWritten ? model.offset : undefined].every(
      (count) => count === undefined || isCount(count),
    )
  );
}

/** The request the form means, written out independently of the formula's text. */
function expectedRequest(model: StatsQueryModel): StatsRequest {
  const filters: Record<string, string[]> = {};
  for (const name of FILTER_NAMES) {
    const values = model.filters[name];
    if (values && values.length > 0) filters[name] = [...new Set(values)];
  }
  const request: StatsRequest = { filters: { ...periodOf(model.period), ...filters } };
  if (model.metrics.length > 0) request.metrics = [...model.metrics];
  if (model.groups.length > 0) request.groups = [...model.groups];
  if (model.orders.length > 0) request.orders = [...model.orders];
  if (model.dateGroup !== undefined && model.dateGroup !== "day") request.date_group = model.dateGroup;
  if (model.dateGroupLimit !== undefined) request.date_group_limit = model.dateGroupLimit;
  if (model.offset !== undefined && model.offset > 0) request.offset = model.offset;
  if (model.limit !== undefined) request.limit = model.limit;
  return request;
}

/**
 * The formula the pane writes must read back, as Excel passes its texts, into the very arguments
 * the pane's preview uses; those must give the same answer; and that answer must be the form's
 * query, or a clear refusal exactly when the form holds something the functions do not accept.
 */
function judgeStatsModel(model: StatsQueryModel): Judgement {
  const today = () => PANE_TODAY;
  const args = statsArgumentsOf(model);
  const written = attempt(() => formulaArguments(statsFormula(model, "REPORTING"), "REPORTING.STATS"));
  if ("refusal" in written)
    return { outcome: "uncaught", problem: `the formula does not read back: ${written.refusal}` };
  if (!isDeepStrictEqual(written.value, withoutTrailingBlanks(formulaArgumentList(model)))) {
    return {
      outcome: "uncaught",
      problem: `the formula reads back as ${JSON.stringify(written.value)}, not ${JSON.stringify(formulaArgumentList(model))}`,
    };
  }
  const [from, to, groups, metrics, filters, orders, options] = written.value;
  const inCell = attempt(() => readStatsQuery({ from, to, groups, metrics, filters, orders, options }, today));
  const inPane = attempt(() => readStatsQuery(args, today));
  if (!isDeepStrictEqual(inCell, inPane))
    return {
      outcome: "uncaught",
      problem: `the cell reads ${JSON.stringify(inCell)}, the pane ${JSON.stringify(inPane)}`,
    };

  const valid = statsModelIsValid(model);
  const judgement = judgeParser(
    () => readStatsQuery(args, today),
    STATS_ARGUMENT_NAMES,
    (query) => {
      const problems = [...requestProblems(query.request), ...callOptionProblems(query)];
      if (!valid) problems.push("a form the functions should refuse");
      if (!isDeepStrictEqual(query.request, expectedRequest(model)))
        problems.push(
          `request ${JSON.stringify(query.request)}, the form means ${JSON.stringify(expectedRequest(model))}`,
        );
      if (query.headers !== (model.headers ?? "readable")) problems.push(`headers ${query.headers}`);
      if (query.profile !== (model.profile || undefined))
        problems.push(`profile ${JSON.stringify(query.profile)}, the form names ${JSON.stringify(model.profile)}`);
      if (query.cacheSeconds !== model.cacheSeconds)
        problems.push(`cacheSeconds ${String(query.cacheSeconds)}, the form says ${String(model.cacheSeconds)}`);
      if (query.compare !== model.compare)
        problems.push(`compare ${String(query.compare)}, the form says ${String(model.compare)}`);
      return problems;
    },
  );
  if (judgement.outcome === "refused" && valid && judgement.problem === undefined) {
    return { outcome: "refused", problem: `a valid form refused: ${"refusal" in inPane ? inPane.refusal : ""}` };
  }
  return judgement;
}

function judgeLegacyModel(model: LegacyQueryModel): Judgement {
  const today = () => PANE_TODAY;
  const args = legacyArgumentsOf(model);
  const written = attempt(() => formulaArguments(legacyStatsFormula(model, "REPORTING"), "REPORTING.LEGACY.STATS"));
  if ("refusal" in written)
    return { outcome: "uncaught", problem: `the formula does not read back: ${written.refusal}` };
  const expectedArgs = withoutTrailingBlanks([
    args.from as string | undefined,
    args.to as string | undefined,
    args.groupBy as string | undefined,
    args.options as string | undefined,
  ]);
  if (!isDeepStrictEqual(written.value, expectedArgs))
    return {
      outcome: "uncaught",
      problem: `the formula reads back as ${JSON.stringify(written.value)}, not ${JSON.stringify(expectedArgs)}`,
    };
  const [from, to, groupBy, options] = written.value;
  const inCell = attempt(() => readLegacyQuery({ from, to, groupBy, options }, today));
  const inPane = attempt(() => readLegacyQuery(args, today));
  if (!isDeepStrictEqual(inCell, inPane))
    return {
      outcome: "uncaught",
      problem: `the cell reads ${JSON.stringify(inCell)}, the pane ${JSON.stringify(inPane)}`,
    };

  const period = periodOf(model.period);
  const valid =
    isCalendarDate(period.from) &&
    isCalendarDate(period.to) &&
    period.from <= period.to &&
    !(model.groupBy.includes("month") && model.groupBy.includes("day"));
  const judgement = judgeParser(
    () => readLegacyQuery(args, today),
    LEGACY_ARGUMENT_NAMES,
    (query) => {
      const problems = callOptionProblems(query);
      if (!valid) problems.push("a form the functions should refuse");
      if (!isDeepStrictEqual(query.period, period))
        problems.push(`period ${JSON.stringify(query.period)}, the form means ${JSON.stringify(period)}`);
      if (!isDeepStrictEqual(query.groupBy, model.groupBy)) problems.push(`group_by ${JSON.stringify(query.groupBy)}`);
      if (query.headers !== (model.headers ?? "readable")) problems.push(`headers ${query.headers}`);
      if (query.profile !== (model.profile || undefined)) problems.push(`profile ${JSON.stringify(query.profile)}`);
      return problems;
    },
  );
  if (judgement.outcome === "refused" && valid && judgement.problem === undefined)
    return { outcome: "refused", problem: "a valid form refused" };
  return judgement;
}

const statsFormulaTarget: FuzzTarget<StatsQueryModel> = {
  name: "pane: query form -> STATS formula -> arguments",
  numRuns: PARSER_RUNS,
  arbitrary: statsModel,
  judge: judgeStatsModel,
};

const legacyFormulaTarget: FuzzTarget<LegacyQueryModel> = {
  name: "pane: legacy form -> LEGACY.STATS formula -> arguments",
  numRuns: PARSER_RUNS,
  arbitrary: legacyModel,
  judge: judgeLegacyModel,
};

export const PARSER_TARGETS: readonly FuzzTarget<unknown>[] = [
  statsQueryTarget,
  valueQueryTarget,
  legacyQueryTarget,
  optionsTarget,
  filtersTarget,
  namesTarget,
  periodTarget,
] as FuzzTarget<unknown>[];

export const PANE_TARGETS: readonly FuzzTarget<unknown>[] = [
  statsFormulaTarget,
  legacyFormulaTarget,
] as FuzzTarget<unknown>[];
