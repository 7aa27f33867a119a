import type { HeaderStyle } from "../arguments/options";
import type { SpillCell } from "../cell-values";
import { BYTE_ORDER_MARK, isFormulaLike, neutraliseCsv } from "../csv-safety";
import { isoDateFromExcelSerial } from "../excel-dates";
import { csvField, rewriteCsvHeader } from "./csv-header";

/**
 * CSV exports as they are saved: the header in the query's style, every formula-like field
 * neutralised (csv-safety.ts: the file carries names users typed), and the byte order mark Excel
 * needs to read the file as UTF-8. The pane and the add-in's server (src/host) both use these,
 * so a file is the same whichever way it reaches the user.
 */

const LINE_END = "\r\n";

export interface CheckedCsv {
  csv: string;
  /** Fields given a leading `'`. */
  neutralised: number;
}

/** Excel reads a CSV file as UTF-8 only when it starts with the byte order mark. */
export function withByteOrderMark(csv: string): string {
  return csv.startsWith(BYTE_ORDER_MARK) ? csv : BYTE_ORDER_MARK + csv;
}

/** The service's CSV (API names in its header) as the query asked for it. */
export function prepareStatsCsv(serviceCsv: string, headers: HeaderStyle): CheckedCsv {
  const checked = neutraliseCsv(rewriteCsvHeader(serviceCsv, headers));
  return { csv: withByteOrderMark(checked.csv), neutralised: checked.neutralised };
}

/** A CSV file of rows the add-in holds (the legacy service has no export); date serials become `YYYY-MM-DD`. */
export function rowsCsv(
  header: readonly string[] | undefined,
  rows: readonly (readonly SpillCell[])[],
  dateColumns: readonly number[],
): CheckedCsv {
  const dates = new Set(dateColumns);
  const text = (cell: SpillCell, column: number): string =>
    dates.has(column) && typeof cell === "number" ? isoDateFromExcelSerial(cell) : String(cell);
  let neutralised = 0;
  // The same `'` neutraliseCsv would insert, given while writing: these values are known, not read.
  const field = (value: string): string => {
    if (!isFormulaLike(value)) return csvField(value);
    neutralised += 1;
    return csvField(`'${value}`);
  };
  const records = [...(header ? [header] : []), ...rows.map((row) => row.map(text))];
  const csv = records.map((values) => values.map(field).join(",") + LINE_END).join("");
  return { csv: withByteOrderMark(csv), neutralised };
}
