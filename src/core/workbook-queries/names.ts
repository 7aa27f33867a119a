import type { GroupName } from "../../api";
import { READABLE_GROUP_HEADERS } from "../rows/headers";
import { SHEET_NAME_MAX_LENGTH, uniqueSheetName } from "../sheet-names";

/**
 * Names the add-in gives what it creates in a workbook. Excel's rules: a table (or PivotTable)
 * name starts with a letter or underscore, holds letters, digits, underscores and periods, is
 * not a cell reference (A1, R1C1), and is unique in the workbook regardless of case. Sheet
 * names follow Excel's rules in sheet-names.ts.
 */

const MAX_TABLE_NAME = 255;
const CELL_REFERENCE = /^([A-Za-z]{1,3}\d+|[Rr]\d*[Cc]\d*|[RrCc])$/;

/** `base`, or `base_2`, `base_3`...: the first one not taken. */
function firstFree(base: string, names: Iterable<string>): string {
  const used = new Set(Array.from(names, (name) => name.toLowerCase()));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "" : `_${n}`;
    const candidate = base.slice(0, MAX_TABLE_NAME - suffix.length) + suffix;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

/** A word of a table name: letters and digits of a readable header, `Device type` → `DeviceType`. */
function nameWord(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join("");
}

/**
 * A readable, valid, free table name from what the table holds and its groupings' readable
 * names: `Stats_by_Date_Country`, `Legacy_by_Day_Application`, `Stats_Totals`.
 */
export function addinTableName(
  source: "Stats" | "Legacy",
  groupHeadings: readonly string[],
  existing: Iterable<string>,
): string {
  const words = groupHeadings.map(nameWord);
  return safeTableName(words.length === 0 ? `${source}_Totals` : `${source}_by_${words.join("_")}`, existing);
}

/** A name `addinTableName` gives (`Stats_by_Date_Country`, `Legacy_Totals_2`): a table the add-in probably inserted. */
export function looksLikeAddinTableName(name: string): boolean {
  return /^(Stats|Legacy)_(by_[A-Za-z0-9_.]+|Totals(_\d+)?)$/.test(name);
}

/** The name of a REPORTING.STATS table grouped by `groups`: `Stats_by_Date_Country`. */
export function statsTableName(groups: readonly GroupName[], existing: Iterable<string>): string {
  return addinTableName(
    "Stats",
    groups.map((group) => READABLE_GROUP_HEADERS[group]),
    existing,
  );
}

/** `wanted` made valid and free (the PivotTable beside a table: `<table>_Pivot`). */
export function safeTableName(wanted: string, existing: Iterable<string>): string {
  let base = wanted.replace(/[^A-Za-z0-9_.]/g, "_");
  if (!/^[A-Za-z_]/.test(base)) base = `_${base}`;
  if (CELL_REFERENCE.test(base)) base = `${base}_`;
  return firstFree(base, existing);
}

/** A free worksheet name from `wanted`: `Reporting`, `Reporting 2`... */
export function sheetNameFor(wanted: string, existing: Iterable<string>): string {
  return uniqueSheetName(wanted, existing, { replacement: " ", fallback: "Reporting" });
}

/** The sheet of a table's PivotTable: `<table> Pivot`, the table's name cut so that " Pivot" always shows. */
export function pivotSheetNameFor(tableName: string, existing: Iterable<string>): string {
  const suffix = " Pivot";
  return sheetNameFor(`${tableName.slice(0, SHEET_NAME_MAX_LENGTH - suffix.length - 2)}${suffix}`, existing);
}
