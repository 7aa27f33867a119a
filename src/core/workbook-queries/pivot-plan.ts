import type { GroupName, MetricName } from "../../api";
import { NUMBER_FORMATS, type TableColumn } from "./table-columns";

/**
 * How the PivotTable beside a table is set up: rows are the first group (or the groups the user
 * picked), values the sums of impressions, revenues and requests with the table's formats.
 */

/** Summed in a PivotTable; eCPM is a ratio, which no sum or average gives right. */
const SUMMABLE: readonly MetricName[] = ["impressions", "revenues", "requests"];

/**
 * Why eCPM is not in the PivotTable. Excel can compute it right as a calculated field
 * (revenues / impressions x 1000 on the sums), but no Office.js API adds a calculated field, and
 * summing or averaging the rows' eCPM gives a wrong figure: leaving it out is the honest choice.
 */
export const ECPM_PIVOT_NOTE =
  "eCPM is left out of the PivotTable: a sum or an average of eCPM gives a wrong figure, and add-ins cannot add the " +
  "calculated field that gives the right one. To show it, add a calculated field in Excel (PivotTable Analyze > Fields, " +
  "Items & Sets > Calculated Field) with the formula = Revenues / Impressions * 1000.";

export interface PivotValue {
  /** The table column summed (its header as Excel knows it). */
  field: string;
  /** How the PivotTable titles it, such as `Sum of Revenues`. */
  name: string;
  numberFormat: string;
}

export interface PivotPlan {
  rows: string[];
  values: PivotValue[];
  /** Said to the user next to the PivotTable: why eCPM is not there. */
  note?: string;
}

/**
 * The plan for a table whose columns are `columns` with headers `headers` (same order).
 * `rowGroups` are the groups the user picked for rows, in order; the first group otherwise.
 */
export function pivotPlan(
  columns: readonly TableColumn[],
  headers: readonly string[],
  rowGroups?: readonly GroupName[],
): PivotPlan | { problem: string } {
  const headerOf = (key: string) => headers[columns.findIndex((column) => column.key === key)];
  const groups = columns.filter((column) => !column.isMetric).map((column) => column.key as GroupName);
  const wanted =
    rowGroups && rowGroups.length > 0 ? rowGroups.filter((group) => groups.includes(group)) : groups.slice(0, 1);
  const values = SUMMABLE.filter((metric) => columns.some((column) => column.key === metric)).map(
    (metric): PivotValue => {
      const field = headerOf(metric) ?? metric;
      return {
        field,
        name: `Sum of ${field}`,
        numberFormat: metric === "revenues" ? NUMBER_FORMATS.money : NUMBER_FORMATS.count,
      };
    },
  );
  if (values.length === 0) {
    return {
      problem:
        "No PivotTable was added: the query has no impressions, revenues or requests to sum (eCPM cannot be summed).",
    };
  }
  const plan: PivotPlan = { rows: wanted.map((group) => headerOf(group) ?? group), values };
  if (columns.some((column) => column.key === "ecpm")) plan.note = ECPM_PIVOT_NOTE;
  return plan;
}
