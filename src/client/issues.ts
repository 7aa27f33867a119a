import type { z } from "zod";

/**
 * Turns zod issues into words a finance user can act on. zod's own messages ("Too small:
 * expected array to have >=1 items") name types, not what to do, so each issue code is
 * rewritten here; messages our schemas set themselves ("must be a real date …") are kept.
 */

export type SchemaIssue = z.core.$ZodIssue;

export interface PlainIssue {
  /** Where the problem is, e.g. `filters.from` or `stats[3].metrics.revenues`; empty for the whole value. */
  path: string;
  /** The problem in plain words. */
  message: string;
}

export function formatPath(segments: readonly PropertyKey[]): string {
  let path = "";
  for (const segment of segments) {
    if (typeof segment === "number") path += `[${segment}]`;
    else path += path === "" ? String(segment) : `.${String(segment)}`;
  }
  return path;
}

function valueAt(input: unknown, segments: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const segment of segments) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

const TYPE_WORDS: Record<string, string> = {
  string: "a text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  null: "empty (null)",
};

function plural(count: number | bigint, word: string): string {
  return `${count} ${word}${Number(count) === 1 ? "" : "s"}`;
}

function listValues(values: readonly unknown[]): string {
  return values.map((value) => String(value)).join(", ");
}

/** What the value should have been, phrased to follow "must be" / "expected". */
function requirement(issue: SchemaIssue, input: unknown): { missing: boolean; words: string } {
  switch (issue.code) {
    case "invalid_type": {
      if (valueAt(input, issue.path) === undefined) return { missing: true, words: "" };
      return { missing: false, words: TYPE_WORDS[issue.expected] ?? issue.expected };
    }
    case "invalid_value":
      return { missing: false, words: `one of ${listValues(issue.values)}` };
    case "too_small": {
      if (issue.origin === "array" || issue.origin === "set")
        return { missing: false, words: `a list of at least ${plural(issue.minimum, "value")}` };
      if (issue.origin === "string")
        return {
          missing: false,
          words:
            Number(issue.minimum) === 1
              ? "a text that is not empty"
              : `a text of at least ${plural(issue.minimum, "character")}`,
        };
      return { missing: false, words: issue.inclusive ? `${issue.minimum} or more` : `more than ${issue.minimum}` };
    }
    case "too_big": {
      if (issue.origin === "array" || issue.origin === "set")
        return { missing: false, words: `a list of at most ${plural(issue.maximum, "value")}` };
      if (issue.origin === "string")
        return { missing: false, words: `a text of at most ${plural(issue.maximum, "character")}` };
      return { missing: false, words: issue.inclusive ? `${issue.maximum} or less` : `less than ${issue.maximum}` };
    }
    case "invalid_format":
    case "not_multiple_of":
    case "unrecognized_keys":
    case "invalid_union":
    case "invalid_key":
    case "invalid_element":
    case "custom":
    default: // also a code a later zod may add: no words rather than a wrong requirement
      return { missing: false, words: "" };
  }
}

/** A request problem as one sentence: `filters.from must be a real date written YYYY-MM-DD`. */
export function describeRequestIssue(issue: SchemaIssue, input: unknown, subject = "the request"): PlainIssue {
  const path = formatPath(issue.path);
  const name = path === "" ? subject : path;
  if (issue.code === "unrecognized_keys") {
    return { path, message: `${name} has fields the service does not know: ${issue.keys.join(", ")}` };
  }
  const { missing, words } = requirement(issue, input);
  if (missing) return { path, message: `${name} is missing` };
  if (words !== "") return { path, message: `${name} must be ${words}` };
  // Our schemas phrase their own messages to follow the field name ("must be a UUID …").
  if (/^(must|is|has|should)\b/.test(issue.message)) return { path, message: `${name} ${issue.message}` };
  // A rule across fields ("from must be on or before to") names its fields itself: say only
  // which object they belong to.
  const parent = formatPath(issue.path.slice(0, -1));
  return { path, message: parent === "" ? issue.message : `${parent}: ${issue.message}` };
}

/** A response problem as what was expected: `expected a number`, `missing`. */
export function describeResponseIssue(issue: SchemaIssue, input: unknown): PlainIssue {
  const path = formatPath(issue.path);
  const { missing, words } = requirement(issue, input);
  if (missing) return { path, message: "missing" };
  if (words !== "") return { path, message: `expected ${words}` };
  return { path, message: issue.message };
}
