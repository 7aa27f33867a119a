import { METRICS, type MetricName } from "../../api";
import { COMPARE_MODES } from "../compare/compare-mode";
import { COMPARISON_PARTS, readableComparisonSuffix, type ComparisonPart } from "../compare/comparison-columns";
import { withCurrency } from "../currency";
import { knownReadableName } from "../rows/headers";

/**
 * What a preview column holds, which decides how its cells read and how the totals row treats
 * it. A new kind of column needs a kind here and a case in cell-text.ts and totals.ts.
 */
export type ColumnKind = "group" | "date" | "count" | "currency" | "ecpm" | "percent" | "text";

/** The four metrics; the legacy interface's "revenue" is the same figure as "revenues". */
export type Metric = MetricName;

/** The value of the period asked, of the comparison period, or the change between them. */
export type Variant = "current" | "previous" | "change" | "change_percent";

export interface PreviewColumn {
  index: number;
  heading: string;
  kind: ColumnKind;
  /** The group a group or date column holds (the name the label lookup receives). */
  group?: string;
  metric?: Metric;
  variant?: Variant;
}

/** What the table's columns are known to be, beyond what its header row says. */
export interface ColumnFacts {
  /** The grouping columns, first in the table and in this order (STATS or LEGACY.STATS names). */
  groups: readonly string[];
  /** The metric columns after the groups, in order, for a table without a header row. */
  metrics: readonly string[];
  /** Indexes of the columns holding Excel date serials. */
  dateColumns: readonly number[];
  /** Indexes of the columns holding fractions to show as percentages, when the table says so. */
  percentColumns?: readonly number[];
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s*");

/** A comparison part's suffix in either header style: `_change_pct`, ` change %`, any space optional. */
function suffixPattern(part: ComparisonPart): string {
  const suffixes = new Set([`_${part}`, ...COMPARE_MODES.map((mode) => readableComparisonSuffix(part, mode))]);
  return `(${[...suffixes].map(escaped).join("|")})`;
}

// The metric columns and their comparison columns (src/core/compare) in either header style:
// "Revenues", "Revenues (previous period)", "Revenues change %", "revenues_change_pct"... The
// legacy interface writes "revenue".
const METRIC_HEADING = new RegExp(
  `^(${[...METRICS, "revenue"].join("|")})(?:${COMPARISON_PARTS.map(suffixPattern).join("|")})?$`,
  "i",
);
const VARIANTS: Record<ComparisonPart, Variant> = {
  previous: "previous",
  change: "change",
  change_pct: "change_percent",
};

/** The metric and variant a header names, or undefined for any other heading. */
export function metricOfHeading(heading: string): { metric: Metric; variant: Variant } | undefined {
  const match = METRIC_HEADING.exec(heading.trim());
  if (!match) return undefined;
  const word = match[1]!.toLowerCase();
  const metric: Metric = word === "revenue" ? "revenues" : (word as Metric);
  const part = COMPARISON_PARTS.find((_, index) => match[index + 2] !== undefined);
  return { metric, variant: part ? VARIANTS[part] : "current" };
}

/** Whether a heading names money: revenues or eCPM, of the period, the previous one or their change (not a change %). */
export function isMoneyHeading(heading: string): boolean {
  const named = metricOfHeading(heading);
  return (
    named !== undefined &&
    (named.metric === "revenues" || named.metric === "ecpm") &&
    named.variant !== "change_percent"
  );
}

function metricKind(metric: Metric, variant: Variant): ColumnKind {
  if (variant === "change_percent") return "percent";
  if (metric === "revenues") return "currency";
  if (metric === "ecpm") return "ecpm";
  return "count";
}

/** "ad_unit_id" reads "Ad unit id" where no header row names the column. */
function readableName(name: string): string {
  const known = knownReadableName(name);
  if (known) return known;
  const words = name.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * One column per cell of the widest row: groups first (dates among them), then metric columns
 * recognised by their heading or, without a header row, by the order of `facts.metrics`. A column
 * neither names is text.
 */
export function previewColumns(
  header: readonly unknown[] | undefined,
  width: number,
  facts: ColumnFacts,
): PreviewColumn[] {
  const columns: PreviewColumn[] = [];
  for (let index = 0; index < width; index++) {
    const given = header?.[index];
    const headingText = given === null || given === undefined ? "" : String(given);
    const group = facts.groups[index];
    const isDate = facts.dateColumns.includes(index);
    if (group !== undefined || isDate) {
      columns.push({
        index,
        heading: headingText || readableName(group ?? "date"),
        kind: isDate ? "date" : "group",
        ...(group !== undefined ? { group } : {}),
      });
      continue;
    }
    const named = header ? metricOfHeading(headingText) : undefined;
    const byOrder = header ? undefined : facts.metrics[index - facts.groups.length];
    const metric = named ?? (byOrder !== undefined ? metricOfHeading(byOrder) : undefined);
    if (facts.percentColumns?.includes(index)) {
      const heading = headingText || (byOrder !== undefined ? readableName(byOrder) : `Column ${index + 1}`);
      columns.push({ index, heading, kind: "percent", ...(metric ?? {}) });
    } else if (metric) {
      const kind = metricKind(metric.metric, metric.variant);
      const heading = headingText || readableName(byOrder ?? metric.metric);
      // The currency in the heading, as the files say it: the cells then need no sign.
      columns.push({
        index,
        heading: kind === "currency" || kind === "ecpm" ? withCurrency(heading) : heading,
        kind,
        ...metric,
      });
    } else {
      // An empty heading leaves a screen reader nothing to announce for the column's cells.
      columns.push({ index, heading: headingText || `Column ${index + 1}`, kind: "text" });
    }
  }
  return columns;
}

/** Counts, money and percentages line up on the right, as in a spreadsheet. */
export function isNumericKind(kind: ColumnKind): boolean {
  return kind === "count" || kind === "currency" || kind === "ecpm" || kind === "percent";
}
