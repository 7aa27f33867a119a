import type { GroupName, MetricName } from "../../api";
import { READABLE_GROUP_HEADERS, READABLE_METRIC_HEADERS } from "../rows/headers";
import { uniqueSheetName } from "../sheet-names";
import { NUMBER_FORMATS, TEXT_FORMAT, type TableCell } from "../workbook-queries/table-columns";
import { changeLine } from "./change-line";
import type { FrozenCheck } from "./frozen-check";
import type { RowMove } from "./table-changes";

/**
 * "Write the comparison": a frozen sheet's check written to a new sheet ("Jun 2026 restated"),
 * never to the frozen one: the totals frozen and now, then every moved row with its own numbers.
 */

/** `Jun 2026 restated` from `Jun 2026 (frozen)`, numbered past the names `taken`, within Excel's rules. */
export function restatedSheetName(frozenSheet: string, taken: readonly string[]): string {
  const base = frozenSheet.replace(/\s*\(frozen(?: \d+)?\)$/i, "");
  return uniqueSheetName(base, taken, {
    replacement: "-",
    fallback: "Values",
    suffix: (n) => (n === 1 ? " restated" : ` restated ${n}`),
  });
}

export interface RestatedSheet {
  /** Rows of equal length, ready for one block. */
  values: TableCell[][];
  formats: string[][];
}

const GENERAL = "General";
const PERCENT_FORMAT = "0.00%";
const MONEY: ReadonlySet<MetricName> = new Set(["revenues", "ecpm"]);
const metricFormat = (metric: MetricName) => (MONEY.has(metric) ? NUMBER_FORMATS.money : NUMBER_FORMATS.count);
const CHANGE_WORDS: Record<RowMove["change"], string> = { added: "new", removed: "gone", changed: "changed" };

type Line = [TableCell, string][];

const text = (value: string): [TableCell, string] => [value, TEXT_FORMAT];
const blank: Line = [];

function groupHeader(key: string): string {
  return Object.prototype.hasOwnProperty.call(READABLE_GROUP_HEADERS, key)
    ? READABLE_GROUP_HEADERS[key as GroupName]
    : key;
}

/** The sheet's cells: a note, the totals, the moved rows. `checkedAt` is the local time of the check. */
export function restatedSheet(check: Extract<FrozenCheck, { changes: unknown }>, checkedAt: string): RestatedSheet {
  const { record, changes, fresh } = check;
  const { fingerprint } = record;
  const frozen = `on ${fingerprint.frozenDay}${fingerprint.dataThrough ? `, data through ${fingerprint.dataThrough}` : ""}`;
  const edited = check.edited ? " Its values were edited after the freeze: they are compared as they are now." : "";
  const lines: Line[] = [
    [
      text("Restated values"),
      text(
        `The frozen sheet ${record.sheet.name} compared with the service at ${checkedAt}. The frozen sheet was not changed.${edited}`,
      ),
    ],
    [text("Query"), text(fingerprint.query.words)],
    [text("Frozen"), text(frozen)],
    [text("Result"), text(changeLine(changes))],
    blank,
    ["Metric", "Frozen", "Now", "Difference", "Change %"].map(text),
    ...changes.totals.map((total): Line => [
      text(READABLE_METRIC_HEADERS[total.metric]),
      [total.before, metricFormat(total.metric)],
      [total.after, metricFormat(total.metric)],
      [total.difference, metricFormat(total.metric)],
      total.percent === undefined ? text("new") : [total.percent / 100, PERCENT_FORMAT],
    ]),
    blank,
  ];
  const metrics = changes.totals.map((total) => total.metric);
  const groups = fresh.columns.filter((column) => !column.isMetric);
  if (changes.moves.length === 0) {
    lines.push([text(changes.matched ? "No row moved." : "The query's columns changed: rows were not compared.")]);
  } else {
    lines.push([
      ...groups.map((column) => text(groupHeader(column.key))),
      text("Change"),
      ...metrics.flatMap((metric) =>
        ["frozen", "now", "difference"].map((word) => text(`${READABLE_METRIC_HEADERS[metric]} ${word}`)),
      ),
    ]);
    for (const move of changes.moves) {
      lines.push([
        ...move.key.map((cell, index): [TableCell, string] =>
          typeof cell === "string"
            ? text(cell)
            : [cell, groups[index]?.kind === "date" ? NUMBER_FORMATS.date : GENERAL],
        ),
        text(CHANGE_WORDS[move.change]),
        ...metrics.flatMap((metric): Line => {
          const [before, after] = [move.before?.[metric], move.after?.[metric]];
          const format = metricFormat(metric);
          return [
            before === undefined ? text("") : [before, format],
            after === undefined ? text("") : [after, format],
            [(after ?? 0) - (before ?? 0), format],
          ];
        }),
      ]);
    }
  }
  const width = Math.max(...lines.map((line) => line.length));
  const padded = lines.map((line) => [...line, ...Array.from({ length: width - line.length }, () => text(""))]);
  return {
    values: padded.map((line) => line.map(([value]) => value)),
    formats: padded.map((line) => line.map(([, format]) => format)),
  };
}
