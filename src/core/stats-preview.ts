import { statsRequest, type StatsEntry, type StatsRequest } from "../api";
import type { PagesProgress } from "../client";
import type { StatsQuery } from "./arguments/stats-query";
import { comparedStatsTable } from "./compare/compared-table";
import { narrowedComparison } from "./compare/narrowed-comparison";
import { comparisonRequest } from "./compare/comparison-request";
import type { Connect } from "./data-sources";
import { firstPageRequest, pageReach } from "./preview/page-reach";
import { PREVIEW_ROWS } from "./preview/preview-model";
import type { SpillTable } from "./rows/spill-table";
import { statsRows } from "./rows/stats-rows";
import { requireBearer, type ServiceCache } from "./service-cache";

/** What Preview shows of a STATS query after one page per period. */
export interface StatsPreview {
  /** The rows read: the whole answer when `complete`, else its first rows. */
  table: SpillTable;
  /** `table` holds every row of the answer: its count and totals are the answer's. */
  complete: boolean;
  /** Rows of the whole answer when known without reading it all (the service's `total`). */
  rowCount?: number;
  /** Rows read so far: the answer holds at least this many. */
  rowsRead: number;
  /** Some rows shown may lack their comparison: it ran over more than one page even narrowed. */
  comparisonPartial?: boolean;
}

export interface StatsPreviewDependencies {
  connect: Connect;
  service: ServiceCache;
  ttlOf(cacheSeconds: number | undefined): number;
}

/**
 * The preview of a STATS query: one request of one page (and, with compare=, one for the
 * comparison period; a third, narrowed to the rows shown, when that one ran over a page). The
 * whole answer is read only by `Count all rows` (statsTable), which the user asks for.
 */
export async function statsPreview(
  deps: StatsPreviewDependencies,
  query: StatsQuery,
  signal?: AbortSignal,
): Promise<StatsPreview> {
  const connection = await deps.connect(query.profile);
  const bearer = requireBearer(connection, query.profile);
  const call = { signal, ttlMs: deps.ttlOf(query.cacheSeconds) };
  const firstPage = async (request: StatsRequest) => {
    const page = await deps.service.statsPage(connection, bearer, firstPageRequest(request), call);
    const reach = pageReach(request, page);
    // A page that held the whole answer is the answer, as a listing of every page gives it
    // (statsAll's total: the service's, else the offset plus the rows): the formula inserted next reuses it.
    if (reach.complete) {
      const total = page.total ?? (request.offset ?? 0) + reach.rows.length;
      await deps.service.rememberStats(connection, request, { stats: reach.rows, total }, call);
    }
    return reach;
  };

  if (query.compare === undefined) {
    const own = await firstPage(query.request);
    const table = statsRows(own.rows, query.request, query.headers);
    return {
      table,
      complete: own.complete,
      rowsRead: own.rows.length,
      ...(own.rowCount !== undefined ? { rowCount: own.rowCount } : {}),
    };
  }

  const comparing = comparisonRequest(query.request, query.compare);
  const [own, comparison] = await Promise.all([firstPage(query.request), firstPage(comparing)]);
  if (own.complete && comparison.complete) {
    const table = comparedStatsTable(own.rows, comparison.rows, query.request, query.headers, query.compare);
    return { table, complete: true, rowCount: table.dataRowCount, rowsRead: table.dataRowCount };
  }
  // Only the first rows are shown: they get their comparison, and rows found only in the
  // comparison (listed after all of the period's) are left for Count all rows.
  const shown = own.rows.slice(0, PREVIEW_ROWS);
  let previous: StatsEntry[] = comparison.rows;
  let comparisonPartial = false;
  if (!comparison.complete) {
    const narrowed = statsRequest.safeParse(narrowedComparison(comparing, shown));
    const reach = narrowed.success ? await firstPage(narrowed.data) : comparison;
    previous = reach.rows;
    comparisonPartial = !reach.complete;
  }
  const cut: StatsRequest = { ...query.request, limit: shown.length };
  const table = comparedStatsTable(shown, previous, cut, query.headers, query.compare);
  return { table, complete: false, rowsRead: own.rows.length, ...(comparisonPartial ? { comparisonPartial } : {}) };
}

/** Pages read of pages known while Count all rows reads every page of one or two listings. */
export function combinedProgress(
  listings: number,
  onProgress: (progress: PagesProgress) => void,
): (index: number) => (progress: PagesProgress) => void {
  const latest: (PagesProgress | undefined)[] = new Array(listings).fill(undefined);
  return (index) => (progress) => {
    latest[index] = progress;
    const seen = latest.filter((each): each is PagesProgress => each !== undefined);
    onProgress({
      pagesDone: seen.reduce((sum, each) => sum + each.pagesDone, 0),
      // A listing not heard from yet has at least its first page to read.
      pagesKnown: seen.reduce((sum, each) => sum + each.pagesKnown, 0) + (listings - seen.length),
      pagesExact: seen.length === listings && seen.every((each) => each.pagesExact),
      rowsRead: seen.reduce((sum, each) => sum + each.rowsRead, 0),
    });
  };
}
