import { ReportingError } from "../../client/errors";
import type { TableCell, TableData } from "../workbook-queries/table-columns";
import { blockText, columnLetters, parseBlock, type CellBlock } from "./cell-address";
import { cellText, cellValue, growDimension, holdsData, movedCell, readBlock, rewriteBlock, type SheetCell } from "./sheet-cells";
import { tablesOf, type TableInfo, type WorkbookPackage } from "./workbook-package";
import { attribute, buildXmlPart, childrenOf, elementsNamed, escapeXmlText, firstElement, rootOf, setAttribute } from "./xml-part";

/**
 * Writes a refreshed answer into a table of the package, as the pane's refresh writes it in
 * Excel (src/office/tables/refresh-table.ts): the query's columns take the new rows in their
 * order, each keeping the number format (cell style) of its first data row; the user's columns
 * right of them keep their calculated-column formula, or what was typed beside each record; a
 * totals row follows the rows down; the table and its filter grow or shrink. It refuses, for this
 * table, to grow over cells that hold data, naming them. Cells outside the table are not written.
 */

export class TableWriteError extends ReportingError {
  constructor(userMessage: string) {
    super({ code: "workbook", kind: "workbook", userMessage, retryable: false });
    this.name = "TableWriteError";
  }
}

export interface TableRewrite {
  table: TableInfo;
  /** Header and data rows, before and after (no totals row): what a PivotTable's range covers. */
  oldData: CellBlock;
  newData: CellBlock;
  /** Every cell written or cleared, for the calculation chain. */
  touched: CellBlock;
  rowsBefore: number;
  rowsAfter: number;
  /** Sum of each metric column, before and after. */
  totalsBefore: Record<string, number>;
  totalsAfter: Record<string, number>;
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The table a stored query names: by name (Excel's names are unique in a workbook), on its sheet if several. */
export function findTableInfo(pkg: WorkbookPackage, name: string, sheet: string): TableInfo | undefined {
  const named = tablesOf(pkg).filter((table) => sameName(table.displayName, name) || sameName(table.name, name));
  return named.find((table) => table.sheet.name === sheet) ?? named[0];
}

/** A data cell's text, built directly: a table of 100,000 rows writes half a million of them. */
function valueCellText(address: string, value: TableCell, style: string | undefined): string | undefined {
  const open = style === undefined ? `<c r="${address}"` : `<c r="${address}" s="${escapeXmlText(style)}"`;
  if (typeof value === "number") return Number.isFinite(value) ? `${open}><v>${value}</v></c>` : undefined;
  if (typeof value === "boolean") return `${open} t="b"><v>${value ? 1 : 0}</v></c>`;
  if (value === "") return style === undefined ? undefined : `${open}/>`;
  // Inline strings: the shared strings part stays untouched, and Excel turns them into shared ones on its next save.
  const space = /^\s|\s$/.test(value) ? ' xml:space="preserve"' : "";
  return `${open} t="inlineStr"><is><t${space}>${escapeXmlText(value)}</t></is></c>`;
}

/** A formula cell without its cached value: Excel (fullCalcOnLoad) and LibreOffice compute it afresh. */
function formulaOnly(cell: SheetCell, row: number): string {
  const formula = /<(?:[\w.-]+:)?f\b[^>]*?(?:\/>|>[\s\S]*?<\/(?:[\w.-]+:)?f>)/.exec(cell.inner)?.[0];
  if (!formula || / t="shared"/.test(formula)) return movedCell(cell, row);
  const attributes = [...cell.attributes].filter(([name]) => name !== "t" && name !== "cm" && name !== "vm");
  return cellText(row, cell.column, attributes, formula);
}

const keyOf = (values: readonly unknown[]) => JSON.stringify(values.map((value) => (value === undefined ? "" : String(value))));

function sums(rows: readonly (readonly unknown[])[], metricIndexes: readonly [string, number][]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const [key, index] of metricIndexes) {
    let sum = 0;
    for (const row of rows) {
      const value = row[index];
      if (typeof value === "number" && Number.isFinite(value)) sum += value;
    }
    totals[key] = Math.round(sum * 1e6) / 1e6;
  }
  return totals;
}

function refuse(table: string, why: string): never {
  throw new TableWriteError(`The table ${table} was not refreshed: ${why} The table keeps its previous rows.`);
}

export function rewriteTable(pkg: WorkbookPackage, table: TableInfo, queryColumns: number, data: TableData, sharedStrings: readonly string[]): TableRewrite {
  const name = table.displayName;
  const block = parseBlock(table.ref);
  if (!block) refuse(name, "its address in the file could not be read. Open the workbook in Excel, save it, then run the refresh again.");
  if (table.headerRows !== 1) {
    refuse(name, "its header row is turned off. Open the workbook in Excel, select a cell of the table, tick Header Row on the Table Design tab, save, then run the refresh again.");
  }
  const width = block.right - block.left + 1;
  const owned = Math.min(queryColumns, width);
  if (data.columns.length !== owned) {
    refuse(name, "its query now has a different number of columns than the table. Refresh it once in Excel with the add-in, save, then run the refresh again.");
  }
  const totals = table.totalsRows > 0 ? 1 : 0;
  const oldBody = block.bottom - block.top - totals;
  const rows: readonly (readonly TableCell[])[] = data.rows.length > 0 ? data.rows : [data.columns.map(() => "")];
  const newBottom = block.top + rows.length + totals;
  let sheetXml = pkg.text(table.sheet.path);

  if (newBottom > block.bottom) {
    const below: CellBlock = { top: block.bottom + 1, left: block.left, bottom: newBottom, right: block.right };
    const used = [...readBlock(sheetXml, below).values()].flatMap((cells) => [...cells.values()].filter(holdsData));
    if (used.length > 0) {
      const taken: CellBlock = {
        top: Math.min(...used.map((cell) => cell.row)),
        bottom: Math.max(...used.map((cell) => cell.row)),
        left: Math.min(...used.map((cell) => cell.column)),
        right: Math.max(...used.map((cell) => cell.column)),
      };
      const where = taken.top === taken.bottom && taken.left === taken.right ? blockText(taken).split(":")[0] : blockText(taken);
      refuse(
        name,
        `it needs ${(newBottom - block.bottom).toLocaleString("en-US")} more rows below it, but ${where} on the sheet ${table.sheet.name} holds data that the refresh will not overwrite or move. Move that data away from the table, save, then run the refresh again.`,
      );
    }
  }

  const old = readBlock(sheetXml, block);
  const bodyRow = (index: number) => old.get(block.top + 1 + index) ?? new Map<number, SheetCell>();
  const styles = Array.from({ length: width }, (_, column) => bodyRow(0).get(block.left + column)?.attribute("s"));
  const letters = Array.from({ length: width }, (_, column) => columnLetters(block.left + column));
  const oldValues = Array.from({ length: oldBody }, (_, index) => Array.from({ length: width }, (_, column) => {
    const cell = bodyRow(index).get(block.left + column);
    return cell ? cellValue(cell, sharedStrings) : undefined;
  }));

  // What the user typed in their own columns follows its record (its group values), as in the pane.
  const keyIndexes = data.columns.flatMap((column, index) => (column.isMetric ? [] : [index]));
  const typed = new Map<string, Map<number, SheetCell>[]>();
  for (let index = 0; index < oldBody; index++) {
    const key = keyIndexes.length > 0 ? keyOf(keyIndexes.map((column) => oldValues[index]![column])) : String(index);
    const cells = new Map<number, SheetCell>();
    for (let column = owned; column < width; column++) {
      const cell = bodyRow(index).get(block.left + column);
      if (cell && table.columns[column]?.formula === undefined) cells.set(column, cell);
    }
    typed.set(key, [...(typed.get(key) ?? []), cells]);
  }
  const totalsCells = totals ? (old.get(block.bottom) ?? new Map<number, SheetCell>()) : new Map<number, SheetCell>();

  const cellsOfRow = (row: number): { column: number; text: string }[] => {
    const made: { column: number; text: string }[] = [];
    const index = row - block.top - 1;
    if (index < rows.length) {
      const values = rows[index]!;
      for (let column = 0; column < owned; column++) {
        const text = valueCellText(`${letters[column]}${row + 1}`, values[column] ?? "", styles[column]);
        if (text) made.push({ column: block.left + column, text });
      }
      const key = keyIndexes.length > 0 ? keyOf(keyIndexes.map((column) => values[column])) : String(index);
      const mine = typed.get(key)?.shift();
      for (let column = owned; column < width; column++) {
        const formula = table.columns[column]?.formula;
        const at = block.left + column;
        if (formula !== undefined) {
          made.push({ column: at, text: cellText(row, at, styles[column] === undefined ? [] : [["s", styles[column]!]], `<f>${escapeXmlText(formula)}</f>`) });
        } else {
          const cell = mine?.get(column);
          if (cell) made.push({ column: at, text: movedCell(cell, row, at) });
          else if (styles[column] !== undefined) made.push({ column: at, text: cellText(row, at, [["s", styles[column]!]], "") });
        }
      }
    } else if (totals && row === newBottom) {
      for (const cell of totalsCells.values()) made.push({ column: cell.column, text: formulaOnly(cell, row) });
    }
    return made.sort((a, b) => a.column - b.column);
  };

  const touched: CellBlock = { top: block.top + 1, left: block.left, bottom: Math.max(block.bottom, newBottom), right: block.right };
  sheetXml = rewriteBlock(sheetXml, touched, cellsOfRow);
  const newBlock: CellBlock = { ...block, bottom: newBottom };
  sheetXml = growDimension(sheetXml, newBlock, (ref, grown) => {
    const current = parseBlock(ref);
    return current ? blockText({ top: Math.min(current.top, grown.top), left: Math.min(current.left, grown.left), bottom: Math.max(current.bottom, grown.bottom), right: Math.max(current.right, grown.right) }) : ref;
  });
  pkg.replace(table.sheet.path, sheetXml);
  updateTablePart(pkg, table, newBlock, totals);

  const metricIndexes = data.columns.flatMap((column, index): [string, number][] => (column.isMetric ? [[column.key, index]] : []));
  return {
    table,
    oldData: { ...block, bottom: block.bottom - totals },
    newData: { ...block, bottom: newBottom - totals },
    touched,
    rowsBefore: oldBody,
    rowsAfter: data.rows.length,
    totalsBefore: sums(oldValues, metricIndexes),
    totalsAfter: sums(rows, metricIndexes),
  };
}

/** The table's `ref`, its filter's (without the totals row) and its sort's (data rows only). */
function updateTablePart(pkg: WorkbookPackage, table: TableInfo, block: CellBlock, totals: number): void {
  const part = pkg.part(table.path);
  const root = rootOf(part);
  setAttribute(root, "ref", blockText(block));
  const filterBlock = { ...block, bottom: block.bottom - totals };
  const autoFilter = firstElement(childrenOf(root), "autoFilter");
  if (autoFilter && attribute(autoFilter, "ref") !== undefined) setAttribute(autoFilter, "ref", blockText(filterBlock));
  for (const holder of [root, ...(autoFilter ? [autoFilter] : [])]) {
    const sort = firstElement(childrenOf(holder), "sortState");
    if (!sort) continue;
    if (attribute(sort, "ref") !== undefined) setAttribute(sort, "ref", blockText({ ...filterBlock, top: filterBlock.top + 1 }));
    // Each sort key names its column's data cells: the same column, down to the new last row.
    for (const condition of elementsNamed(childrenOf(sort), "sortCondition")) {
      const keyBlock = parseBlock(attribute(condition, "ref") ?? "");
      if (keyBlock) setAttribute(condition, "ref", blockText({ ...keyBlock, top: filterBlock.top + 1, bottom: filterBlock.bottom }));
    }
  }
  pkg.replace(table.path, buildXmlPart(part));
}
