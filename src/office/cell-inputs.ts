import type { CellInput, CellValue } from "../core/cell-values";

/**
 * With data types enabled (functions.json sets allowCustomDataForDataTypeAny), an `any`
 * parameter receives a cell's rich value as an object, for example a date spilled by
 * REPORTING.STATS arrives as `{ type: "Double", basicValue: 46000, numberFormat: "yyyy-mm-dd" }`.
 * Core reads plain values, so each object is replaced by its basic value.
 */
function plainValue(value: unknown): CellValue {
  if (value === null || value === undefined) return value;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "object" && "basicValue" in value) {
    const basic = (value as { basicValue: unknown }).basicValue;
    if (basic === null || basic === undefined || ["string", "number", "boolean"].includes(typeof basic))
      return basic as CellValue;
  }
  // Anything else (an entity without a basic value): its text, so core names it in a #VALUE! message.
  return String(value);
}

/** An argument as Excel passed it, with rich values reduced to what core reads. */
export function toCellInput(argument: unknown): CellInput {
  if (Array.isArray(argument)) {
    return argument.map((row: unknown) => (Array.isArray(row) ? row.map(plainValue) : [plainValue(row)]));
  }
  return plainValue(argument);
}
