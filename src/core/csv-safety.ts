import { ReportingError } from "../client/errors";

/**
 * CSV injection (OWASP, "CSV Injection"): a spreadsheet opening a CSV file runs a cell that starts
 * with `=`, `+`, `-` or `@` as a formula, and some strip a leading tab or carriage return first.
 * The service's CSV carries names typed by its users (applications, ad units), so the pane checks
 * every field before saving the file: a field that starts with one of those characters and is
 * not a number gets a leading `'`, which spreadsheets read as "this is text".
 *
 * Reading follows RFC 4180: fields separated by commas; a field in double quotes may hold commas,
 * line breaks and doubled quotes (`""` for `"`). Records end at CRLF, LF or a lone CR (spreadsheets
 * break a row at each, so the field after a lone CR starts a row and is checked like any other).
 * A byte order mark before the first field is kept and not part of it. The file is otherwise kept
 * byte for byte: the only change is the `'` inserted at the start of a risky field's value, inside
 * its quotes when it has them.
 */

const FORMULA_TRIGGERS = new Set(["=", "+", "-", "@", "\t", "\r"]);
/** A decimal number as a spreadsheet reads it: optional sign, digits, optional fraction and exponent. */
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
export const BYTE_ORDER_MARK = "\uFEFF";

/** True when a spreadsheet could read this field's value as a formula rather than as text or a number. */
export function isFormulaLike(value: string): boolean {
  return FORMULA_TRIGGERS.has(value.charAt(0)) && !NUMBER.test(value);
}

/** A CSV file that cannot be read as RFC 4180 cannot be checked, so it is not handed on. */
export class UnreadableCsvError extends ReportingError {
  constructor(detail: string) {
    super({
      code: "unreadable_csv",
      kind: "bad_answer",
      userMessage: `The CSV file from the reporting service could not be read (${detail}), so it was not saved. Try again, or use Export Excel.`,
      retryable: true,
    });
    this.name = "UnreadableCsvError";
  }
}

interface Field {
  value: string;
  /** Where the value's text starts: after the opening quote of a quoted field. */
  valueStart: number;
  /** Where the field's text ends: at its separator (comma or line break) or the end of the text. */
  end: number;
  /** True for the last field of its record. */
  lastInRecord: boolean;
}

/** Every field of the text, in order. */
function* fields(text: string): Generator<Field> {
  let position = text.startsWith(BYTE_ORDER_MARK) ? BYTE_ORDER_MARK.length : 0;
  if (position === text.length) return;
  for (;;) {
    let value = "";
    let valueStart = position;
    if (text[position] === '"') {
      valueStart = position + 1;
      const opening = position;
      position += 1;
      for (;;) {
        const close = text.indexOf('"', position);
        if (close === -1)
          throw new UnreadableCsvError(`a quoted field opened at character ${opening + 1} never closes`);
        value += text.slice(position, close);
        position = close + 1;
        if (text[position] !== '"') break;
        value += '"';
        position += 1;
      }
    }
    // An unquoted field, or what follows a closing quote before the separator (kept as text, as
    // spreadsheets do, rather than refusing the file).
    let end = position;
    while (end < text.length && text[end] !== "," && text[end] !== "\r" && text[end] !== "\n") end += 1;
    value += text.slice(position, end);
    position = end;

    const separator = text[position];
    if (separator === ",") {
      yield { value, valueStart, end: position, lastInRecord: false };
      position += 1;
      continue;
    }
    yield { value, valueStart, end: position, lastInRecord: true };
    if (separator === undefined) return;
    position += lineBreakLength(text, position);
    // A line break that ends the text ends the last record; it does not start an empty one.
    if (position === text.length) return;
  }
}

/** The records of a CSV text, each an array of its field values. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  for (const field of fields(text)) {
    record.push(field.value);
    if (field.lastInRecord) {
      records.push(record);
      record = [];
    }
  }
  return records;
}

/** Length of the line break at `position` (CRLF, LF or a lone CR), 0 at the end of the text. */
function lineBreakLength(text: string, position: number): number {
  if (text[position] === "\r") return text[position + 1] === "\n" ? 2 : 1;
  return text[position] === "\n" ? 1 : 0;
}

export interface CsvRecord {
  values: string[];
  /** Where the record's text starts (after a byte order mark) and ends (before its line break). */
  start: number;
  end: number;
  /** Where the next record starts: after the line break. */
  next: number;
}

/**
 * The first record of a CSV text, read without reading the rest; undefined for an empty text.
 * Throws an `UnreadableCsvError` when the record is not CSV.
 */
export function firstCsvRecord(text: string): CsvRecord | undefined {
  const start = text.startsWith(BYTE_ORDER_MARK) ? BYTE_ORDER_MARK.length : 0;
  const values: string[] = [];
  for (const field of fields(text)) {
    values.push(field.value);
    if (field.lastInRecord)
      return { values, start, end: field.end, next: field.end + lineBreakLength(text, field.end) };
  }
  return undefined;
}

/**
 * The CSV text with every formula-like field (see `isFormulaLike`) prefixed by `'`, and how many
 * were. Throws an `UnreadableCsvError` for text that is not CSV.
 */
export function neutraliseCsv(text: string): { csv: string; neutralised: number } {
  const insertAt: number[] = [];
  for (const field of fields(text)) if (isFormulaLike(field.value)) insertAt.push(field.valueStart);
  if (insertAt.length === 0) return { csv: text, neutralised: 0 };
  const parts: string[] = [];
  let from = 0;
  for (const at of insertAt) {
    parts.push(text.slice(from, at), "'");
    from = at;
  }
  parts.push(text.slice(from));
  return { csv: parts.join(""), neutralised: insertAt.length };
}
