import { ReportingError } from "../../client/errors";
import type { TableChanges } from "../changes/table-changes";
import type { TableCell, TableColumn } from "../workbook-queries/table-columns";
import { blockText, columnLetters, parseBlock, type CellBlock } from "./cell-address";
import {
  cellText,
  cellValue,
  growDimension,
  holdsData,
  movedCell,
  SheetFormatError,
  type SheetCell,
} from "./sheet-cells";
import { followDefinedNames, followSheetTail, type TableResize } from "./range-follow";
import type { PartChunks } from "./part-chunks";
import { rewriteSheet, visitBlock, type NewCell } from "./sheet-stream";
import { tablesOf, type TableInfo, type WorkbookPackage } from "./workbook-package";
import {
  attribute,
  buildXmlPart,
  childrenOf,
  elementsNamed,
  escapeXmlText,
  firstElement,
  rootOf,
  setAttribute,
} from "./xml-part";

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
export function valueCellText(address: string, value: TableCell, style: string | undefined): string | undefined {
  const open = style === undefined ? `<c r="${address}"` : `<c r="${address}" s="${escapeXmlText(style)}"`;
  if (typeof value === "number") return Number.isFinite(value) ? `${open}><v>${value}</v></c>` : undefined;
  if (typeof value === "boolean") return `${open} t="b"><v>${value ? 1 : 0}</v></c>`;
  if (value === "") return style === undefined ? undefined : `${open}/>`;
  // Inline strings: the shared strings part stays untouched, and Excel turns them into shared ones on its next save.
  const space = /^\s|\s$/.test(value) ? ' xml:space="preserve"' : "";
  return `${open} t="inlineStr"><is><t${space}>${escapeXmlText(value)}</t></is></c>`;
}

/** A formula cell without its cached value: Excel (fullCalcOnLoad) and LibreOffice compute it afresh. */
export function formulaOnly(cell: SheetCell, row: number): string {
  const formula = /<(?:[\w.-]+:)?f\b[^>]*?(?:\/>|>[\s\S]*?<\/(?:[\w.-]+:)?f>)/.exec(cell.inner)?.[0];
  if (!formula || / t="shared"/.test(formula)) return movedCell(cell, row);
  const attributes = [...cell.attributes].filter(([name]) => name !== "t" && name !== "cm" && name !== "vm");
  return cellText(row, cell.column, attributes, formula);
}

const keyOf = (values: readonly unknown[]) =>
  JSON.stringify(values.map((value) => (value === undefined ? "" : String(value))));

/** A running sum per metric column, rounded as the run log shows it. */
class MetricSums {
  private readonly sums: number[];

  constructor(private readonly metrics: readonly [string, number][]) {
    this.sums = metrics.map(() => 0);
  }

  add(row: readonly unknown[]): void {
    this.metrics.forEach(([, index], at) => {
      const value = row[index];
      if (typeof value === "number" && Number.isFinite(value)) this.sums[at]! += value;
    });
  }

  totals(): Record<string, number> {
    return Object.fromEntries(this.metrics.map(([key], at) => [key, Math.round(this.sums[at]! * 1e6) / 1e6]));
  }
}

function refuse(table: string, why: string): never {
  throw new TableWriteError(`The table ${table} was not refreshed: ${why} The table keeps its previous rows.`);
}

/**
 * A query's answer as the file refresh writes it: its columns, how many rows, and the rows
 * themselves, which may be read more than once (kept on disk by the command, not in memory).
 */
export interface TableRows {
  columns: TableColumn[];
  count: number;
  rows(): Iterable<readonly TableCell[]>;
}

/**
 * Hears the table's rows as the refresh reads them: the old ones (the values of the query's
 * columns, as they were in the file) and the new ones, without the refresh keeping either.
 */
export interface TableRowObserver {
  /** How many old rows are about to be heard (the table's data rows), before the first. */
  expectRows?(count: number): void;
  before?(values: readonly (TableCell | undefined)[]): void;
  after?(values: readonly TableCell[]): void;
  /** The change report over the rows heard, saved with the table's record (and its Refresh log row). */
  changes?(): TableChanges;
}

