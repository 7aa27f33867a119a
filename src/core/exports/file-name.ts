import { GROUP_OF_FILTER, type FilterName } from "../../api";
import type { DateRange } from "../periods";
import { chosenFilters } from "../query-words";

/**
 * The name an export is saved under says what it holds: the period, the groups and the filters,
 * `stats_2026-10-01_2026-10-31_by-date-country_country-US-FR.xlsx`. Letters, digits and `._+-`
 * only, so that it is safe in every file system and in a Content-Disposition header.
 */

export interface ExportNameParts {
  /** `stats` or `legacy-stats`. */
  prefix: string;
  period: DateRange;
  /** Group names in the query's order. */
  groups: readonly string[];
  filters?: Partial<Record<FilterName, readonly string[] | undefined>>;
  extension: "csv" | "xlsx";
}

/** Beyond this many characters (before the extension), filter lists are cut shorter. */
export const MAX_NAME_STEM = 120;
const VALUES_SHOWN = 3;
const VALUE_LENGTH = 12;

/** A name part made of safe characters; `-` is reserved to separate values, so it is dropped from them. */
function safePart(text: string, maxLength = VALUE_LENGTH): string {
  return text.replace(/[^A-Za-z0-9_.]+/g, "").slice(0, maxLength);
}

/** `country-US-FR-DE+3`: up to `shown` values, then how many more; `country+6` when none are shown. */
function filterPart(name: FilterName, values: readonly string[], shown: number): string {
  const listed = values
    .slice(0, shown)
    .map((value) => safePart(value))
    .filter(Boolean);
  const more = values.length - Math.min(shown, values.length);
  return [GROUP_OF_FILTER[name], ...listed].join("-") + (more > 0 ? `+${more}` : "");
}

export function exportFileName(parts: ExportNameParts): string {
  const { from, to } = parts.period;
  const day = (text: string) => text.replace(/[^0-9-]/g, "");
  const head = [parts.prefix, day(from), day(to)];
  head.push(parts.groups.length === 0 ? "totals" : `by-${parts.groups.map((group) => safePart(group, 40)).join("-")}`);
  const filters = chosenFilters(parts.filters ?? {});
  const stemOf = (shown: number, kept: number) => {
    const listed = filters.slice(0, kept).map(({ name, values }) => filterPart(name, values, shown));
    const dropped = filters.length - kept;
    return [...head, ...listed, ...(dropped > 0 ? [`+${dropped}-filters`] : [])].join("_");
  };
  let stem = "";
  // Fewer values per filter first, then fewer filters, until the name is short enough.
  search: for (let kept = filters.length; kept >= 0; kept--) {
    for (let shown = kept === filters.length ? VALUES_SHOWN : 0; shown >= 0; shown--) {
      stem = stemOf(shown, kept);
      if (stem.length <= MAX_NAME_STEM) break search;
    }
  }
  return `${stem.slice(0, MAX_NAME_STEM)}.${parts.extension}`;
}
