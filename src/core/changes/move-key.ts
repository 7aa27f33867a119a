import { isExcelDateSerial, isoDateFromExcelSerial } from "../excel-dates";
import type { LabelLookup } from "../preview/labels";
import type { TableCell } from "../workbook-queries/table-columns";

/**
 * A move's group values in words, for the details view: a day as yyyy-mm-dd (Excel holds it as a
 * serial), a code with its name when the reference lists give one ("FR (France)"), an empty
 * group as "(blank)", joined by " · ".
 */
export function moveKeyText(key: readonly TableCell[], groups: readonly string[], labelOf: LabelLookup): string {
  if (key.length === 0) return "All rows";
  return key
    .map((cell, index) => {
      const group = groups[index] ?? "";
      if (cell === "") return "(blank)";
      if (group === "date" && typeof cell === "number" && isExcelDateSerial(cell)) return isoDateFromExcelSerial(cell);
      const code = String(cell);
      const name = labelOf(group, code);
      return name !== undefined && name !== code ? `${code} (${name})` : code;
    })
    .join(" · ");
}