/** The old table as read in one pass over its sheet, keeping only what the rewrite needs. */
interface OldTable {
  rowsBefore: number;
  totalsBefore: Record<string, number>;
  /** The number format (style) of each column's first data row. */
  styles: (string | undefined)[];
  /** What the user typed in their own columns, by record (group values), in the records' order. */
  typed: Map<string, Map<number, SheetCell>[]>;
  totalsCells: Map<number, SheetCell>;
  /** The cells below the table that hold data, where it would grow. */
  blocking: SheetCell[];
}

function readOldTable(
  source: Iterable<string>,
  table: TableInfo,
  block: CellBlock,
  owned: number,
  columns: readonly TableColumn[],
  newBottom: number,
  sharedStrings: readonly string[],
  observer: TableRowObserver | undefined,
): OldTable {
  const width = block.right - block.left + 1;
  const totals = table.totalsRows > 0 ? 1 : 0;
  const lastBody = block.bottom - totals;
  const keyIndexes = columns.flatMap((column, index) => (column.isMetric ? [] : [index]));
  const typedColumns = Array.from({ length: width - owned }, (_, offset) => owned + offset).filter(
    (column) => table.columns[column]?.formula === undefined,
  );
  const sums = new MetricSums(
    columns.flatMap((column, index): [string, number][] => (column.isMetric ? [[column.key, index]] : [])),
  );
  const old: OldTable = {
    rowsBefore: lastBody - block.top,
    totalsBefore: {},
    styles: [],
    typed: new Map(),
    totalsCells: new Map(),
    blocking: [],
  };
  const body = (index: number, cells: Map<number, SheetCell>) => {
    if (index === 0)
      old.styles = Array.from({ length: width }, (_, column) => cells.get(block.left + column)?.attribute("s"));
    const values = Array.from({ length: owned }, (_, column) => {
      const cell = cells.get(block.left + column);
      return cell ? cellValue(cell, sharedStrings) : undefined;
    });
    sums.add(values);
    observer?.before?.(values);
    if (typedColumns.length === 0) return;
    const key = keyIndexes.length > 0 ? keyOf(keyIndexes.map((column) => values[column])) : String(index);
    const mine = new Map<number, SheetCell>();
    for (const column of typedColumns) {
      const cell = cells.get(block.left + column);
      if (cell) mine.set(column, cell);
    }
    const list = old.typed.get(key);
    if (list) list.push(mine);
    else old.typed.set(key, [mine]);
  };
  observer?.expectRows?.(old.rowsBefore);
  // Rows the sheet does not write are empty rows of the table: they count as records too.
  let nextBody = block.top + 1;
  const emptyUpTo = (row: number) => {
    for (; nextBody < Math.min(row, lastBody + 1); nextBody++) body(nextBody - block.top - 1, new Map());
  };
  visitBlock(source, { ...block, bottom: Math.max(block.bottom, newBottom) }, (row, cells) => {
    if (row > block.bottom) {
      for (const cell of cells.values()) if (holdsData(cell)) old.blocking.push(cell);
      return;
    }
    if (row <= block.top) return;
    if (row <= lastBody) {
      emptyUpTo(row);
      body(row - block.top - 1, cells);
      nextBody = row + 1;
    } else if (totals) {
      old.totalsCells = cells;
    }
  });
  emptyUpTo(lastBody + 1);
  if (old.styles.length === 0) old.styles = Array.from({ length: width }, () => undefined);
  old.totalsBefore = sums.totals();
  return old;
}

/** The answer's rows, or one empty row when it has none: a table keeps at least one data row. */
function* rowsToWrite(data: TableRows): Generator<readonly TableCell[]> {
  if (data.count === 0) {
    yield data.columns.map(() => "");
    return;
  }
  yield* data.rows();
}

