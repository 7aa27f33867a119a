import type { z } from "zod";
import { STATS_ROUTES } from "../api/routes";
import type { StatsRequest } from "../api/stats-request";
import { statsResponse, type StatsEntry, type StatsResponse } from "../api/stats-response";
import { ResponseValidationError, type UnreadableAnswer } from "./errors";
import { isStatsResponse } from "./generated/stats-response.validator";
import { describeResponseIssue, formatPath, type PlainIssue } from "./issues";
import type { Redactor } from "./redact";

/** Issues listed on one error; a wholly wrong answer can hold one per row. */
const MAX_LISTED_ISSUES = 20;

/** Why a text that JSON.parse refused is not JSON, judged by its ends so as not to depend on an engine's wording. */
function unreadableForm(text: string): UnreadableAnswer {
  const trimmed = text.trim();
  if (trimmed === "") return "empty";
  if (!/^[{[]/.test(trimmed)) return "not_json";
  return /[}\]]$/.test(trimmed) ? "malformed" : "cut_off";
}

function parseJson(text: string, route: string, redactor: Redactor | undefined): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const unreadable = unreadableForm(text);
    throw new ResponseValidationError({
      route,
      issues: [{ path: "", message: unreadable.replace("_", " ") }],
      unreadable,
      redactor,
    });
  }
}

/**
 * Levels of arrays and objects an answer may have. The deepest answer of the service, a legacy
 * aggregation by all four groupings, has ten; a schema that recurses (the legacy aggregation)
 * or a walk over the answer would overflow the stack at a few thousand.
 */
const MAX_ANSWER_DEPTH = 64;

/** True when `json` holds arrays or objects more than `limit` levels deep; walks without recursion. */
function nestedDeeperThan(json: unknown, limit: number): boolean {
  const values: unknown[] = [json];
  const depths: number[] = [1];
  while (values.length > 0) {
    const value = values.pop();
    const depth = depths.pop()!;
    if (typeof value !== "object" || value === null) continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(value) ? value : Object.values(value)) {
      if (typeof child === "object" && child !== null) {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

function refuseDeepNesting(json: unknown, route: string, redactor: Redactor | undefined): void {
  if (nestedDeeperThan(json, MAX_ANSWER_DEPTH)) {
    throw new ResponseValidationError({
      route,
      issues: [{ path: "", message: `nested more than ${MAX_ANSWER_DEPTH} levels deep` }],
      unreadable: "too_deep",
      redactor,
    });
  }
}

function validateWithZod<Schema extends z.ZodType>(
  json: unknown,
  schema: Schema,
  route: string,
  redactor: Redactor | undefined,
): z.output<Schema> {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, MAX_LISTED_ISSUES).map((issue) => describeResponseIssue(issue, json));
  throw new ResponseValidationError({ route, issues, issueCount: result.error.issues.length, redactor });
}

/** Parses a JSON answer and validates it with its schema from src/api. */
export function parseJsonAnswer<Schema extends z.ZodType>(
  text: string,
  schema: Schema,
  route: string,
  redactor?: Redactor,
): z.output<Schema> {
  const json = parseJson(text, route, redactor);
  refuseDeepNesting(json, route, redactor);
  return validateWithZod(json, schema, route, redactor);
}

/** The names every row of a /stats answer must carry as keys, given the request. */
export interface AskedNames {
  groups?: StatsRequest["groups"];
  metrics?: StatsRequest["metrics"];
}

function firstRowMissingAKey(
  rows: readonly StatsEntry[],
  groups: readonly string[],
  metrics: readonly string[],
): number {
  // Runs on every row of every answer, so it only finds whether a key is missing, without
  // allocating; missingKeyIssues, which builds the messages, runs on a refusal only.
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index]!;
    const group = row.group as Record<string, unknown>;
    for (let name = 0; name < groups.length; name += 1) if (group[groups[name]!] === undefined) return index;
    const values = row.metrics as Record<string, unknown>;
    for (let name = 0; name < metrics.length; name += 1) if (values[metrics[name]!] === undefined) return index;
  }
  return -1;
}

function missingKeyIssues(
  rows: readonly StatsEntry[],
  from: number,
  groups: readonly string[],
  metrics: readonly string[],
): { issues: PlainIssue[]; count: number } {
  const issues: PlainIssue[] = [];
  let count = 0;
  const note = (index: number, part: "group" | "metrics", name: string) => {
    count += 1;
    if (issues.length < MAX_LISTED_ISSUES)
      issues.push({
        path: formatPath(["stats", index, part, name]),
        message: "missing, though the request asked for it",
      });
  };
  for (let index = from; index < rows.length; index += 1) {
    const row = rows[index]!;
    for (const name of groups)
      if ((row.group as Record<string, unknown>)[name] === undefined) note(index, "group", name);
    for (const name of metrics)
      if ((row.metrics as Record<string, unknown>)[name] === undefined) note(index, "metrics", name);
  }
  return { issues, count };
}

/**
 * Refuses rows that lack a group or metric the request named. The service answers one key per
 * requested name; a missing one would become a blank cell, which SUM silently counts as
 * nothing. A group value of null (not attributed) is present, so it passes.
 *
 * Metrics are required only when the request lists them. Without a list the service is
 * documented to send all four (spec/known-facts.md), but the spec itself does not show the
 * answer's fields, and a wrong guess here would refuse every answer rather than one bad row.
 */
function refuseMissingKeys(
  answer: StatsResponse,
  asked: AskedNames,
  route: string,
  redactor: Redactor | undefined,
): void {
  const groups = asked.groups ?? [];
  const metrics = asked.metrics ?? [];
  if (groups.length === 0 && metrics.length === 0) return;
  const first = firstRowMissingAKey(answer.stats, groups, metrics);
  if (first < 0) return;
  const { issues, count } = missingKeyIssues(answer.stats, first, groups, metrics);
  throw new ResponseValidationError({ route, issues, issueCount: count, redactor });
}

/**
 * The client's whole read of a /stats answer. It can hold 100,000 rows, which zod would copy
 * one object at a time (1.7-2x a bare JSON.parse), so ajv's generated validator, which only
 * reads, decides first; its verdict is zod's, and an accepted answer is returned as parsed.
 * zod runs only on a refusal, to name the field. With `asked`, the request's group and metric
 * names, every row must also carry each of them.
 */
export function readStatsResponse(text: string, redactor?: Redactor, asked?: AskedNames): StatsResponse {
  const route = STATS_ROUTES.json;
  const json = parseJson(text, route, redactor);
  let answer: StatsResponse;
  if (isStatsResponse(json)) answer = json;
  else {
    // Only on a refusal, when zod and the issue's description walk the answer: an accepted one
    // is read by its known fields, and 100,000 rows are not worth a second walk.
    refuseDeepNesting(json, route, redactor);
    answer = validateWithZod(json, statsResponse, route, redactor);
  }
  if (asked) refuseMissingKeys(answer, asked, route, redactor);
  return answer;
}
