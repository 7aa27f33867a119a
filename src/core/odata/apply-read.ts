import { FeedRefusal } from "./refusal";

/** The columns a `$apply` asks for: the dimensions grouped by, the metrics summed. */
export interface FeedApply {
  groupBy: string[];
  aggregate: string[];
}

const MAX_APPLY_TOKENS = 400;
const EXAMPLE = "groupby((date,country),aggregate(revenues with sum as revenues))";
const refuse = (message: string) => new FeedRefusal("$apply", message);

function tokens(text: string): string[] {
  const list: string[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === " ") {
      index += 1;
    } else if (char === "(" || char === ")" || char === ",") {
      list.push(char);
      index += 1;
    } else {
      let end = index;
      while (end < text.length && !" (),".includes(text[end]!)) end += 1;
      list.push(text.slice(index, end));
      index = end;
    }
    if (list.length > MAX_APPLY_TOKENS)
      throw refuse(`the transformation is longer than this feed reads: write it as ${EXAMPLE}.`);
  }
  return list;
}

/** A cursor over the tokens, refusing with one message whatever is out of place. */
class Reader {
  private at = 0;
  constructor(private readonly list: string[]) {}
  peek(): string | undefined {
    return this.list[this.at];
  }
  take(): string {
    const token = this.list[this.at];
    if (token === undefined) throw refuse(`the transformation ends too early: write it as ${EXAMPLE}.`);
    this.at += 1;
    return token;
  }
  expect(token: string): void {
    if (this.take() !== token)
      throw refuse(`this feed reads groupby and aggregate with sum only, written as ${EXAMPLE}.`);
  }
  done(): boolean {
    return this.at >= this.list.length;
  }
}

function names(reader: Reader): string[] {
  const list = [reader.take()];
  while (reader.peek() === ",") {
    reader.take();
    list.push(reader.take());
  }
  return list;
}

function aggregate(reader: Reader): string[] {
  reader.expect("aggregate");
  reader.expect("(");
  const summed: string[] = [];
  for (;;) {
    const property = reader.take();
    reader.expect("with");
    const method = reader.take();
    if (method !== "sum")
      throw refuse(
        `${property.slice(0, 40)} is aggregated with sum only (eCPM is always recomputed from revenues and impressions).`,
      );
    reader.expect("as");
    const alias = reader.take();
    if (alias !== property)
      throw refuse(`name each sum as its property (${property.slice(0, 40)} with sum as ${property.slice(0, 40)}).`);
    summed.push(property);
    const next = reader.take();
    if (next === ")") return summed;
    if (next !== ",") throw refuse(`separate the sums with commas: ${EXAMPLE}.`);
  }
}

/**
 * OData's aggregation extension, the part that says what `/stats` does: `groupby((dims))`,
 * optionally `,aggregate(metric with sum as metric, ...)`, or `aggregate(...)` alone. Other
 * transformations (filter, compute, topcount...) are refused by name; the feed never computes
 * rows itself.
 */
export function readApply(text: string | undefined): FeedApply | undefined {
  if (text === undefined || text === "") return undefined;
  const reader = new Reader(tokens(text));
  const first = reader.peek();
  let result: FeedApply;
  if (first === "aggregate") {
    result = { groupBy: [], aggregate: aggregate(reader) };
  } else if (first === "groupby") {
    reader.take();
    reader.expect("(");
    reader.expect("(");
    const groupBy = names(reader);
    reader.expect(")");
    const summed = reader.peek() === "," ? (reader.take(), aggregate(reader)) : [];
    reader.expect(")");
    result = { groupBy, aggregate: summed };
  } else {
    throw refuse(`this feed reads groupby and aggregate only, written as ${EXAMPLE}.`);
  }
  if (!reader.done()) throw refuse(`this feed reads one groupby, without further transformations (no /): ${EXAMPLE}.`);
  return result;
}
