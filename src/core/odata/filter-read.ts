import { Parser } from "@odata/parser/lib/parser";
import type { GroupName } from "../../api/stats-request";
import { isCalendarDate } from "../../api/primitives";
import { addDays } from "../calendar";
import { isDimension, isMetric, STATS_KEY } from "./feed-model";
import { expandInLists } from "./filter-in";
import { FeedRefusal } from "./refusal";

/** What a $filter asks of the service: a period, values to keep and values to leave out. */
export interface FeedFilter {
  from: string | undefined;
  to: string | undefined;
  include: Partial<Record<GroupName, string[]>>;
  exclude: Partial<Record<GroupName, string[]>>;
}

/** The part of @odata/parser's tokens read here. */
interface Token {
  type: string;
  raw: string;
  value: unknown;
}

const parser = new Parser();
const EXAMPLE = "date ge 2026-06-01 and date le 2026-06-30 and country in ('FR','DE')";

const COMPARISONS: Record<string, "eq" | "ne" | "ge" | "gt" | "le" | "lt"> = {
  EqualsExpression: "eq",
  NotEqualsExpression: "ne",
  GreaterOrEqualsExpression: "ge",
  GreaterThanExpression: "gt",
  LesserOrEqualsExpression: "le",
  LesserThanExpression: "lt",
};

const refuse = (message: string) => new FeedRefusal("$filter", message);

function unparen(token: Token): Token {
  let current = token;
  while (current.type === "BoolParenExpression" || current.type === "ParenExpression") current = current.value as Token;
  return current;
}

/** The conjuncts of `a and (b and c)`, or the disjuncts of `a or b`. */
function flatten(token: Token, type: "AndExpression" | "OrExpression"): Token[] {
  const plain = unparen(token);
  if (plain.type !== type) return [plain];
  const { left, right } = plain.value as { left: Token; right: Token };
  return [...flatten(left, type), ...flatten(right, type)];
}

/** The property a comparison names; anything else (a path, a function, $it) is refused. */
function propertyOf(token: Token): string {
  let current: Token = token;
  for (const wrapper of ["FirstMemberExpression", "MemberExpression", "PropertyPathExpression"]) {
    if (current.type !== wrapper) break;
    const inner = current.value as Token | { current?: unknown };
    if (!inner || typeof inner !== "object" || !("type" in inner))
      throw refuse("compare a property of Stats with a value, such as country eq 'FR'.");
    current = inner;
  }
  if (current.type !== "ODataIdentifier")
    throw refuse("compare a property of Stats with a value, such as country eq 'FR'.");
  return (current.value as { name: string }).name;
}

function comparisonOf(token: Token): { property: string; operator: (typeof COMPARISONS)[string]; literal: Token } {
  const operator = COMPARISONS[token.type];
  if (!operator) {
    const what =
      token.type === "NotExpression" ? "not" : token.type === "MethodCallExpression" ? "functions" : "this expression";
    throw refuse(`the Reporting service cannot filter with ${what}: use eq, ne, in, and date ge/le, as in ${EXAMPLE}.`);
  }
  const { left, right } = token.value as { left: Token; right: Token };
  if (right.type !== "Literal") throw refuse("compare a property with a value written out, such as country eq 'FR'.");
  return { property: propertyOf(left), operator, literal: right };
}

function dateOf(literal: Token): string {
  if (literal.value === "Edm.String") throw refuse(`write dates without quotes, such as date ge 2026-06-01.`);
  if (literal.value !== "Edm.Date" || !isCalendarDate(literal.raw))
    throw refuse("compare date with a real date written YYYY-MM-DD, without quotes, such as date ge 2026-06-01.");
  return literal.raw;
}

function textOf(property: string, literal: Token): string {
  if (literal.value !== "Edm.String")
    throw refuse(`compare ${property} with a text in quotes, such as ${property} eq 'value'.`);
  return literal.raw.slice(1, -1).replaceAll("''", "'");
}

function intersect(earlier: string[] | undefined, values: string[]): string[] {
  return earlier === undefined ? values : earlier.filter((value) => values.includes(value));
}

