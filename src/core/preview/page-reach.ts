import { SERVICE_LIMITS, type StatsEntry, type StatsRequest, type StatsResponse } from "../../api";

/**
 * A preview reads one page: the first rows of the query's own window (its offset and limit), at
 * most one page of the client's size. With the rows, the page tells whether the whole answer was
 * read and, when the service sent `total`, how many rows the answer holds (known-facts: `total`
 * is inferred, so it may be missing).
 */
export interface PageReach {
  /** The rows read, at most as many as asked. */
  rows: StatsEntry[];
  /** Every row of the answer is in `rows`: counts and totals over them are the answer's. */
  complete: boolean;
  /** Rows of the whole answer (within the query's own limit) when known. */
  rowCount?: number;
}

/** The one request a preview sends: the query's first page. */
export function firstPageRequest(request: StatsRequest, pageSize: number = SERVICE_LIMITS.maxLimit): StatsRequest {
  return { ...request, limit: Math.min(request.limit ?? pageSize, pageSize) };
}

export function pageReach(
  request: StatsRequest,
  response: Pick<StatsResponse, "stats" | "total">,
  pageSize: number = SERVICE_LIMITS.maxLimit,
): PageReach {
  const asked = firstPageRequest(request, pageSize).limit!;
  // A page longer than asked (a service ignoring `limit`) holds rows that are not the query's.
  const rows = response.stats.slice(0, asked);
  const wanted = request.limit ?? Number.POSITIVE_INFINITY;
  const { total } = response;
  if (rows.length >= wanted) return { rows, complete: true, rowCount: rows.length };
  if (total !== undefined) {
    const rowCount = Math.min(wanted, Math.max(rows.length, total - (request.offset ?? 0)));
    return rows.length >= rowCount
      ? { rows, complete: true, rowCount: rows.length }
      : { rows, complete: false, rowCount };
  }
  // Without `total`, only a page shorter than asked shows the end of the answer.
  return rows.length < asked ? { rows, complete: true, rowCount: rows.length } : { rows, complete: false };
}
