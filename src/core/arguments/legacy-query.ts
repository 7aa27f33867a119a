import { legacyStatsQuery } from "../../api";
import { isBlank, isRange, type CellInput } from "../cell-values";
import { LEGACY_FUNCTION_GROUPS, type LegacyFunctionGroup } from "../legacy/group-by";
import type { DateRange, Today } from "../periods";
import { ArgumentError, quoted } from "./argument-error";
import { readPeriod } from "./dates";
import { aliasMap, nameKey, readListItems } from "./list-text";
import { readOptions, type HeaderStyle, type OptionName } from "./options";

/** One LEGACY.STATS call. Without a period the service applies its own defaults. */
export interface LegacyQuery {
  period?: DateRange;
  groupBy: LegacyFunctionGroup[];
  headers: HeaderStyle;
  profile?: string;
  cacheSeconds?: number;
}

export interface LegacyArguments {
  from: CellInput;
  to: CellInput;
  groupBy?: CellInput;
  options?: CellInput;
}

export const LEGACY_OPTIONS: readonly OptionName[] = ["headers", "profile", "cache"];

const GROUP_BY_ALIASES = aliasMap<LegacyFunctionGroup>({
  month: "month",
  months: "month",
  day: "day",
  days: "day",
  date: "day",
  ad_unit_id: "ad_unit_id",
  ad_unit: "ad_unit_id",
  adunit: "ad_unit_id",
  country: "country",
  countries: "country",
  ad_unit_type: "ad_unit_type",
  type: "ad_unit_type",
  ad_unit_name: "ad_unit_name",
  application: "application",
  applications: "application",
  app: "application",
});

function readGroupBy(input: CellInput): LegacyFunctionGroup[] {
  const groups = readListItems(input).map((item) => {
    const group = GROUP_BY_ALIASES.get(nameKey(item));
    if (!group) {
      throw new ArgumentError(
        "group_by",
        `${quoted(item)} is not a grouping. Use one of: ${LEGACY_FUNCTION_GROUPS.join(", ")}`,
      );
    }
    return group;
  });
  const unique = [...new Set(groups)];
  if (unique.includes("month") && unique.includes("day")) {
    throw new ArgumentError("group_by", "choose month or day, not both");
  }
  return unique;
}

function isLeftEmpty(input: CellInput): boolean {
  return isRange(input) ? input.flat().every(isBlank) : isBlank(input);
}

export function readLegacyQuery(args: LegacyArguments, today: Today): LegacyQuery {
  const bothEmpty = isLeftEmpty(args.from) && isLeftEmpty(args.to);
  const period = bothEmpty ? undefined : readPeriod(args.from, args.to, today);
  const groupBy = readGroupBy(args.groupBy);
  const options = readOptions(args.options, LEGACY_OPTIONS, "LEGACY.STATS");
  const checked = legacyStatsQuery.safeParse({ from_date: period?.from, to_date: period?.to });
  if (!checked.success) {
    // readPeriod already refuses what the schema does; should they ever differ, the right argument is named.
    const issue = checked.error.issues[0];
    const argument = issue?.path[0] === "from_date" ? "from" : "to";
    const value = period?.[argument];
    throw new ArgumentError(
      argument,
      `${value === undefined ? "" : `${quoted(value)} `}${issue?.message ?? "is not accepted"}`,
    );
  }
  return {
    ...(period ? { period } : {}),
    groupBy,
    headers: options.headers,
    ...(options.profile !== undefined ? { profile: options.profile } : {}),
    ...(options.cacheSeconds !== undefined ? { cacheSeconds: options.cacheSeconds } : {}),
  };
}
