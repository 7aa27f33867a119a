import { nonBlankValues, type CellInput } from "../cell-values";

/**
 * The items of a list argument: a text separated by commas, semicolons or line breaks, or a
 * range whose cells each hold one item (or a separated text); blanks are ignored.
 */
export function readListItems(input: CellInput): string[] {
  const items: string[] = [];
  for (const value of nonBlankValues(input)) {
    const text = typeof value === "string" ? value : String(value);
    for (const part of text.split(/[,;\r\n]/)) {
      const item = part.trim();
      if (item !== "") items.push(item);
    }
  }
  return items;
}

/** `Device type`, `device-type` and `DEVICE_TYPE` share the key `device_type`. */
export function nameKey(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/**
 * A table of the words a user may type, as a Map: looking a typed word up in an object literal
 * would find Object.prototype's members ("constructor", "__proto__", "toString"...).
 */
export function aliasMap<Value>(aliases: Readonly<Record<string, Value>>): ReadonlyMap<string, Value> {
  return new Map(Object.entries(aliases));
}
