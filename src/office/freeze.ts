import { frozenSheetName, isReportingFormula, type FreezePlan, type FreezeSourceInfo } from "../core/freeze-note";
import { jsonBytes } from "../core/spill-limit";
import { runExcel } from "./excel-run";
import { valuesAsJsonSupported } from "./formatted-values";
import { formulaText } from "./selection";
import { quietForColleaguesWithoutAddin } from "./trust";
import { writeBlock } from "./tables/cell-blocks";
import { columnLetter, requireExcel, selectedCell, SYNC_BUDGET_BYTES, WorkbookError } from "./workbook";

/**
 * "Freeze selection as values": the selected table, or the result a REPORTING formula spilled,
 * copied as plain values with their number formats to a new sheet, under a note of where they
 * came from. Read and written in blocks, so that no request to Excel passes 5 MB either way.
 */

type Cell = string | number | boolean;

export interface FrozenSheet {
  sheetName: string;
  /** The new sheet's id: it survives a rename. */
  sheetId: string;
  /** The sheet row (1-based) of the first row copied, under the note. */
  firstRow: number;
  /** Rows and columns of values copied, header included. */
  rows: number;
  columns: number;
  source: FreezeSourceInfo;
}

/** The shape of `valuesAsJson` the copy needs: the value, and a format the value carries itself. */
interface JsonCell {
  basicValue?: unknown;
  numberFormat?: string;
}

const TEXT_NUMBER_FORMAT = "@";
const GENERAL = "General";
// The first block is small; later ones are sized on the heaviest row read so far, with room to spare.
const FIRST_READ_ROWS = 500;
const MAX_READ_ROWS = 20_000;
const READ_MARGIN = 2;

const NOTHING_TO_FREEZE =
  "Select a cell of an Excel table or of a REPORTING formula's result, then choose Freeze selection as values.";

interface Located {
  kind: FreezeSourceInfo["kind"];
  range: Excel.Range;
  tableName?: string;
  tableId?: string;
  /** A table's header row and totals row, when it shows them (both are part of its range). */
  headerRow?: boolean;
  totalsRow?: boolean;
  formula?: string;
}

function cellOf(value: unknown): Cell {
  return typeof value === "number" || typeof value === "boolean" || typeof value === "string"
    ? value
    : String(value ?? "");
}

/** The selected table, or the spill (or single result) of the REPORTING formula the selection is in. */
async function locate(context: Excel.RequestContext): Promise<Located> {
  const cell = await selectedCell(context, "only one cell of the table or of the formula's result");
  cell.load("address, formulas");
  const tables = cell.getTables(false).load("items/name, items/id, items/showHeaders, items/showTotals");
  await context.sync();
  const table = tables.items[0];
  if (table)
    return {
      kind: "table",
      range: table.getRange(),
      tableName: table.name,
      tableId: table.id,
      headerRow: table.showHeaders,
      totalsRow: table.showTotals,
    };
  const own = formulaText(cell.formulas[0]?.[0]);
  const spill = cell.getSpillingToRangeOrNullObject();
  spill.load("address");
  const parent = cell.getSpillParentOrNullObject();
  parent.load("address, formulas");
  await context.sync();
  if (!spill.isNullObject && isReportingFormula(own)) return { kind: "spill", range: spill, formula: own };
  if (!parent.isNullObject) {
    const formula = formulaText(parent.formulas[0]?.[0]);
    if (isReportingFormula(formula)) return { kind: "spill", range: parent.getSpillingToRangeOrNullObject(), formula };
  }
  if (isReportingFormula(own)) return { kind: "cell", range: cell, formula: own };
  throw new WorkbookError(NOTHING_TO_FREEZE);
}

/**
 * Reads the values and number formats of `range` block by block. Where Excel can say
 * (valuesAsJson, with CustomFunctionsRuntime 1.4), a number that carries its own format, such as a date a custom
 * function returned, keeps that format: the cell's own format is General there.
 */
