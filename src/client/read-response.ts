import type { z } from "zod";
import { STATS_ROUTES } from "../api/routes";
import { statsResponse, type StatsResponse } from "../api/stats-response";
import { ResponseValidationError } from "./errors";
import { compileFastCheck } from "./fast-check";
import { describeResponseIssue } from "./issues";
import type { Redactor } from "./redact";

/** Issues listed on one error; a wholly wrong answer can hold one per row. */
const MAX_LISTED_ISSUES = 20;

/**
 * Parses a JSON answer and validates it with its schema from src/api. Large identity schemas
 * (the /stats answer) are checked by the compiled fast check first; zod runs only when that
 * check fails, to name the route and field, or for schemas that normalise their input.
 */
export function parseJsonAnswer<Schema extends z.ZodType>(
  text: string,
  schema: Schema,
  route: string,
  redactor?: Redactor,
): z.output<Schema> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ResponseValidationError({ route, issues: [{ path: "", message: "not JSON" }], notJson: true, redactor });
  }
  const fastCheck = compileFastCheck(schema);
  if (fastCheck?.(json)) return json as z.output<Schema>;
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, MAX_LISTED_ISSUES).map((issue) => describeResponseIssue(issue, json));
  throw new ResponseValidationError({ route, issues, issueCount: result.error.issues.length, redactor });
}

/** The client's whole read of a /stats answer: JSON.parse, then validation against `statsResponse`. */
export function readStatsResponse(text: string, redactor?: Redactor): StatsResponse {
  return parseJsonAnswer(text, statsResponse, STATS_ROUTES.json, redactor);
}