/**
 * Rewrites `table` with `data`. The old sheet is read once now (for the check that the table may
 * grow, and what the user's columns and totals row hold) and the new one is only described: it
 * is written, reading the old sheet and the rows again, when the package is written, so neither
 * sheet is ever held whole. `observer` hears the old and new rows as they are read.
 */
export function rewriteTable(
  pkg: WorkbookPackage,
  table: TableInfo,
  queryColumns: number,
  data: TableRows,
  sharedStrings: readonly string[],
  observer?: TableRowObserver,
): TableRewrite {
  const name = table.displayName;
  const block = parseBlock(table.ref);
  if (!block)
    refuse(
      name,
      "its address in the file could not be read. Open the workbook in Excel, save it, then run the refresh again.",
    );
  if (table.headerRows !== 1) {
    refuse(
      name,
      "its header row is turned off. Open the workbook in Excel, select a cell of the table, tick Header Row on the Table Design tab, save, then run the refresh again.",
    );
  }
  const width = block.right - block.left + 1;
  const owned = Math.min(queryColumns, width);
  if (data.columns.length !== owned) {
    refuse(
      name,
      "its query now has a different number of columns than the table. Refresh it once in Excel with the add-in, save, then run the refresh again.",
    );
  }
  const totals = table.totalsRows > 0 ? 1 : 0;
  const newCount = Math.max(1, data.count);
  const newBottom = block.top + newCount + totals;
  const previous = pkg.source(table.sheet.path);
  const old = readOldTable(previous(), table, block, owned, data.columns, newBottom, sharedStrings, observer);

  if (old.blocking.length > 0) {
    const used = old.blocking;
    const taken: CellBlock = {
      top: Math.min(...used.map((cell) => cell.row)),
      bottom: Math.max(...used.map((cell) => cell.row)),
      left: Math.min(...used.map((cell) => cell.column)),
      right: Math.max(...used.map((cell) => cell.column)),
    };
    const where =
      taken.top === taken.bottom && taken.left === taken.right ? blockText(taken).split(":")[0] : blockText(taken);
    refuse(
      name,
      `it needs ${(newBottom - block.bottom).toLocaleString("en-US")} more rows below it, but ${where} on the sheet ${table.sheet.name} holds data that the refresh will not overwrite or move. Move that data away from the table, save, then run the refresh again.`,
    );
  }

  const sumsAfter = new MetricSums(
    data.columns.flatMap((column, index): [string, number][] => (column.isMetric ? [[column.key, index]] : [])),
  );
  for (const row of data.rows()) {
    sumsAfter.add(row);
    observer?.after?.(row);
  }

  const { styles, typed, totalsCells } = old;
  const letters = Array.from({ length: width }, (_, column) => columnLetters(block.left + column));
  const keyIndexes = data.columns.flatMap((column, index) => (column.isMetric ? [] : [index]));
  const touched: CellBlock = {
    top: block.top + 1,
    left: block.left,
    bottom: Math.max(block.bottom, newBottom),
    right: block.right,
  };
  const newBlock: CellBlock = { ...block, bottom: newBottom };

  // Each writing of the package reads the old sheet and the rows afresh, from the start.
  const written = (): PartChunks => {
    const rows = rowsToWrite(data)[Symbol.iterator]();
    let read = -1;
    let values: readonly TableCell[] = [];
    const used = new Map<string, number>();
    const rowAt = (index: number): readonly TableCell[] => {
      if (index < read) throw new SheetFormatError("rows out of order");
      for (; read < index; read++) {
        const next = rows.next();
        values = next.done ? [] : next.value;
      }
      return values;
    };
    const cellsOfRow = (row: number): NewCell[] => {
      const made: NewCell[] = [];
      const index = row - block.top - 1;
      if (index < newCount) {
        const values = rowAt(index);
        for (let column = 0; column < owned; column++) {
          const text = valueCellText(`${letters[column]}${row + 1}`, values[column] ?? "", styles[column]);
          if (text) made.push({ column: block.left + column, text });
        }
        if (owned === width) return made;
        let mine: Map<number, SheetCell> | undefined;
        if (typed.size > 0) {
          const key = keyIndexes.length > 0 ? keyOf(keyIndexes.map((column) => values[column])) : String(index);
          const taken = used.get(key) ?? 0;
          mine = typed.get(key)?.[taken];
          used.set(key, taken + 1);
        }
        for (let column = owned; column < width; column++) {
          const formula = table.columns[column]?.formula;
          const at = block.left + column;
          if (formula !== undefined) {
            made.push({
              column: at,
              text: cellText(
                row,
                at,
                styles[column] === undefined ? [] : [["s", styles[column]!]],
                `<f>${escapeXmlText(formula)}</f>`,
              ),
            });
          } else {
            const cell = mine?.get(column);
            if (cell) made.push({ column: at, text: movedCell(cell, row, at) });
            else if (styles[column] !== undefined)
              made.push({ column: at, text: cellText(row, at, [["s", styles[column]!]], "") });
          }
        }
      } else if (totals && row === newBottom) {
        for (const cell of totalsCells.values()) made.push({ column: cell.column, text: formulaOnly(cell, row) });
        made.sort((a, b) => a.column - b.column);
      }
      return made;
    };
    const dimension = (head: string) =>
      growDimension(head, newBlock, (ref, grown) => {
        const current = parseBlock(ref);
        return current
          ? blockText({
              top: Math.min(current.top, grown.top),
              left: Math.min(current.left, grown.left),
              bottom: Math.max(current.bottom, grown.bottom),
              right: Math.max(current.right, grown.right),
            })
          : ref;
      });
    return rewriteSheet(previous(), touched, cellsOfRow, dimension, (tail) => followSheetTail(tail, resize));
  };
  // Names, conditional formats and validations over the table's rows follow them, as in Excel.
  const resize: TableResize = {
    sheetName: table.sheet.name,
    oldData: { ...block, bottom: block.bottom - totals },
    newData: { ...block, bottom: newBottom - totals },
  };
  pkg.replace(table.sheet.path, written);
  updateTablePart(pkg, table, newBlock, totals);
  followDefinedNames(pkg, resize);

  return {
    table,
    oldData: { ...block, bottom: block.bottom - totals },
    newData: { ...block, bottom: newBottom - totals },
    touched,
    rowsBefore: old.rowsBefore,
    rowsAfter: data.count,
    totalsBefore: old.totalsBefore,
    totalsAfter: sumsAfter.totals(),
  };
}