export async function readInBlocks(
  context: Excel.RequestContext,
  range: Excel.Range,
  asJson: boolean,
): Promise<{ values: Cell[][]; formats: string[][] }> {
  range.load("rowCount, columnCount");
  await context.sync();
  const { rowCount, columnCount } = range;
  const values: Cell[][] = [];
  const formats: string[][] = [];
  let heaviestRow = 1;
  for (let start = 0, size = FIRST_READ_ROWS; start < rowCount;) {
    const count = Math.min(size, rowCount - start);
    const block = range.getCell(start, 0).getResizedRange(count - 1, columnCount - 1);
    // valuesAsJson is a property of cells, not the navigation the rule takes it for.
    // eslint-disable-next-line office-addins/no-navigational-load
    if (asJson) block.load("valuesAsJson, numberFormat");
    else block.load("values, numberFormat");
    // A sync per block is the point: one read of every row could pass Excel's 5 MB.
    // eslint-disable-next-line office-addins/no-context-sync-in-loop
    await context.sync();
    const read: unknown[][] = asJson ? block.valuesAsJson : block.values;
    const blockFormats: unknown[][] = block.numberFormat;
    read.forEach((row, r) => {
      const cellFormats = blockFormats[r] ?? [];
      values.push(row.map((cell) => cellOf(asJson ? (cell as JsonCell).basicValue : cell)));
      formats.push(
        row.map((cell, c) => {
          const format = String(cellFormats[c] ?? GENERAL);
          const own = asJson ? (cell as JsonCell).numberFormat : undefined;
          return format === GENERAL && own ? own : format;
        }),
      );
      heaviestRow = Math.max(heaviestRow, jsonBytes(row) + jsonBytes(cellFormats));
    });
    start += count;
    size = Math.max(1, Math.min(MAX_READ_ROWS, Math.floor(SYNC_BUDGET_BYTES / (heaviestRow * READ_MARGIN))));
  }
  return { values, formats };
}

/** Text is written into cells formatted as text, so that none becomes a formula; the rest keeps its format. */
function writtenFormats(values: Cell[][], formats: string[][]): string[][] {
  return values.map((row, r) =>
    row.map((value, c) =>
      typeof value === "string" && value !== "" ? TEXT_NUMBER_FORMAT : (formats[r]?.[c] ?? GENERAL),
    ),
  );
}

/**
 * Copies the selection's table or REPORTING result to a new sheet as values. `plan` names the sheet
 * and writes the note, once the values are read (a table's dates may give its period).
 */
export async function freezeSelection(plan: (source: FreezeSourceInfo) => Promise<FreezePlan>): Promise<FrozenSheet> {
  requireExcel();
  const frozen = await runExcel(async (context) => {
    const located = await locate(context);
    located.range.load("address");
    const { values, formats } = await readInBlocks(
      context,
      located.range,
      located.kind !== "table" && valuesAsJsonSupported(),
    );
    const source: FreezeSourceInfo = {
      kind: located.kind,
      address: located.range.address,
      tableName: located.tableName,
      tableId: located.tableId,
      headerRow: located.headerRow,
      totalsRow: located.totalsRow,
      formula: located.formula,
      rows: values,
    };
    const { sheetBase, note } = await plan(source);

    const sheets = context.workbook.worksheets;
    sheets.load("items/name");
    await context.sync();
    const sheetName = frozenSheetName(
      sheetBase,
      sheets.items.map((sheet) => sheet.name),
    );
    const sheet = sheets.add(sheetName);
    sheet.load("id");
    const noteRange = sheet.getRange(`A1:B${note.length}`);
    noteRange.numberFormat = note.map(() => [TEXT_NUMBER_FORMAT, TEXT_NUMBER_FORMAT]);
    noteRange.values = note.map(([label, text]) => [label, text]);

    const columns = values[0]?.length ?? 0;
    const firstRow = note.length + 2;
    await writeBlock(context, sheet, firstRow - 1, 0, { values, formats: writtenFormats(values, formats) });
    sheet
      .getRange(`A1:${columnLetter(Math.max(columns, 2) - 1)}${firstRow + values.length - 1}`)
      .format.autofitColumns();
    sheet.activate();
    await context.sync();
    return { sheetName, sheetId: sheet.id, firstRow, rows: values.length, columns, source };
  });
  // The frozen copy is meant to be shared: the rest of the workbook may still hold formulas.
  await quietForColleaguesWithoutAddin();
  return frozen;
}
