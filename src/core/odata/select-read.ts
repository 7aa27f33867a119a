import { Parser } from "@odata/parser/lib/parser";
import { FeedRefusal } from "./refusal";

interface Token {
  type: string;
  raw: string;
  value: unknown;
}

const parser = new Parser();

/** The one option `$name=text` parses to, through the parser's query grammar. */
function parseOption(name: "$select" | "$orderby", text: string, example: string): Token {
  let parsed: { value: { options: Token[] } };
  try {
    parsed = parser.query(`${name}=${text}`) as unknown as typeof parsed;
  } catch {
    throw new FeedRefusal(name, `list property names separated by commas, such as ${example}.`);
  }
  const options = parsed.value.options;
  // A value holding `&` would have read as a second option: it is no list of names.
  if (options.length !== 1) throw new FeedRefusal(name, `list property names separated by commas, such as ${example}.`);
  return options[0]!;
}

/** The single property name a select item or an order expression names; paths and functions are refused. */
function nameIn(option: string, token: Token): string {
  let current: unknown = token;
  for (let depth = 0; depth < 8; depth++) {
    if (!current || typeof current !== "object") break;
    const value = (current as { value?: unknown }).value;
    if (value && typeof value === "object" && typeof (value as { name?: unknown }).name === "string")
      return (value as { name: string }).name;
    current = value;
  }
  throw new FeedRefusal(option, `name properties of Stats only, such as date or revenues (no paths, functions or *).`);
}

/** `$select`'s names, in order; `*` stands for every property. */
export function readSelect(text: string | undefined): string[] | "all" | undefined {
  if (text === undefined) return undefined;
  const option = parseOption("$select", text, "$select=date,country,revenues");
  const items = (option.value as { items: Token[] }).items;
  if (items.length === 1 && items[0]!.raw === "*") return "all";
  return items.map((item) => {
    const path = (item.value as Token | undefined)?.type;
    if (path !== "SelectPath" || item.raw.includes("/"))
      throw new FeedRefusal("$select", "name properties of Stats only, such as date or revenues (no paths).");
    return nameIn("$select", item);
  });
}

/** `$orderby`'s names with their direction. */
export function readOrderBy(text: string | undefined): { name: string; descending: boolean }[] {
  if (text === undefined || text === "") return [];
  const option = parseOption("$orderby", text, "$orderby=date,revenues desc");
  const items = (option.value as { items: Token[] }).items;
  return items.map((item) => {
    const { expr, direction } = item.value as { expr: Token; direction: number };
    // expr is a CommonExpression around a FirstMemberExpression: a bare name, nothing computed.
    const member = expr.value as Token;
    if (member.type !== "FirstMemberExpression" || member.raw.includes("/"))
      throw new FeedRefusal("$orderby", "sort by properties of Stats only, such as date or revenues desc.");
    return { name: nameIn("$orderby", member), descending: direction === -1 };
  });
}
