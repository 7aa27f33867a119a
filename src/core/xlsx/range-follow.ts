import { type CellBlock } from "./cell-address";
import type { WorkbookPackage } from "./workbook-package";
import { buildXmlPart, childrenOf, elementsNamed, firstElement, rootOf, tagOf, type XmlNode } from "./xml-part";

/**
 * Ranges that follow a table when it grows or shrinks, as Excel moves them when rows are
 * inserted into or deleted from a table: a defined name, a conditional format or a data
 * validation whose range runs from the table's header or first data row down to its last data
 * row, within the table's columns or across them, ends on the new last data row. Any other
 * range (a single cell, one ending elsewhere, a formula) is left as written.
 */

export interface TableResize {
  sheetName: string;
  /** Header and data rows, before and after (totals row excluded). */
  oldData: CellBlock;
  newData: CellBlock;
}

const REF = /^(\$?)([A-Za-z]{1,3})(\$?)(\d{1,7}):(\$?)([A-Za-z]{1,3})(\$?)(\d{1,7})$/;

function columnOf(letters: string): number {
  let index = 0;
  for (const char of letters.toUpperCase()) index = index * 26 + (char.charCodeAt(0) - 64);
  return index - 1;
}

/** `ref` (`C3:C6`, `$A$3:$H$6`) with its last row moved when it spans the table's rows; as written otherwise. */
export function followRef(ref: string, resize: TableResize): string {
  const match = REF.exec(ref);
  if (!match) return ref;
  const [, c1 = "", left = "", r1 = "", top = "", c2 = "", right = "", r2 = "", bottom = ""] = match;
  const [topRow, bottomRow] = [Number(top) - 1, Number(bottom) - 1];
  const [leftColumn, rightColumn] = [columnOf(left), columnOf(right)];
  const { oldData, newData } = resize;
  const spansRows =
    (topRow === oldData.top || topRow === oldData.top + 1) && bottomRow === oldData.bottom && topRow < bottomRow;
  const overlaps = leftColumn <= oldData.right && rightColumn >= oldData.left;
  if (!spansRows || !overlaps || newData.bottom === oldData.bottom || newData.bottom < topRow) return ref;
  return `${c1}${left}${r1}${top}:${c2}${right}${r2}${newData.bottom + 1}`;
}

/** A space-separated list of ranges (`sqref`), each followed. */
export const followSqref = (sqref: string, resize: TableResize) =>
  sqref
    .split(" ")
    .map((ref) => followRef(ref, resize))
    .join(" ");

/**
 * The text of the sheet after its rows (conditional formats, data validations, and their x14
 * forms in extLst, `<xm:sqref>`) with their ranges followed.
 */
export function followSheetTail(text: string, resize: TableResize): string {
  return text
    .replace(
      /(<(?:[\w.-]+:)?(?:conditionalFormatting|dataValidation)\b[^>]*?\ssqref=")([^"]*)(")/g,
      (_all, open: string, sqref: string, close: string) => open + followSqref(sqref, resize) + close,
    )
    .replace(
      /(<xm:sqref>)([^<]*)(<\/xm:sqref>)/g,
      (_all, open: string, sqref: string, close: string) => open + followSqref(sqref, resize) + close,
    );
}

const quotedSheet = (name: string) => (/^[A-Za-z_][\w.]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`);

/** Defined names of the workbook that are a range of the table's sheet (`Sheet1!$A$3:$H$6`), followed. */
export function followDefinedNames(pkg: WorkbookPackage, resize: TableResize): void {
  const part = pkg.part(pkg.workbookPath);
  const names = firstElement(childrenOf(rootOf(part)), "definedNames");
  if (!names) return;
  let changed = false;
  const prefixes = new Set([
    `${quotedSheet(resize.sheetName)}!`,
    `'${resize.sheetName.replace(/'/g, "''")}'!`,
    `${resize.sheetName}!`,
  ]);
  for (const name of elementsNamed(childrenOf(names), "definedName")) {
    for (const child of childrenOf(name) as XmlNode[]) {
      const text = child["#text"];
      if (typeof text !== "string" || tagOf(child) !== undefined) continue;
      const prefix = [...prefixes].find((candidate) => text.startsWith(candidate));
      if (!prefix) continue;
      const followed = followRef(text.slice(prefix.length), resize);
      if (followed !== text.slice(prefix.length)) {
        child["#text"] = prefix + followed;
        changed = true;
      }
    }
  }
  if (changed) pkg.replace(pkg.workbookPath, buildXmlPart(part));
}
