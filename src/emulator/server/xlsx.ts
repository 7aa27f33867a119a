import ExcelJS from "exceljs";
import type { Cell, Column, ColumnKind, StatsTable } from "./stats-table";

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const NUMBER_FORMATS: Record<ColumnKind, string | undefined> = {
  date: "yyyy-mm-dd",
  text: undefined,
  integer: "#,##0",
  // The value keeps full precision; the format only decides how much Excel shows.
  decimal: "#,##0.00##",
};

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real Excel date for a day; Excel stores dates without a zone, so UTC midnight is exact. */
function cellValue(value: Cell, column: Column): ExcelJS.CellValue {
  if (column.kind === "date" && typeof value === "string" && DAY_PATTERN.test(value)) {
    return new Date(`${value}T00:00:00Z`);
  }
  return value;
}

export async function toXlsx(table: StatsTable): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Reporting emulator";
  const sheet = workbook.addWorksheet("Statistics", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = table.columns.map((column) => ({
    header: column.name,
    key: column.name,
    width: column.kind === "text" ? 24 : 14,
    style: NUMBER_FORMATS[column.kind] ? { numFmt: NUMBER_FORMATS[column.kind] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) {
    sheet.addRow(row.map((value, index) => cellValue(value, table.columns[index]!)));
  }
  const written = await workbook.xlsx.writeBuffer();
  return Buffer.from(written);
}
