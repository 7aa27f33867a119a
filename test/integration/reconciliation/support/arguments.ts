import { FILTER_NAMES, type FilterName } from "../../../../src/api";
import { formulaArgumentList, type LegacyQueryModel, type StatsQueryModel } from "../../../../src/core/formula-text";
import { serialOf } from "./calendar";

/**
 * Arguments as Excel hands them to a function: the texts the task pane writes into a formula
 * (a typed text in a matrix parameter arrives as [["text"]]), or what a user's cells give: date
 * cells as serial numbers, lists as ranges, filters and options as two-column ranges.
 */

type Argument = string | number | null | unknown[][];

const inMatrix = (text: string | undefined): Argument => (text === undefined ? null : [[text]]);

export function statsArguments(model: StatsQueryModel, style: "texts" | "cells"): Argument[] {
  if (style === "texts") {
    const [from, to, groups, metrics, filters, orders, options] = formulaArgumentList(model);
    return [
      from,
      to ?? null,
      inMatrix(groups),
      inMatrix(metrics),
      inMatrix(filters),
      inMatrix(orders),
      inMatrix(options),
    ];
  }
  const period = model.period;
  const [from, to]: [Argument, Argument] =
    "word" in period ? [period.word, null] : [serialOf(period.from), serialOf(period.to)];
  const filters = FILTER_NAMES.filter((name: FilterName) => (model.filters[name]?.length ?? 0) > 0).map((name) => [
    name,
    model.filters[name]!.join(","),
  ]);
  const options: [string, string | number][] = [];
  if (model.dateGroup) options.push(["date_group", model.dateGroup]);
  if (model.dateGroupLimit !== undefined) options.push(["date_group_limit", model.dateGroupLimit]);
  if (model.limit !== undefined) options.push(["limit", model.limit]);
  if (model.offset !== undefined) options.push(["offset", model.offset]);
  if (model.headers) options.push(["headers", model.headers]);
  if (model.profile) options.push(["profile", model.profile]);
  return [
    from,
    to,
    model.groups.length > 0 ? model.groups.map((group) => [group]) : null,
    model.metrics.length > 0 ? [[...model.metrics]] : null,
    filters.length > 0 ? filters : null,
    model.orders.length > 0 ? model.orders.map((order) => [order]) : null,
    options.length > 0 ? options : null,
  ];
}

export function legacyArguments(model: LegacyQueryModel, style: "texts" | "cells"): Argument[] {
  const period = model.period;
  const options = [
    model.headers && model.headers !== "readable" ? `headers=${model.headers}` : "",
    model.profile ? `profile=${model.profile}` : "",
  ].filter(Boolean);
  if (style === "texts") {
    const [from, to] = "word" in period ? [period.word, null] : [period.from, period.to];
    return [from, to, inMatrix(model.groupBy.join(",") || undefined), inMatrix(options.join("; ") || undefined)];
  }
  const [from, to]: [Argument, Argument] =
    "word" in period ? [period.word, null] : [serialOf(period.from), serialOf(period.to)];
  return [
    from,
    to,
    model.groupBy.length > 0 ? [[...model.groupBy]] : null,
    options.length > 0 ? options.map((option) => option.split("=")) : null,
  ];
}
