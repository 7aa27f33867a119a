import type { z } from "zod";
import { ASSET_TYPES, DATE_GROUPS, DEVICE_TYPES, INTEGRATION_TYPES, MAX_ROW_COUNT } from "../../api";
import { ArgumentError, quoted } from "./argument-error";

function oneOf(values: readonly string[]): string {
  return `use ${values.slice(0, -1).join(", ")} or ${values[values.length - 1]}`;
}

const COUNT = `use a whole number from 0 to ${MAX_ROW_COUNT}`;

/** Friendlier words than zod's for the fields whose rule is a closed list or a count. */
const ACCEPTS = new Map<PropertyKey, string>([
  ["asset_types", oneOf(ASSET_TYPES)],
  ["integration_types", oneOf(INTEGRATION_TYPES)],
  ["device_types", oneOf(DEVICE_TYPES)],
  ["date_group", oneOf(DATE_GROUPS)],
  ["limit", COUNT],
  ["offset", COUNT],
  ["date_group_limit", COUNT],
]);

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The formula argument a field of the request came from. */
function argumentOf(path: readonly PropertyKey[]): string {
  const [first, second] = path;
  if (first === "filters") return second === "from" || second === "to" ? second : "filters";
  if (first === "metrics" || first === "groups" || first === "orders") return first;
  return "options";
}

/**
 * Turns the first complaint of the shared request schema into an ArgumentError that names the
 * formula argument, the value and what is accepted: the schema stays the only place the rules live.
 */
export function argumentErrorOfIssues(issues: readonly z.core.$ZodIssue[], request: unknown): ArgumentError {
  const issue = issues[0];
  if (!issue) return new ArgumentError("arguments", "not accepted");
  const path = issue.path;
  const argument = argumentOf(path);
  const field = String(path[argument === "filters" ? 1 : 0] ?? "");
  const accepts = ACCEPTS.get(field) ?? issue.message;
  const value = valueAt(request, path);
  if (argument === "options")
    return new ArgumentError(argument, `${field}=${String(value)} is not accepted: ${accepts}`);
  if (argument === "filters") {
    return new ArgumentError(
      argument,
      value === undefined || Array.isArray(value) ? `${field} ${accepts}` : `${field} ${quoted(value)}: ${accepts}`,
    );
  }
  return new ArgumentError(
    argument,
    value === undefined || typeof value === "object" ? accepts : `${quoted(value)} ${accepts}`,
  );
}
