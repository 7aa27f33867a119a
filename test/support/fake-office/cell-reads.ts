/** The properties a range can load, read from the cells when its batch is synced. */
import { addressOf, type Box } from "./addresses";
import type { CellData, CellStore } from "./cells";

/** Read only when named in load(), and counted in the answer's bytes. */
export const HEAVY_READS = ["values", "formulas", "numberFormat", "valuesAsJson", "text"];

/** A value as valuesAsJson gives it: a custom function's own JSON, or the type Excel infers. */
export function jsonOf(data: CellData | undefined): unknown {
  if (data?.json !== undefined) return data.json;
  const value = data?.value ?? "";
  if (typeof value === "number") return { type: "Double", basicValue: value };
  if (typeof value === "boolean") return { type: "Boolean", basicValue: value };
  return value === "" ? { type: "Empty", basicValue: "" } : { type: "String", basicValue: value };
}

export type RangeReads = Record<string, (box: Box) => unknown>;

export function rangeReads(store: CellStore): RangeReads {
  const grid = (box: Box, cell: (data: CellData | undefined, row: number, column: number) => unknown) =>
    Array.from({ length: box.rows }, (_, r) =>
      Array.from({ length: box.columns }, (_, c) =>
        cell(store.cellAt(box.sheet.id, box.row + r, box.column + c), box.row + r, box.column + c),
      ),
    );
  return {
    values: (box) => grid(box, (data) => data?.value ?? ""),
    formulas: (box) => grid(box, (data) => data?.formula ?? data?.value ?? ""),
    numberFormat: (box) => grid(box, (_data, row, column) => store.formatAt(box.sheet.id, row, column)),
    valuesAsJson: (box) => grid(box, jsonOf),
    text: (box) => grid(box, (data) => String(data?.value ?? "")),
    rowCount: (box) => box.rows,
    columnCount: (box) => box.columns,
    address: (box) => addressOf(box),
    rowIndex: (box) => box.row,
    columnIndex: (box) => box.column,
    cellCount: (box) => box.rows * box.columns,
  };
}

/** Values, formulas and number formats of a box, as the test controls read them back. */
export function readCells(
  reads: RangeReads,
  box: Box,
): { values: unknown[][]; formulas: unknown[][]; numberFormat: string[][] } {
  return {
    values: reads.values!(box) as unknown[][],
    formulas: reads.formulas!(box) as unknown[][],
    numberFormat: reads.numberFormat!(box) as string[][],
  };
}