function checkedProperty(property: string): GroupName | "date" {
  if (property === "date") return "date";
  if (isMetric(property))
    throw refuse(
      `the Reporting service cannot filter on ${property}: filter on the dimensions (date, country, format...) only.`,
    );
  if (property === STATS_KEY)
    throw refuse(
      `${STATS_KEY} is the key made of each entity's dimensions: filter on the dimensions themselves, such as country eq 'FR'.`,
    );
  if (!isDimension(property)) throw refuse(`Stats has no property ${property.slice(0, 60)}.`);
  return property;
}

function readDate(filter: FeedFilter, operator: string, day: string): void {
  const later = (a: string | undefined, b: string) => (a === undefined || b > a ? b : a);
  const earlier = (a: string | undefined, b: string) => (a === undefined || b < a ? b : a);
  if (operator === "eq" || operator === "ge" || operator === "gt")
    filter.from = later(filter.from, operator === "gt" ? addDays(day, 1) : day);
  if (operator === "eq" || operator === "le" || operator === "lt")
    filter.to = earlier(filter.to, operator === "lt" ? addDays(day, -1) : day);
  if (operator === "ne")
    throw refuse(
      "the Reporting service cannot leave out a single date: ask for a period, date ge ... and date le ....",
    );
}

function parse(text: string): Token {
  try {
    return parser.filter(expandInLists(text)) as unknown as Token;
  } catch (error) {
    if (error instanceof FeedRefusal) throw error;
    // The parser's own messages name a character position of the rewritten text: not the caller's.
    throw refuse(`the filter is not a valid OData expression. Write it as ${EXAMPLE}.`);
  }
}

/**
 * The service's filters from an OData $filter: `and` across dimensions, `eq`, `in` or `or`
 * within one, `ne` (and `ne` joined by `and`) to leave values out, `date ge/gt/le/lt/eq` for the
 * period. Everything else is refused: the feed never filters rows itself, so anything the
 * service cannot express would otherwise answer the wrong numbers.
 */
export function readFilter(text: string | undefined): FeedFilter {
  const filter: FeedFilter = { from: undefined, to: undefined, include: {}, exclude: {} };
  if (text === undefined || text === "") return filter;
  for (const conjunct of flatten(parse(text), "AndExpression")) {
    const disjuncts = flatten(conjunct, "OrExpression").map(comparisonOf);
    if (disjuncts.length === 1) {
      const [{ property, operator, literal }] = disjuncts as [ReturnType<typeof comparisonOf>];
      const name = checkedProperty(property);
      if (name === "date") {
        readDate(filter, operator, dateOf(literal));
        continue;
      }
      if (operator === "ne") {
        filter.exclude[name] = [...(filter.exclude[name] ?? []), textOf(name, literal)];
        continue;
      }
      if (operator !== "eq") throw refuse(`the Reporting service filters ${name} by equal values only (eq, ne, in).`);
      filter.include[name] = intersect(filter.include[name], [textOf(name, literal)]);
      continue;
    }
    const names = new Set(disjuncts.map((each) => checkedProperty(each.property)));
    const [name] = names;
    if (names.size > 1 || name === undefined)
      throw refuse(
        "or joins values of one dimension only (country eq 'FR' or country eq 'DE'); join different dimensions with and.",
      );
    if (name === "date") throw refuse("a period is one range: write date ge ... and date le ..., not or.");
    if (disjuncts.some((each) => each.operator !== "eq"))
      throw refuse(`or joins eq comparisons only, such as ${name} eq 'a' or ${name} eq 'b'.`);
    filter.include[name] = intersect(filter.include[name], [
      ...new Set(disjuncts.map((each) => textOf(name, each.literal))),
    ]);
  }
  for (const [name, values] of Object.entries(filter.include)) {
    if (values.length === 0)
      throw refuse(
        `no value of ${name} satisfies every comparison: no row could match. Ask for values that can occur together.`,
      );
  }
  return filter;
}
