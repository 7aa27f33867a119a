import { FeedRefusal } from "./refusal";

/** Values one `in (...)` may list, and parentheses a $filter may nest: both far above any real query. */
export const MAX_IN_VALUES = 1_000;
export const MAX_FILTER_NESTING = 16;
export const MAX_FILTER_CHARS = 8_000;

const WORD = /[A-Za-z0-9_/.$]/;

/** The index just past the string literal opening at `start` (OData doubles a quote inside one). */
function endOfString(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length) {
    if (text[index] === "'") {
      if (text[index + 1] === "'") index += 2;
      else return index + 1;
    } else index += 1;
  }
  throw new FeedRefusal("$filter", "a text value is missing its closing quote (').");
}

function skipSpaces(text: string, index: number): number {
  let at = index;
  while (text[at] === " ") at += 1;
  return at;
}

/** The literals of a list opening at `open` (a parenthesis), and the index past its end. */
function listAt(text: string, open: number): { items: string[]; end: number } {
  const items: string[] = [];
  let start = open + 1;
  let index = open + 1;
  while (index < text.length) {
    const char = text[index];
    if (char === "'") index = endOfString(text, index);
    else if (char === "(")
      throw new FeedRefusal("$filter", "an in (...) list holds values only, such as country in ('FR','DE').");
    else if (char === "," || char === ")") {
      const item = text.slice(start, index).trim();
      if (item === "")
        throw new FeedRefusal(
          "$filter",
          "an in (...) list has an empty value: list values such as country in ('FR','DE').",
        );
      items.push(item);
      if (items.length > MAX_IN_VALUES)
        throw new FeedRefusal("$filter", `an in (...) list holds more than ${MAX_IN_VALUES} values: split the query.`);
      if (char === ")") return { items, end: index + 1 };
      start = index + 1;
      index += 1;
    } else index += 1;
  }
  throw new FeedRefusal("$filter", "an in (...) list is missing its closing parenthesis.");
}

/**
 * `@odata/parser` 0.2 reads OData 4.0's grammar, which has no `in` (OData 4.01 added it). Each
 * `name in (a,b)` becomes `(name eq a or name eq b)`, which means the same, before the parser
 * reads the whole expression: the values stay as written, and the parser checks each of them.
 * Text inside string literals is copied untouched. Also bounds the input: its length and how
 * deep its parentheses nest (the parser recurses once per level).
 */
export function expandInLists(text: string): string {
  if (text.length > MAX_FILTER_CHARS)
    throw new FeedRefusal(
      "$filter",
      `the filter is longer than ${MAX_FILTER_CHARS} characters: filter on fewer values.`,
    );
  let out = "";
  let depth = 0;
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === "'") {
      const end = endOfString(text, index);
      out += text.slice(index, end);
      index = end;
      continue;
    }
    if (char === "(" || char === ")") {
      depth += char === "(" ? 1 : -1;
      if (depth > MAX_FILTER_NESTING)
        throw new FeedRefusal(
          "$filter",
          `the filter nests parentheses more than ${MAX_FILTER_NESTING} deep: write it flatter.`,
        );
      out += char;
      index += 1;
      continue;
    }
    if (WORD.test(char) && (index === 0 || !WORD.test(text[index - 1]!))) {
      let end = index;
      while (end < text.length && WORD.test(text[end]!)) end += 1;
      const word = text.slice(index, end);
      const operator = skipSpaces(text, end);
      if (
        operator > end &&
        text.startsWith("in", operator) &&
        (text[operator + 2] === " " || text[operator + 2] === "(")
      ) {
        const open = skipSpaces(text, operator + 2);
        if (text[open] !== "(")
          throw new FeedRefusal("$filter", "in takes a list in parentheses, such as country in ('FR','DE').");
        const list = listAt(text, open);
        out += `(${list.items.map((item) => `${word} eq ${item}`).join(" or ")})`;
        index = list.end;
        continue;
      }
      out += word;
      index = end;
      continue;
    }
    out += char;
    index += 1;
  }
  return out;
}
