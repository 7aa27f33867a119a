import type { GroupName } from "../../api";
import { sheetNameFor, statsTableName } from "../../core/workbook-queries/names";
import type { TableData } from "../../core/workbook-queries/table-columns";
import type { WrittenTable } from "../../core/workbook-queries/table-refresh";
import { runExcel } from "../excel-run";
import { requireExcel, WorkbookError } from "../workbook";
import { blockAddress, dataFormats, headerFormats, writeBlock } from "./cell-blocks";
import { namesInUse } from "./taken-names";

export type TableDestination = { kind: "new"; sheetName: string } | { kind: "existing"; sheetName: string };

/** The table's name, from the names the workbook's tables and defined names already have; a STATS query's by default. */
type TableNamer = (existing: readonly string[]) => string;

export interface InsertedTable extends WrittenTable {
  /** The table's header names as Excel keeps them. */
  headers: string[];
  address: string;
  /** context.sync calls the insert took (for the bench). */
  syncs: number;
}

/**
 * Writes a query's rows as an Excel Table with a readable name, on a new sheet or to the right
 * of what an existing sheet holds (so that nothing there is overwritten, and the table can grow
 * down freely when refreshed).
 */
export async function insertQueryTable(
  data: TableData,
  destination: TableDestination,
  nameTable?: TableNamer,
): Promise<InsertedTable> {
  requireExcel();
  const width = data.header.length;
  if (width === 0) throw new WorkbookError("There is nothing to insert: the query returned no columns.");
  return runExcel(async (context) => {
    const existing = await namesInUse(context);
    const sheets = context.workbook.worksheets;
    sheets.load("items/name");
    let syncs = 3;
    await context.sync();
    let sheet: Excel.Worksheet;
    let column = 0;
    if (destination.kind === "new") {
      sheet = sheets.add(
        sheetNameFor(
          destination.sheetName,
          sheets.items.map((item) => item.name),
        ),
      );
    } else {
      sheet = sheets.getItem(destination.sheetName);
      const used = sheet.getUsedRangeOrNullObject(true);
      used.load("columnIndex, columnCount");
      await context.sync();
      syncs++;
      // One empty column between what the sheet holds and the table.
      if (!used.isNullObject) column = used.columnIndex + used.columnCount + 1;
    }
    const rows = data.rows.length;
    syncs += await writeBlock(context, sheet, 0, column, {
      values: [data.header, ...data.rows],
      formats: [...headerFormats(data.header), ...dataFormats(data.rows, data.columns)],
    });
    const address = blockAddress(0, column, rows + 1, width);
    const table = sheet.tables.add(address, true);
    table.name = nameTable
      ? nameTable(existing)
      : statsTableName(
          data.columns.filter((item) => !item.isMetric).map((item) => item.key as GroupName),
          existing,
        );
    table.getRange().format.autofitColumns();
    table.load("id, name");
    sheet.load("name");
    const columns = table.columns;
    columns.load("items/name");
    sheet.activate();
    await context.sync();
    syncs++;
    return {
      excelId: table.id,
      name: table.name,
      sheet: sheet.name,
      rows,
      headers: columns.items.map((item) => item.name),
      address,
      syncs,
    };
  });
}
