/** What Excel hands a custom function: a single value, or a range as rows of values. */
export type CellValue = string | number | boolean | null | undefined;
export type CellRange = CellValue[][];
export type CellInput = CellValue | CellRange;

/** A spilled result: rows of numbers and texts ("" for an empty cell). */
export type SpillCell = string | number | boolean;
export type SpillRows = SpillCell[][];

/** An omitted argument or an empty cell: Excel passes null, undefined or "" depending on the host. */
export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

export function isRange(input: unknown): input is CellRange {
  return Array.isArray(input);
}

/** Every non-blank value of a range, row by row; a single value becomes a list of one. */
export function nonBlankValues(input: CellInput): Exclude<CellValue, null | undefined>[] {
  const values = isRange(input) ? input.flat() : [input];
  return values.filter((value): value is Exclude<CellValue, null | undefined> => !isBlank(value));
}
