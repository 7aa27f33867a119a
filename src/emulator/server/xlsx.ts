import type { Writable } from "node:stream";
import ExcelJS from "exceljs";
import type { Cell, Column, ColumnKind } from "./stats-table";

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const NUMBER_FORMATS: Record<ColumnKind, string | undefined> = {
  date: "yyyy-mm-dd",
  text: undefined,
  integer: "#,##0",
  // The value keeps full precision; the format only decides how much Excel shows.
  decimal: "#,##0.00##",
};

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** Rows written between two turns of the event loop, so that other requests are answered meanwhile. */
const ROWS_PER_TURN = 2_000;

/** A real Excel date for a day; Excel stores dates without a zone, so UTC midnight is exact. */
function cellValue(value: Cell, column: Column): ExcelJS.CellValue {
  if (column.kind === "date" && typeof value === "string" && DAY_PATTERN.test(value)) {
    return new Date(`${value}T00:00:00Z`);
  }
  return value;
}

function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Waits while `out` holds more than it wants, so that a slow reader paces the writing. */
function drained(out: Writable): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off("drain", done);
      out.off("close", done);
      resolve();
    };
    out.on("drain", done);
    out.on("close", done);
  });
}

/**
 * Writes the workbook to `out` row by row with ExcelJS's streaming writer: the first bytes leave
 * at once and memory stays flat. Built whole in memory, a 369,000-row file took 4 GB and minutes
 * before its first byte. Ends `out`; stops early when `out` is closed (the caller went away).
 */
export async function writeXlsx(columns: readonly Column[], rows: Iterable<Cell[]>, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = "Reporting emulator";
  const sheet = workbook.addWorksheet("Statistics", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns.map((column) => {
    const numFmt = NUMBER_FORMATS[column.kind];
    return {
      header: column.name,
      key: column.name,
      width: column.kind === "text" ? 24 : 14,
      style: numFmt ? { numFmt } : {},
    };
  });
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  let written = 0;
  for (const row of rows) {
    if (out.destroyed) return;
    sheet.addRow(row.map((value, index) => cellValue(value, columns[index]!))).commit();
    written += 1;
    if (written % ROWS_PER_TURN === 0) {
      await turn();
      await drained(out);
    }
  }
  sheet.commit();
  await workbook.commit();
}
