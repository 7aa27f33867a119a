import { MAX_ROW_COUNT } from "../../api/primitives";
import type { FeedFilter } from "./filter-read";
import type { QueryOptions } from "./query-options";
import { FeedRefusal } from "./refusal";

/** The options `Stats` and `LegacyStats` read alike: the rows window, the period, names given once. */

export const PERIOD_EXAMPLE = "date ge 2026-06-01 and date le 2026-06-30";

/** A whole number of rows; a $top beyond any answer reads as "all" (the pages bound each request). */
export function rowsOption(option: "$top" | "$skip" | "$skiptoken", text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (text === "" || text.length > 30 || [...text].some((char) => char < "0" || char > "9"))
    throw new FeedRefusal(option, "give a whole number of rows, such as 100.");
  const value = Number(text);
  return value > MAX_ROW_COUNT ? Number.POSITIVE_INFINITY : value;
}

/** Rows of a listing sent on earlier pages, from a nextLink's $skiptoken. */
export function readSent(text: string | undefined): number {
  return rowsOption("$skiptoken", text) ?? 0;
}

export function readCount(text: string | undefined): boolean {
  if (text === undefined || text === "false") return false;
  if (text === "true") return true;
  throw new FeedRefusal("$count", "write $count=true or $count=false.");
}

export interface RowsWindow {
  /** Rows skipped ($skip), and the most rows wanted ($top; undefined for all). */
  skip: number;
  top: number | undefined;
  count: boolean;
  /** Rows of this answer already sent on earlier pages ($skiptoken of a nextLink). */
  sent: number;
}

/** Which rows of the answer a request wants: $skip, $top, $count and the $skiptoken of a nextLink. */
export function readRowsWindow(options: QueryOptions["system"]): RowsWindow {
  return {
    skip: rowsOption("$skip", options.$skip) ?? 0,
    top: rowsOption("$top", options.$top),
    count: readCount(options.$count),
    sent: readSent(options.$skiptoken),
  };
}

/** The first name given twice, if any. */
export function repeated(names: readonly string[]): string | undefined {
  return names.find((name, index) => names.indexOf(name) !== index);
}

/** What a $filter without a whole period lacks. */
export type MissingPeriod = "a period" | "a first day (date ge ...)" | "a last day (date le ...)";

/**
 * The period of a $filter, which every statistics request needs: `refusal` words the refusal of a
 * filter that lacks some of it (each set says what it needs in its own words).
 */
export function readPeriod(
  filter: FeedFilter,
  refusal: (missing: MissingPeriod) => string,
): { from: string; to: string } {
  const { from, to } = filter;
  if (from === undefined || to === undefined) {
    const missing: MissingPeriod =
      from === undefined && to === undefined
        ? "a period"
        : from === undefined
          ? "a first day (date ge ...)"
          : "a last day (date le ...)";
    throw new FeedRefusal("$filter", refusal(missing), { code: "period_required" });
  }
  if (from > to)
    throw new FeedRefusal(
      "$filter",
      `the period runs from ${from} to ${to}, which holds no day: put the first day before the last.`,
    );
  return { from, to };
}
