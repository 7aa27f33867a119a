import type { ReportingClient } from "../../client";
import type { StatsQuery } from "../../core/arguments/stats-query";
import { prepareStatsCsv, type CheckedCsv } from "../../core/exports/csv-export";
import { exportFileName } from "../../core/exports/file-name";
import { statsQueryRows, type QuerySheetRow } from "../../core/exports/query-sheet";
import { rewriteStatsXlsx } from "../../core/exports/xlsx-export";
import { statsFormula, type StatsQueryModel } from "../../core/formula-text";
import type { DateRange } from "../../core/periods";
import type { ReportingRuntime } from "../../core/runtime/reporting-runtime";
import { dataThroughOf, filterLabelsOf, madeNow, periodNameOf } from "./export-facts";
import { BUILD_NAMESPACE } from "../shared/build-namespace";

/**
 * The files of a REPORTING.STATS query as the pane hands them on: Export CSV, Export Excel and
 * Open as worksheet all take them from here, so a worksheet opened in Excel is the file a
 * download would have saved (the header the query asks for, the Query sheet). Every step takes
 * the action's signal: after Cancel no file comes out, even when the service already answered.
 */

export interface StatsFileRequest {
  model: StatsQueryModel;
  query: StatsQuery;
  /** The days the query covers. */
  period: DateRange;
}

/**
 * What a file is made from: the service, the reference lists (labels, data through, read for the
 * query's own profile), the profile's name.
 */
export interface StatsFileSources {
  client: Pick<ReportingClient, "statsCsv" | "statsXlsx">;
  runtime: Pick<ReportingRuntime, "reference">;
  /** The profile the query runs with, by name, for the Query sheet; never a credential. */
  profile: string | undefined;
}

export interface StatsXlsxFile {
  fileName: string;
  bytes: Uint8Array;
}

export interface StatsCsvFile extends CheckedCsv {
  fileName: string;
}

export function statsFileName(request: StatsFileRequest, kind: "csv" | "xlsx"): string {
  const { model } = request;
  return exportFileName({
    prefix: "stats",
    period: request.period,
    groups: model.groups,
    filters: model.filters,
    extension: kind,
  });
}

/** The Excel file's Query sheet; the same whichever way the file is made (here or by the add-in's server). */
export async function statsQuerySheet(
  sources: Pick<StatsFileSources, "runtime" | "profile">,
  request: StatsFileRequest,
  signal?: AbortSignal,
): Promise<QuerySheetRow[]> {
  const { model, query } = request;
  // The names and the last day of the profile the query runs with, not the active one's.
  const reference = { profile: query.profile, signal };
  const [dataThrough, labels] = await Promise.all([
    dataThroughOf(sources.runtime, reference),
    filterLabelsOf(sources.runtime, model.filters, reference),
  ]);
  signal?.throwIfAborted();
  return statsQueryRows(
    model,
    query.request,
    {
      periodName: periodNameOf(model.period),
      profile: sources.profile,
      madeAt: madeNow(),
      dataThrough,
      formula: statsFormula(model, BUILD_NAMESPACE),
    },
    labels,
  );
}

/** The service's Excel file with the query's header and the Query sheet. */
export async function statsXlsxFile(
  sources: StatsFileSources,
  request: StatsFileRequest,
  signal?: AbortSignal,
): Promise<StatsXlsxFile> {
  const [serviceFile, querySheet] = await Promise.all([
    sources.client.statsXlsx(request.query.request, { signal }),
    statsQuerySheet(sources, request, signal),
  ]);
  const bytes = await rewriteStatsXlsx(serviceFile, request.query.headers, querySheet);
  // Rewriting takes a moment on a large file: Cancel pressed meanwhile still wins.
  signal?.throwIfAborted();
  return { fileName: statsFileName(request, "xlsx"), bytes };
}

/**
 * The service's CSV with the query's header. It carries names the service's users typed: a
 * spreadsheet opening the file would run one starting with = as a formula (CSV injection), so
 * no field is passed on unchecked.
 */
export async function statsCsvFile(
  sources: StatsFileSources,
  request: StatsFileRequest,
  signal?: AbortSignal,
): Promise<StatsCsvFile> {
  const checked = prepareStatsCsv(
    await sources.client.statsCsv(request.query.request, { signal }),
    request.query.headers,
  );
  signal?.throwIfAborted();
  return { fileName: statsFileName(request, "csv"), ...checked };
}
