/**
 * Reads a formula as `Range.formulas` gives it (English function names, commas between
 * arguments) when it is one call of a function: its name and each argument as Excel would pass
 * it. Only typed-in constants are values; a reference or a calculation is kept as its source,
 * since only Excel can tell what it evaluates to.
 */

export type FormulaArgument =
  | { kind: "empty" }
  | { kind: "text"; value: string }
  | { kind: "number"; value: number }
  | { kind: "boolean"; value: boolean }
  | { kind: "expression"; source: string };

export interface FormulaCall {
  /** Upper case, as Excel shows it: `REPORTING.STATS`. */
  name: string;
  /**
   * Excel's placeholder for a custom function it does not know yet (`_xldudf_REPORTING_STATS`,
   * sometimes behind a workbook prefix such as `[2]!`): dots became underscores.
   */
  placeholder: boolean;
  args: FormulaArgument[];
}

export type FormulaCallResult = { call: FormulaCall } | { problem: string };

// A function name, or Excel's placeholder for an unknown custom function behind an optional
// `[2]!`, `'Book 1.xlsx'!` or `Addin.xla!` prefix.
const CALL_HEAD = /^(?:(?:(?:\[\d+\]|'(?:[^']|'')*'|[A-Za-z0-9_. ]+)!)?(_xldudf_))?([A-Za-z_][A-Za-z0-9_.]*)\s*\(/i;
const TEXT = /^"((?:[^"]|"")*)"$/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;
const BOOLEAN = /^(?:TRUE|FALSE)$/i;

function argumentOf(source: string): FormulaArgument {
  const trimmed = source.trim();
  if (trimmed === "") return { kind: "empty" };
  const text = TEXT.exec(trimmed);
  if (text) return { kind: "text", value: (text[1] ?? "").replace(/""/g, '"') };
  if (NUMBER.test(trimmed)) {
    const value = Number(trimmed);
    if (Number.isFinite(value)) return { kind: "number", value: value === 0 ? 0 : value };
  }
  if (BOOLEAN.test(trimmed)) return { kind: "boolean", value: trimmed.toUpperCase() === "TRUE" };
  return { kind: "expression", source: trimmed };
}

/** The index just past a quoted run starting at `start` (`"` texts, `'` sheet names; the quote doubled inside), or -1. */
function skipQuoted(text: string, start: number): number {
  const quote = text[start];
  for (let index = start + 1; index < text.length; index++) {
    if (text[index] !== quote) continue;
    if (text[index + 1] === quote) index += 1;
    else return index + 1;
  }
  return -1;
}

export function readFormulaCall(formula: string): FormulaCallResult {
  const text = formula.trim();
  if (!text.startsWith("=")) return { problem: "The cell holds a value, not a formula." };
  const body = text.slice(1).trimStart();
  const head = CALL_HEAD.exec(body);
  if (!head) return { problem: "The formula is not a function call such as =REPORTING.STATS(...)." };
  const placeholder = head[1] !== undefined;
  const name = (head[2] ?? "").toUpperCase();
  const args: FormulaArgument[] = [];
  let start = head[0].length;
  let depth = 0;
  for (let index = start; index < body.length; index++) {
    const char = body[index];
    if (char === '"' || char === "'") {
      const after = skipQuoted(body, index);
      if (after < 0) return { problem: "The formula has a text or a sheet name whose quotes are not closed." };
      index = after - 1;
    } else if (char === "(" || char === "{") {
      depth += 1;
    } else if ((char === ")" || char === "}") && depth > 0) {
      depth -= 1;
    } else if (char === "," && depth === 0) {
      args.push(argumentOf(body.slice(start, index)));
      start = index + 1;
    } else if (char === ")") {
      const last = body.slice(start, index);
      // `NAME()` has no argument at all, not one empty argument.
      if (args.length > 0 || last.trim() !== "") args.push(argumentOf(last));
      const rest = body.slice(index + 1).trim();
      if (rest !== "")
        return { problem: `The formula does more than call ${name}: "${shorten(rest)}" follows the call.` };
      return { call: { name, placeholder, args } };
    }
  }
  return { problem: "The formula's parentheses are not closed." };
}

/** A piece of a formula quoted in a message, short enough to read at a glance. */
export function shorten(source: string): string {
  return source.length > 40 ? `${source.slice(0, 37)}...` : source;
}
