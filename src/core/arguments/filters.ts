import { FILTER_NAMES, GROUP_OF_FILTER, type FilterName } from "../../api";
import { isBlank, isRange, type CellInput, type CellValue } from "../cell-values";
import { ArgumentError, quoted } from "./argument-error";
import { aliasMap, nameKey } from "./list-text";
import { groupOfName } from "./names";

/** The filters of a call, without the period: each dimension with the values it keeps. */
export type FilterValues = Partial<Record<FilterName, string[]>>;

const FILTER_OF_GROUP = new Map<string, FilterName>(FILTER_NAMES.map((filter) => [GROUP_OF_FILTER[filter], filter]));

const EXAMPLE = "Write e.g. countries=FR,DE; formats=interstitial, or use a two-column range (name, values)";

const INTEGRATION_TYPE_ALIASES = aliasMap<string>({
  standard: "standard_integration",
  header_bidding: "header_bidding",
  hb: "header_bidding",
});

/** Brings what users type to the form the service expects (fr -> FR, "Header bidding" -> header_bidding). */
function normaliseValue(filter: FilterName, value: string): string {
  switch (filter) {
    case "countries":
    case "asset_types":
      return value.toUpperCase();
    // UUIDs are case-insensitive (RFC 4122) and written in lower case; the service may match them exactly.
    case "organizations":
    case "ad_units":
      return value.toLowerCase();
    case "device_types":
      return nameKey(value);
    case "integration_types": {
      const key = nameKey(value);
      return INTEGRATION_TYPE_ALIASES.get(key) ?? key;
    }
    case "assets":
    case "formats":
      return value;
  }
}

export function filterOfName(text: string): FilterName | undefined {
  const group = groupOfName(text);
  return group ? FILTER_OF_GROUP.get(group) : undefined;
}

function readFilterName(text: string): FilterName {
  const filter = filterOfName(text);
  if (filter) return filter;
  if (["from", "to"].includes(nameKey(text))) {
    throw new ArgumentError(
      "filters",
      `${quoted(text)} is not a filter: the period goes in the from and to arguments. Use one of: ${FILTER_NAMES.join(", ")}`,
    );
  }
  throw new ArgumentError("filters", `${quoted(text)} is not a filter. Use one of: ${FILTER_NAMES.join(", ")}`);
}

function cellText(value: CellValue): string {
  return typeof value === "string" ? value : String(value);
}

function addValues(filters: FilterValues, filter: FilterName, texts: string[]): void {
  const values = texts
    .flatMap((text) => text.split(","))
    .map((value) => value.trim())
    .filter((value) => value !== "")
    .map((value) => normaliseValue(filter, value));
  // A name with no values filters nothing: a template may leave a filter's values empty.
  if (values.length === 0) return;
  filters[filter] = [...new Set([...(filters[filter] ?? []), ...values])];
}

function addFilterText(filters: FilterValues, text: string): void {
  for (const part of text.split(/[;\r\n]/)) {
    if (part.trim() === "") continue;
    const equals = part.indexOf("=");
    if (equals < 0) throw new ArgumentError("filters", `${quoted(part.trim())} is not name=values. ${EXAMPLE}`);
    addValues(filters, readFilterName(part.slice(0, equals)), [part.slice(equals + 1)]);
  }
}

/**
 * Filters from a text (`countries=FR,DE; formats=interstitial`) or a range whose rows hold a
 * filter name then its values (one cell `FR,DE`, or one value per cell); a row may also hold
 * one `name=values` text. Names take the readable forms of the groups (Country, device type).
 */
export function readFilters(input: CellInput): FilterValues {
  const filters: FilterValues = {};
  if (!isRange(input)) {
    if (isBlank(input)) return filters;
    addFilterText(filters, cellText(input as CellValue));
    return filters;
  }
  for (const row of input) {
    const cells = row.filter((cell) => !isBlank(cell)).map(cellText);
    const [name, ...values] = cells;
    if (name === undefined) continue;
    if (values.length === 0 && name.includes("=")) addFilterText(filters, name);
    else addValues(filters, readFilterName(name), values);
  }
  return filters;
}
