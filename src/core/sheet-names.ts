/**
 * Worksheet names as Excel accepts them: 1 to 31 characters, none of [ ] : * ? / \, no
 * apostrophe first or last, not "History" (Excel keeps that name for itself), and unique in the
 * workbook regardless of case. Every sheet the add-in creates is named here.
 */

export const SHEET_NAME_MAX_LENGTH = 31;
const REFUSED = /[[\]:*?/\\]/g;
/** Spaces and apostrophes at either end: an apostrophe may not stand there, and spaces would hide one. */
const LOOSE_ENDS = /^[\s']+|[\s']+$/g;
const RESERVED = new Set(["history"]);

export interface SheetNaming {
  /** What stands for each refused character: `a/b` reads `a b` with " ". */
  replacement: string;
  /** The name when nothing usable is left of the wanted one. */
  fallback: string;
  /** What the n-th try adds (n from 1): `""`, then ` 2`, ` 3`... by default. */
  suffix?: (n: number) => string;
}

const numbered = (n: number) => (n === 1 ? "" : ` ${n}`);

/** `text` cut to `length` characters without splitting a character outside the Basic Multilingual Plane. */
function cut(text: string, length: number): string {
  const kept = text.slice(0, length);
  return /[\uD800-\uDBFF]$/.test(kept) ? kept.slice(0, -1) : kept;
}

/** The first name from `wanted` that Excel accepts and that none of `taken` has. */
export function uniqueSheetName(wanted: string, taken: Iterable<string>, naming: SheetNaming): string {
  const used = new Set(Array.from(taken, (name) => name.toLowerCase()));
  const suffix = naming.suffix ?? numbered;
  const base = wanted.replace(REFUSED, naming.replacement).replace(LOOSE_ENDS, "") || naming.fallback;
  for (let n = 1; ; n++) {
    const end = suffix(n);
    // Cutting may leave a space or an apostrophe last: cut again, and fall back if nothing is left.
    const name = `${cut(base, SHEET_NAME_MAX_LENGTH - end.length).replace(LOOSE_ENDS, "") || naming.fallback}${end}`;
    const key = name.toLowerCase();
    if (!used.has(key) && !RESERVED.has(key)) return name;
  }
}
