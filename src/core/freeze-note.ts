import { nameKey } from "./arguments/list-text";
import { readLegacyQuery } from "./arguments/legacy-query";
import { readStatsQuery } from "./arguments/stats-query";
import { readValueQuery } from "./arguments/value-query";
import { addDays, addMonths, endOfMonth, formatIsoDate, startOfQuarter } from "./calendar";
import type { CellValue } from "./cell-values";
import { isExcelDateSerial, isoDateFromExcelSerial } from "./excel-dates";
import { readFormulaCall } from "./formula-call";
import { addinFunctionOf, callsAddinFunction } from "./formula-namespace";
import { normalisePeriodWord, periodDatesText, type DateRange, type Today } from "./periods";
import { uniqueSheetName } from "./sheet-names";

/**
 * "Freeze for close": what the sheet of frozen values is called and the note written above them,
 * so that a closed month's numbers say where they came from long after they stopped moving.
 */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `Jun 2026`, `Q2 2026`, `2026`, one day, or both ends; short enough for a sheet name. */
export function periodLabel(range: DateRange): string {
  const { from, to } = range;
  if (from === to) return from;
  const year = from.slice(0, 4);
  const sameYear = to.slice(0, 4) === year;
  if (from.endsWith("-01") && to === endOfMonth(from)) return `${MONTHS[Number(from.slice(5, 7)) - 1]} ${year}`;
  if (sameYear && from === startOfQuarter(from) && to === addDays(addMonths(from, 3), -1))
    return `Q${Math.ceil(Number(from.slice(5, 7)) / 3)} ${year}`;
  if (sameYear && from.endsWith("-01-01") && to.endsWith("-12-31")) return year;
  return sameYear ? `${from} to ${to.slice(5)}` : `${from}–${to}`;
}

/** `<base> (frozen)`, numbered past the names `taken` (Excel compares them ignoring case), within Excel's rules. */
export function frozenSheetName(base: string, taken: readonly string[]): string {
  return uniqueSheetName(base, taken, {
    replacement: "-",
    fallback: "Values",
    suffix: (n) => (n === 1 ? " (frozen)" : ` (frozen ${n})`),
  });
}

