/**
 * Reads back the few M forms the add-in writes (src/core/power-query), as Power Query would:
 * text literals, a URL made of literals and formatted days, and the days' date arithmetic. Kept
 * small and apart from the writer, so that a test compares the writer with M's own rules.
 */

const NAMED_ESCAPES: Record<string, string> = { cr: "\r", lf: "\n", tab: "\t", "#": "#" };

/** The text of the M literal starting at `start` (a `"`), and the index after it. */
export function readMText(source: string, start: number): { value: string; end: number } {
  if (source[start] !== '"') throw new Error(`no text literal at ${start}: ${source.slice(start, start + 20)}`);
  let value = "";
  let index = start + 1;
  for (;;) {
    const char = source[index];
    if (char === undefined) throw new Error("unterminated text literal");
    if (char === '"') {
      if (source[index + 1] === '"') {
        value += '"';
        index += 2;
        continue;
      }
      return { value, end: index + 1 };
    }
    if (char === "#" && source[index + 1] === "(") {
      const close = source.indexOf(")", index);
      for (const name of source.slice(index + 2, close).split(",")) {
        if (Object.hasOwn(NAMED_ESCAPES, name)) value += NAMED_ESCAPES[name];
        else if (/^[0-9A-F]{4}$|^[0-9A-F]{8}$/.test(name)) value += String.fromCodePoint(parseInt(name, 16));
        else throw new Error(`bad escape #(${name})`);
      }
      index = close + 1;
      continue;
    }
    if (char === "\r" || char === "\n") throw new Error("raw line break in a text literal");
    value += char;
    index += 1;
  }
}

/** The first argument of OData.Feed in `mQuery`, with From and To taking the given days. */
export function feedUrlOf(mQuery: string, days?: { from: string; to: string }): string {
  let index = mQuery.indexOf("OData.Feed(") + "OData.Feed(".length;
  let url = "";
  for (;;) {
    if (mQuery[index] === '"') {
      const literal = readMText(mQuery, index);
      url += literal.value;
      index = literal.end;
    } else {
      const day = /^Date\.ToText\((From|To), "yyyy-MM-dd", "en-US"\)/.exec(mQuery.slice(index));
      if (!day || !days) throw new Error(`unexpected M at ${mQuery.slice(index, index + 40)}`);
      url += day[1] === "From" ? days.from : days.to;
      index += day[0].length;
    }
    if (mQuery.startsWith(" & ", index)) index += 3;
    else if (mQuery.startsWith(", null,", index)) return url;
    else throw new Error(`unexpected M after the URL: ${mQuery.slice(index, index + 40)}`);
  }
}

/** A step's expression: `Name = expression,` in a `let`. */
export function stepExpression(mQuery: string, name: string): string {
  const match = new RegExp(`^\\s+${name} = (.*?),?$`, "m").exec(mQuery);
  if (!match?.[1]) throw new Error(`no step ${name}`);
  return match[1];
}

interface Day {
  year: number;
  month: number;
  day: number;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function addMonths(date: Day, months: number): Day {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  // M's Date.AddMonths keeps the day, or the month's last day when it has fewer.
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

function addDays(date: Day, days: number): Day {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

const quarterStart = (date: Day): Day => ({ year: date.year, month: date.month - ((date.month - 1) % 3), day: 1 });

const FUNCTIONS: Record<string, (date: Day, n: number) => Day> = {
  "Date.AddDays": addDays,
  "Date.AddMonths": addMonths,
  "Date.AddQuarters": (date, n) => addMonths(date, 3 * n),
  "Date.AddYears": (date, n) => addMonths(date, 12 * n),
  "Date.StartOfMonth": (date) => ({ ...date, day: 1 }),
  "Date.EndOfMonth": (date) => ({ ...date, day: daysInMonth(date.year, date.month) }),
  "Date.StartOfQuarter": quarterStart,
  "Date.EndOfQuarter": (date) => addDays(addMonths(quarterStart(date), 3), -1),
  "Date.StartOfYear": (date) => ({ year: date.year, month: 1, day: 1 }),
  "Date.EndOfYear": (date) => ({ year: date.year, month: 12, day: 31 }),
};

/** Evaluates the date arithmetic the period steps use, on `today` (`YYYY-MM-DD`). */
export function evaluateMDate(expression: string, today: string): string {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  let rest = expression.trim();
  function parse(): Day {
    if (rest.startsWith("Today")) {
      rest = rest.slice("Today".length);
      return { year, month, day };
    }
    const call = /^([A-Za-z.]+)\(/.exec(rest);
    const fn = call && FUNCTIONS[call[1] ?? ""];
    if (!call || !fn) throw new Error(`not date arithmetic: ${rest}`);
    rest = rest.slice(call[0].length);
    const inner = parse();
    let n = 0;
    const argument = /^, (-?\d+)/.exec(rest);
    if (argument) {
      n = Number(argument[1]);
      rest = rest.slice(argument[0].length);
    }
    if (!rest.startsWith(")")) throw new Error(`expected ) at ${rest}`);
    rest = rest.slice(1);
    return fn(inner, n);
  }
  const result = parse();
  if (rest !== "") throw new Error(`left over: ${rest}`);
  return `${String(result.year).padStart(4, "0")}-${String(result.month).padStart(2, "0")}-${String(result.day).padStart(2, "0")}`;
}
