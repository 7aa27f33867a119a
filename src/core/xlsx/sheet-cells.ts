import { cellAddress, parseCell, type CellBlock } from "./cell-address";
import { escapeXmlText, unescapeXmlText } from "./xml-part";

/**
 * A worksheet's rows and cells as text (sheet-stream.ts reads them one row at a time). A sheet
 * can hold 100,000 rows: building a tree of it would take many times its size in memory, so
 * only the rows a table crosses are split into cells, and a cell's attributes are parsed only
 * when asked for. Every other part of the sheet is left as written.
 */

/** A cell as written; its attributes are parsed only when asked for (a sheet has millions of cells). */
export class SheetCell {
  private parsed: Map<string, string> | undefined;

  constructor(
    readonly row: number,
    readonly column: number,
    /** The text of the opening tag's attributes, as written. */
    private readonly open: string,
    /** The XML inside `<c>`, as written. */
    readonly inner: string,
  ) {}

  /** Attributes as written (`r`, `s`, `t`...), unescaped. */
  get attributes(): Map<string, string> {
    this.parsed ??= attributesOf(this.open);
    return this.parsed;
  }

  /** One attribute, without parsing the others. */
  attribute(name: "s" | "t"): string | undefined {
    const found = (name === "s" ? STYLE : TYPE).exec(this.open);
    return found ? unescapeXmlText(found[1] ?? found[2] ?? "") : undefined;
  }
}

const STYLE = /(?:^|\s)s\s*=\s*(?:"([^"]*)"|'([^']*)')/;
const TYPE = /(?:^|\s)t\s*=\s*(?:"([^"]*)"|'([^']*)')/;
const REFERENCE = /(?:^|\s)r\s*=\s*(?:"([^"]*)"|'([^']*)')/;

const CELL = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;
const ATTRIBUTE = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export class SheetFormatError extends Error {}

function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE)) attributes.set(match[1]!, unescapeXmlText(match[2] ?? match[3] ?? ""));
  return attributes;
}

function attributesText(attributes: Map<string, string>): string {
  return [...attributes].map(([name, value]) => ` ${name}="${escapeXmlText(value)}"`).join("");
}

export interface RowText {
  row: number;
  /** The text of the opening tag's attributes, as written. */
  open: string;
  /** Cells' text inside the row. */
  inner: string;
  /** The row element exactly as written. */
  text: string;
}

/** A row element read from its parts; `previous` is the row before it (a row may omit its number). */
export function rowText(open: string, inner: string, text: string, previous: number): RowText {
  const reference = REFERENCE.exec(open);
  const number = reference ? Number(reference[1] ?? reference[2]) - 1 : previous + 1;
  if (!Number.isInteger(number) || number < 0) throw new SheetFormatError("a row without a number");
  return { row: number, open, inner, text };
}

/** Each cell of a row with its column and its text as written. */
export function* cellMatches(row: RowText): Generator<{ column: number; open: string; inner: string; text: string }> {
  let previous = -1;
  for (const match of row.inner.matchAll(CELL)) {
    const open = match[1] ?? "";
    const reference = REFERENCE.exec(open);
    const position = reference ? parseCell(reference[1] ?? reference[2] ?? "") : { row: row.row, column: previous + 1 };
    if (!position) throw new SheetFormatError("a cell without an address");
    previous = position.column;
    yield { column: position.column, open, inner: match[2] ?? "", text: match[0] };
  }
}

/** A cell that holds something (a value, a formula, a text), not only a format. */
export function holdsData(cell: SheetCell): boolean {
  return /<(?:[\w.-]+:)?(v|f|is)\b/.test(cell.inner);
}

/** The cell's value as written: its number, its text (inline or `<v>`), or undefined; shared strings by index. */
export function cellValue(cell: SheetCell, sharedStrings: readonly string[]): string | number | boolean | undefined {
  const type = cell.attribute("t");
  if (type === "inlineStr") {
    return [...cell.inner.matchAll(/<(?:[\w.-]+:)?t\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:[\w.-]+:)?t>)/g)]
      .map((match) => unescapeXmlText(match[1] ?? ""))
      .join("");
  }
  const raw = /<(?:[\w.-]+:)?v\b[^>]*>([\s\S]*?)<\/(?:[\w.-]+:)?v>/.exec(cell.inner)?.[1];
  if (raw === undefined) return undefined;
  const text = unescapeXmlText(raw);
  if (type === "s") return sharedStrings[Number(text)] ?? "";
  if (type === "b") return text === "1";
  if (type === "str" || type === "e") return text;
  const number = Number(text);
  return Number.isFinite(number) ? number : text;
}

/** The text of a `<c>` element at `row`, `column`. */
export function cellText(row: number, column: number, attributes: Iterable<[string, string]>, inner: string): string {
  const ordered = new Map<string, string>([["r", cellAddress({ row, column })]]);
  for (const [name, value] of attributes) if (name !== "r") ordered.set(name, value);
  return inner === "" ? `<c${attributesText(ordered)}/>` : `<c${attributesText(ordered)}>${inner}</c>`;
}

/** The same cell moved to another place: its content as it was. */
export function movedCell(cell: SheetCell, row: number, column = cell.column): string {
  return cellText(row, column, cell.attributes, cell.inner);
}

/** The sheet's `<dimension ref>` grown to cover `block`. */
export function growDimension(xml: string, block: CellBlock, union: (a: string, b: CellBlock) => string): string {
  return xml.replace(
    /(<(?:[\w.-]+:)?dimension\b[^>]*?\bref\s*=\s*")([^"]*)(")/,
    (_all, open: string, ref: string, close: string) => open + union(ref, block) + close,
  );
}

/** Shared strings by index (their text, runs joined), for reading a table's key and metric cells. */
export function sharedStringsOf(xml: string): string[] {
  return [...xml.matchAll(/<(?:[\w.-]+:)?si\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:[\w.-]+:)?si>)/g)].map((item) =>
    [
      ...(item[1] ?? "")
        .replace(/<(?:[\w.-]+:)?rPh\b[\s\S]*?<\/(?:[\w.-]+:)?rPh>/g, "")
        .matchAll(/<(?:[\w.-]+:)?t\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:[\w.-]+:)?t>)/g),
    ]
      .map((text) => unescapeXmlText(text[1] ?? ""))
      .join(""),
  );
}