/** The local time of `date` as `YYYY-MM-DD HH:MM`, as the user's clock shows it. */
export function localTimestamp(date: Date): string {
  const time = `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
  return `${formatIsoDate(date.getFullYear(), date.getMonth() + 1, date.getDate())} ${time}`;
}

interface FormulaQuery {
  /** `STATS`, `LEGACY.STATS`... */
  functionName: string;
  period?: DateRange;
  word?: string;
  profile?: string;
}

const CALLS: readonly {
  name: string;
  read: (values: CellValue[], today: Today) => { period?: DateRange | undefined; profile?: string | undefined };
}[] = [
  {
    name: "STATS",
    read: ([from, to, groups, metrics, filters, orders, options], today) => {
      const query = readStatsQuery({ from, to, groups, metrics, filters, orders, options }, today);
      return { period: { from: query.request.filters.from, to: query.request.filters.to }, profile: query.profile };
    },
  },
  {
    name: "LEGACY.STATS",
    read: ([from, to, groupBy, options], today) => readLegacyQuery({ from, to, groupBy, options }, today),
  },
  {
    name: "VALUE",
    read: ([metric, from, to, filters, options], today) =>
      readValueQuery({ metric, from, to, filters, options }, today),
  },
];

/** True for a formula that is one call of a REPORTING function, under either namespace (its result is worth freezing). */
export function isReportingFormula(formula: string): boolean {
  const read = readFormulaCall(formula);
  return !("problem" in read) && addinFunctionOf(read.call) !== undefined;
}

/** What a REPORTING formula asks for, as far as its typed-in arguments tell. */
function formulaQuery(formula: string, today: Today): FormulaQuery | undefined {
  const read = readFormulaCall(formula);
  const functionName = "problem" in read ? undefined : addinFunctionOf(read.call);
  if ("problem" in read || functionName === undefined) return undefined;
  const known = CALLS.find((call) => callsAddinFunction(read.call, call.name));
  if (!known || read.call.args.some((arg) => arg.kind === "expression")) return { functionName };
  const values = read.call.args.map((arg) => (arg.kind === "empty" || arg.kind === "expression" ? null : arg.value));
  try {
    const { period, profile } = known.read(values, today);
    const from = values[known.name === "VALUE" ? 1 : 0];
    const word = typeof from === "string" ? normalisePeriodWord(from) : undefined;
    return { functionName, ...(period ? { period } : {}), ...(word ? { word } : {}), ...(profile ? { profile } : {}) };
  } catch {
    // A formula in error shows an error, and is frozen as such; its note just has no period.
    return { functionName };
  }
}

/** The profile a REPORTING formula pins with `profile=`, as far as its typed-in arguments tell. */
export function formulaProfile(formula: string, today: Today): string | undefined {
  return formulaQuery(formula, today)?.profile;
}

/** The first and last day of a table's Date column (header `Date` or `date`), if it has one. */
function datesInTable(rows: readonly (readonly unknown[])[]): DateRange | undefined {
  const column = (rows[0] ?? []).findIndex((cell) => typeof cell === "string" && nameKey(cell) === "date");
  if (column < 0) return undefined;
  const days = rows
    .slice(1)
    .map((row) => row[column])
    .filter((cell): cell is number => typeof cell === "number" && isExcelDateSerial(cell))
    .map(isoDateFromExcelSerial)
    .sort();
  const from = days[0];
  const to = days[days.length - 1];
  return from && to ? { from, to } : undefined;
}

export interface FreezeSourceInfo {
  kind: "table" | "spill" | "cell";
  /** The copied range, sheet included (`Sheet1!B2:F40`). */
  address: string;
  tableName?: string | undefined;
  /** Excel's id of the table: it survives a rename. */
  tableId?: string | undefined;
  /** Whether a table's range began with its header row and ended with its totals row (undefined: not a table). */
  headerRow?: boolean | undefined;
  totalsRow?: boolean | undefined;
  /** The formula whose result is copied. */
  formula?: string | undefined;
  /** The copied values, header row first. */
  rows: readonly (readonly unknown[])[];
}

/** What the workbook recorded of a table's query, for tables whose query it keeps. */
export interface StoredTableQuery {
  words: string;
  period?: DateRange | undefined;
  profile?: string | undefined;
  refreshedAt?: string | undefined;
  dataThrough?: string | undefined;
}

export interface FreezeNoteInput {
  source: FreezeSourceInfo;
  today: Today;
  /** When the copy is made, as `localTimestamp` writes it. */
  copiedAt: string;
  activeProfile?: string | undefined;
  /** The last day the service has statistics for (`/dates`), or why it is not known. */
  dataThrough: { day: string } | { unknown: string };
  storedQuery?: StoredTableQuery | undefined;
}

export interface FreezePlan {
  /** The new sheet's name before it is made unique: see `frozenSheetName`. */
  sheetBase: string;
  /** Label and text, one pair per row, written above the values. */
  note: [string, string][];
}

export function freezePlan(input: FreezeNoteInput): FreezePlan {
  const { source, storedQuery } = input;
  const fromFormula = source.formula ? formulaQuery(source.formula, input.today) : undefined;
  const tableDates = source.kind === "table" && !storedQuery?.period ? datesInTable(source.rows) : undefined;
  const period = fromFormula?.period ?? storedQuery?.period ?? tableDates;

  const query = source.formula ?? storedQuery?.words ?? `The table ${source.tableName ?? source.address}`;
  let periodText = "not set by the query";
  if (period) {
    periodText = periodDatesText(period);
    if (fromFormula?.word) periodText += ` (${fromFormula.word} when copied)`;
    else if (tableDates) periodText += " (the dates in the table)";
  } else if (fromFormula?.functionName === "LEGACY.STATS") {
    periodText = "the service's default period";
  }
  const profile = fromFormula?.profile ?? storedQuery?.profile ?? input.activeProfile;
  const refreshed =
    storedQuery?.refreshedAt ??
    (source.formula ? `when Excel last calculated the formula, before ${input.copiedAt}` : "not recorded");
  const dataThrough = "day" in input.dataThrough ? input.dataThrough.day : `not known (${input.dataThrough.unknown})`;

  return {
    sheetBase: period ? periodLabel(period) : (source.tableName ?? fromFormula?.functionName ?? "Values"),
    note: [
      ["Frozen values", `Copied from ${source.address} at ${input.copiedAt}. They no longer refresh.`],
      ["Query", query],
      ["Period", periodText],
      ["Profile", profile ?? "none (no profile was signed in)"],
      ["Last refreshed", refreshed],
      ["Data through", storedQuery?.dataThrough ?? dataThrough],
    ],
  };
}
