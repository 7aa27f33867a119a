import { SERVICE_LIMITS, statsRequest, type StatsRequest } from "../../api";
import type { BearerCredential, ReportingStore, StatsAnswer } from "../store/types";
import { forbidden, limitExceeded, type HttpError, type LimitProblem } from "./errors";
import { periodLimitProblem } from "./period-limit";
import { parseOrRefuse } from "./validation";

/** The request as the emulator understood it: valid, within limits, narrowed to the caller. */
export type UnderstoodStatsRequest = StatsRequest & { filters: { organizations: string[] } };

/** How many rows one answer may carry: a JSON page, or a whole CSV or Excel file. */
export type AnswerSize = "page" | "file";

function maxRowsOf(size: AnswerSize): { maximum: number; name: "maxLimit" | "maxExportRows" } {
  return size === "page"
    ? { maximum: SERVICE_LIMITS.maxLimit, name: "maxLimit" }
    : { maximum: SERVICE_LIMITS.maxExportRows, name: "maxExportRows" };
}

function checkLimits(request: StatsRequest, size: AnswerSize): void {
  const { maximum: maxLimit, name } = maxRowsOf(size);
  const problems: LimitProblem[] = [];
  if (request.limit !== undefined && request.limit > maxLimit) {
    problems.push({
      path: "limit",
      message: `limit is ${request.limit}, more than the ${maxLimit} rows one answer may carry (${name}): ask for at most ${maxLimit} rows and page with offset.`,
      limit: name,
      maximum: maxLimit,
      received: request.limit,
    });
  }
  const periodProblem = periodLimitProblem(request.filters.from, request.filters.to, "filters");
  if (periodProblem) problems.push(periodProblem);
  if (problems.length > 0) throw limitExceeded(problems);
}

/**
 * Absent organizations mean all of the caller's. Naming any other is refused the same way
 * whether that organization exists or not, so the answer reveals nothing about it.
 */
function narrowOrganizations(named: readonly string[] | undefined, caller: BearerCredential): string[] {
  if (named === undefined || named.length === 0) return [...caller.organizations];
  const own = new Set(caller.organizations.map((id) => id.toLowerCase()));
  if (named.some((id) => !own.has(id.toLowerCase()))) {
    throw forbidden(
      "filters.organizations names an organization this access token may not see. Leave filters.organizations out to get all of yours, or list only yours (see /details).",
    );
  }
  const byLowerCase = new Map(caller.organizations.map((id) => [id.toLowerCase(), id]));
  return [...new Set(named.map((id) => byLowerCase.get(id.toLowerCase())!))];
}

export function understandStatsRequest(
  body: unknown,
  caller: BearerCredential,
  size: AnswerSize = "page",
): UnderstoodStatsRequest {
  const request = parseOrRefuse(statsRequest, body, "statistics request");
  checkLimits(request, size);
  return {
    ...request,
    filters: { ...request.filters, organizations: narrowOrganizations(request.filters.organizations, caller) },
  };
}

function tooManyRows(rows: number, size: AnswerSize): HttpError {
  const { maximum: maxLimit, name } = maxRowsOf(size);
  return limitExceeded([
    {
      path: "limit",
      message: `This request matches ${rows} rows, more than the ${maxLimit} one answer may carry (${name}): ask for pages with offset and limit (at most ${maxLimit}), or group less finely.`,
      limit: name,
      maximum: maxLimit,
      received: rows,
    },
  ]);
}

/**
 * Without `limit` the whole result is answered, up to the largest page: a longer result is
 * refused rather than cut silently, since a cut total would look like a real one. A file is
 * counted before it is read: read first, a 778,849-row export took 500,000 rows, 30 s and
 * 670 MB to refuse.
 */
export async function runStats(
  store: ReportingStore,
  request: UnderstoodStatsRequest,
  size: AnswerSize = "page",
): Promise<StatsAnswer> {
  const { maximum: maxLimit } = maxRowsOf(size);
  const skipped = request.offset ?? 0;
  if (size === "file" && request.limit === undefined) {
    const counted = await store.stats({ ...request, limit: 0 });
    if (counted.total - skipped > maxLimit) throw tooManyRows(counted.total - skipped, size);
  }
  const answer = await store.stats({ ...request, limit: request.limit ?? maxLimit });
  if (request.limit === undefined && answer.total - skipped > maxLimit) throw tooManyRows(answer.total - skipped, size);
  return answer;
}
