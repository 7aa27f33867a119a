import { isBlank, isRange, type CellInput, type CellValue } from "../cell-values";
import { COMPARE_MODES, type CompareMode } from "../compare/compare-mode";
import { ArgumentError, quoted } from "./argument-error";
import { aliasMap, nameKey } from "./list-text";

export const HEADER_STYLES = ["readable", "api", "none"] as const;
export type HeaderStyle = (typeof HEADER_STYLES)[number];

export const OPTION_NAMES = [
  "date_group",
  "limit",
  "offset",
  "date_group_limit",
  "headers",
  "profile",
  "cache",
  "compare",
] as const;
export type OptionName = (typeof OPTION_NAMES)[number];

/**
 * The options of a call as typed. Request fields stay loosely typed here (a number when the text
 * reads as one): the shared request schema judges them, so its rules live in one place.
 */
export interface CallOptions {
  date_group?: unknown;
  limit?: unknown;
  offset?: unknown;
  date_group_limit?: unknown;
  headers: HeaderStyle;
  profile?: string;
  /** How long a cached answer may be reused, in seconds; 0 always asks the service again. */
  cacheSeconds?: number;
  /** The period the numbers are compared with (STATS only). */
  compare?: CompareMode;
}

/** The longest cache= accepted: a day. An answer kept for ever would never show new numbers. */
export const MAX_CACHE_SECONDS = 86_400;

/** Reference functions (COUNTRIES, APPLICATIONS...) take only these. */
export const REFERENCE_OPTIONS: readonly OptionName[] = ["headers", "profile", "cache"];

const OPTION_ALIASES = aliasMap<OptionName>({
  date_group: "date_group",
  dategroup: "date_group",
  limit: "limit",
  offset: "offset",
  date_group_limit: "date_group_limit",
  headers: "headers",
  header: "headers",
  profile: "profile",
  cache: "cache",
  compare: "compare",
  compare_with: "compare",
});

const DATE_GROUP_ALIASES = aliasMap<string>({
  daily: "day",
  weekly: "week",
  monthly: "month",
  days: "day",
  weeks: "week",
  months: "month",
});
const COMPARE_ALIASES = aliasMap<CompareMode>({
  previous_period: "previous_period",
  previous_year: "previous_year",
  prior_period: "previous_period",
  prior_year: "previous_year",
});
const HEADER_ALIASES = aliasMap<HeaderStyle>({
  readable: "readable",
  api: "api",
  none: "none",
  no: "none",
  off: "none",
  false: "none",
});

function cellText(value: CellValue): string {
  return typeof value === "string" ? value.trim() : String(value);
}

/** A number when the text reads as a finite one; otherwise the text, for the schema to refuse. */
function readNumberLike(text: string): number | string {
  if (!/^[+-]?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text)) return text;
  const number = Number(text);
  if (!Number.isFinite(number)) return text;
  // -0 would otherwise travel on as a zero that is not quite 0 (Object.is).
  return number === 0 ? 0 : number;
}

function setOption(
  options: CallOptions,
  nameText: string,
  valueText: string,
  allowed: readonly OptionName[],
  functionName: string,
): void {
  const name = OPTION_ALIASES.get(nameKey(nameText));
  if (!name)
    throw new ArgumentError("options", `${quoted(nameText.trim())} is not an option. Use: ${allowed.join(", ")}`);
  if (!allowed.includes(name)) {
    throw new ArgumentError("options", `${name} does not apply to ${functionName}. Use: ${allowed.join(", ")}`);
  }
  const value = valueText.trim();
  if (value === "") throw new ArgumentError("options", `${name} has no value. Write e.g. ${name}=${exampleOf(name)}`);
  switch (name) {
    case "headers": {
      const style = HEADER_ALIASES.get(nameKey(value));
      if (!style)
        throw new ArgumentError("options", `headers=${value} is not accepted. Use headers=readable, api or none`);
      options.headers = style;
      return;
    }
    case "profile":
      options.profile = value;
      return;
    case "compare": {
      const mode = COMPARE_ALIASES.get(nameKey(value));
      if (!mode)
        throw new ArgumentError(
          "options",
          `compare=${value} is not accepted. Use compare=${COMPARE_MODES.join(" or compare=")}`,
        );
      options.compare = mode;
      return;
    }
    case "cache": {
      const seconds = readNumberLike(value);
      if (typeof seconds !== "number" || !Number.isInteger(seconds) || seconds < 0 || seconds > MAX_CACHE_SECONDS) {
        throw new ArgumentError(
          "options",
          `cache=${value} is not accepted. Give whole seconds from 0 to ${MAX_CACHE_SECONDS} (0 always asks the service)`,
        );
      }
      options.cacheSeconds = seconds;
      return;
    }
    case "date_group":
      options.date_group = DATE_GROUP_ALIASES.get(nameKey(value)) ?? nameKey(value);
      return;
    case "date_group_limit":
    case "limit":
    case "offset":
      options[name] = readNumberLike(value);
  }
}

function exampleOf(name: OptionName): string {
  const examples: Record<OptionName, string> = {
    date_group: "week",
    limit: "500",
    offset: "0",
    date_group_limit: "3",
    headers: "api",
    profile: "Finance",
    cache: "60",
    compare: "previous_year",
  };
  return examples[name];
}

/**
 * Options from a text (`date_group=week; limit=500; headers=api; profile=Finance; cache=60;
 * compare=previous_year`) or
 * a two-column range (name, value). `allowed` lists the options the calling function takes.
 */
export function readOptions(input: CellInput, allowed: readonly OptionName[], functionName: string): CallOptions {
  const options: CallOptions = { headers: "readable" };
  const pairs: [string, string][] = [];
  const addText = (text: string) => {
    for (const part of text.split(/[;\r\n]/)) {
      if (part.trim() === "") continue;
      const equals = part.indexOf("=");
      if (equals < 0) {
        throw new ArgumentError(
          "options",
          `${quoted(part.trim())} is not name=value. Write e.g. ${allowed
            .map((name) => `${name}=${exampleOf(name)}`)
            .slice(0, 2)
            .join("; ")}`,
        );
      }
      pairs.push([part.slice(0, equals), part.slice(equals + 1)]);
    }
  };
  if (isRange(input)) {
    for (const row of input) {
      const cells = row.filter((cell) => !isBlank(cell)).map(cellText);
      const [name, value, ...rest] = cells;
      if (name === undefined) continue;
      if (value === undefined) addText(name);
      else if (rest.length > 0)
        throw new ArgumentError(
          "options",
          `the row of ${name} has more than one value: give one name and one value per row`,
        );
      else pairs.push([name, value]);
    }
  } else if (!isBlank(input)) {
    addText(cellText(input));
  }
  for (const [name, value] of pairs) setOption(options, name, value, allowed, functionName);
  return options;
}
