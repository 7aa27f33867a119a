import { FILTER_NAMES, type FilterName } from "../api";
import { isReportingError } from "../client/errors";
import { readStatsQuery, type StatsArguments } from "./arguments/stats-query";
import type { CellValue } from "./cell-values";
import { readFormulaCall, shorten, type FormulaCall } from "./formula-call";
import { addinFunctionOf, callsAddinFunction, type FunctionNamespace } from "./formula-namespace";
import type { StatsQueryModel } from "./formula-text";
import { normalisePeriodWord, type Today } from "./periods";

/**
 * A `=REPORTING.STATS(...)` formula read back into the query builder's model, through the very
 * parser the function runs (readStatsQuery): what the builder loads is what the cell asks for.
 * The model is faithful to the formula's meaning, not its spelling: `Revenue` becomes
 * `revenues`, a date serial its day, `headers=readable` the default it is. Either namespace is
 * read (a workbook made with the development add-in, or for it); messages name `namespace`, the
 * one this build writes.
 */

/** `REPORTING.STATS` under `namespace`, as messages name it. */
export function statsFunctionName(namespace: FunctionNamespace): string {
  return `${namespace}.STATS`;
}

const ARGUMENT_NAMES = ["from", "to", "groups", "metrics", "filters", "orders", "options"] as const;

export type StatsFormulaResult = { model: StatsQueryModel } | { problem: string };

const EDIT_IN_CELL = "Edit it in the cell instead; the builder leaves it as it is.";

function notStats(call: FormulaCall, namespace: FunctionNamespace): string {
  const name = call.placeholder ? call.name.replace(/_/g, ".") : call.name;
  const stats = statsFunctionName(namespace);
  if (addinFunctionOf(call) !== undefined) {
    return `This cell holds a ${name} formula; the Query tab edits ${stats} formulas only. ${EDIT_IN_CELL}`;
  }
  return `This cell's formula calls ${name}, not ${stats}, so the builder cannot load it.`;
}

/** The arguments as Excel passes them to the function, or the first one only Excel can evaluate. */
function statsArgumentsOfCall(
  call: FormulaCall,
  namespace: FunctionNamespace,
): { args: StatsArguments } | { problem: string } {
  if (call.args.length > ARGUMENT_NAMES.length) {
    return {
      problem: `${statsFunctionName(namespace)} takes at most ${ARGUMENT_NAMES.length} arguments and this formula has ${call.args.length}. ${EDIT_IN_CELL}`,
    };
  }
  const values: CellValue[] = [];
  for (const [index, argument] of call.args.entries()) {
    if (argument.kind === "expression") {
      const source = shorten(argument.source);
      return {
        problem:
          `The ${ARGUMENT_NAMES[index]} argument is ${source}, a cell reference or a calculation: the builder loads only ` +
          `texts and numbers typed into the formula. ${EDIT_IN_CELL}`,
      };
    }
    values.push(argument.kind === "empty" ? null : argument.value);
  }
  const [from, to, groups, metrics, filters, orders, options] = values;
  return { args: { from, to, groups, metrics, filters, orders, options } };
}

function filtersOf(requestFilters: Record<string, unknown>): StatsQueryModel["filters"] {
  const filters: Partial<Record<FilterName, string[]>> = {};
  for (const name of FILTER_NAMES) {
    const values = requestFilters[name];
    if (Array.isArray(values) && values.length > 0) filters[name] = values.map(String);
  }
  return filters;
}

/** The builder's model of `formula` (under either namespace), or why the builder cannot load it. */
export function statsModelOfFormula(formula: string, today: Today, namespace: FunctionNamespace): StatsFormulaResult {
  const read = readFormulaCall(formula);
  if ("problem" in read)
    return { problem: `${read.problem} Select a cell holding =${statsFunctionName(namespace)}(...).` };
  if (!callsAddinFunction(read.call, "STATS")) return { problem: notStats(read.call, namespace) };
  const found = statsArgumentsOfCall(read.call, namespace);
  if ("problem" in found) return found;
  let query;
  try {
    query = readStatsQuery(found.args, today);
  } catch (error) {
    if (!isReportingError(error)) throw error;
    return {
      problem: `This formula has an error, so the builder cannot load it: ${error.paneMessage} ${EDIT_IN_CELL}`,
    };
  }
  const { request } = query;
  const { from, to, ...filters } = request.filters;
  // A period word stays a word: the formula keeps moving with the calendar.
  const word = typeof found.args.from === "string" ? normalisePeriodWord(found.args.from) : undefined;
  const model: StatsQueryModel = {
    period: word ? { word } : { from, to },
    groups: request.groups ?? [],
    metrics: request.metrics ?? [],
    filters: filtersOf(filters),
    orders: request.orders ?? [],
  };
  if (request.date_group !== undefined) model.dateGroup = request.date_group;
  if (request.date_group_limit !== undefined) model.dateGroupLimit = request.date_group_limit;
  if (request.limit !== undefined) model.limit = request.limit;
  if (request.offset !== undefined) model.offset = request.offset;
  if (query.headers !== "readable") model.headers = query.headers;
  if (query.profile !== undefined) model.profile = query.profile;
  if (query.cacheSeconds !== undefined) model.cacheSeconds = query.cacheSeconds;
  if (query.compare !== undefined) model.compare = query.compare;
  return { model };
}