/** The table's `ref`, its filter's (without the totals row) and its sort's (data rows only). */
export function updateTablePart(pkg: WorkbookPackage, table: TableInfo, block: CellBlock, totals: number): void {
  const part = pkg.part(table.path);
  const root = rootOf(part);
  setAttribute(root, "ref", blockText(block));
  const filterBlock = { ...block, bottom: block.bottom - totals };
  const autoFilter = firstElement(childrenOf(root), "autoFilter");
  if (autoFilter && attribute(autoFilter, "ref") !== undefined) setAttribute(autoFilter, "ref", blockText(filterBlock));
  for (const holder of [root, ...(autoFilter ? [autoFilter] : [])]) {
    const sort = firstElement(childrenOf(holder), "sortState");
    if (!sort) continue;
    if (attribute(sort, "ref") !== undefined)
      setAttribute(sort, "ref", blockText({ ...filterBlock, top: filterBlock.top + 1 }));
    // Each sort key names its column's data cells: the same column, down to the new last row.
    for (const condition of elementsNamed(childrenOf(sort), "sortCondition")) {
      const keyBlock = parseBlock(attribute(condition, "ref") ?? "");
      if (keyBlock)
        setAttribute(
          condition,
          "ref",
          blockText({ ...keyBlock, top: filterBlock.top + 1, bottom: filterBlock.bottom }),
        );
    }
  }
  pkg.replace(table.path, buildXmlPart(part));
}
