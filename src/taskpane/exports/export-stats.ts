import type { StatsQuery } from "../../core/arguments/stats-query";
import type { StatsQueryModel } from "../../core/formula-text";
import type { DateRange } from "../../core/periods";
import { openInBrowser } from "../../office/browser-window";
import type { PaneContext } from "../shell/context";
import { prepareHostExport, type HostExportOffer } from "./host-exports";
import { downloadExport } from "./download-export";
import { profileNameOf } from "./export-facts";
import { neutralisedNote } from "./neutralised-note";
import { noTokenMessage, queryProfileOf } from "./query-profile";
import { statsCsvFile, statsFileName, statsQuerySheet, statsXlsxFile, type StatsFileSources } from "./stats-file";

export interface StatsExport {
  model: StatsQueryModel;
  query: StatsQuery;
  /** The days the query covers. */
  period: DateRange;
  kind: "csv" | "xlsx";
  /** Set when the add-in's own server prepares the file for the browser (Excel for Mac). */
  host?: HostExportOffer | undefined;
}

/**
 * What the pane makes a REPORTING.STATS file from, with the client of the profile the query runs
 * with (the one it pins, else the active one), as the preview and the formula do; undefined when
 * that profile has no access token.
 */
export function statsFileSources(context: PaneContext, query: StatsQuery): StatsFileSources | undefined {
  const client = context.runtime.clients(query.profile).reporting;
  return client ? { client, runtime: context.runtime, profile: profileNameOf(context, query.profile) } : undefined;
}

/**
 * Export CSV / Export Excel of the Query tab: the service's file with the header the query asks
 * for (readable, service names or none), named after its period, groups and filters; an Excel
 * file also gets a "Query" sheet describing the query (stats-file.ts). Says in the status bar
 * what happened; a failure, or Cancel through `signal`, is thrown for the action bar to say, and
 * after Cancel nothing is downloaded or opened.
 */
export async function exportStats(context: PaneContext, request: StatsExport, signal?: AbortSignal): Promise<void> {
  const { status } = context;
  const sources = statsFileSources(context, request.query);
  if (!sources) {
    status.show(noTokenMessage(request.query.profile), "error");
    return;
  }
  status.busy(request.kind === "csv" ? "Preparing the CSV file…" : "Preparing the Excel file…");
  if (request.host) {
    // The server prepares the same file with the same code (src/core/exports) and the browser downloads it.
    const prepared = await prepareHostExport({
      offer: request.host,
      origin: location.origin,
      token: queryProfileOf(context.current(), request.query.profile)?.token ?? "",
      format: request.kind,
      fileName: statsFileName(request, request.kind),
      headers: request.query.headers,
      querySheet: request.kind === "xlsx" ? await statsQuerySheet(sources, request, signal) : [],
      request: request.query.request,
      signal,
    });
    // The server's link serves the file once within a minute: unopened, it is never used.
    signal?.throwIfAborted();
    openInBrowser(prepared.url);
    status.success(
      `Opened ${prepared.fileName} in your browser, which saves it; the link works once, within a minute.${neutralisedNote(prepared.neutralised)}`,
    );
    return;
  }
  downloadExport(
    status,
    request.kind === "xlsx"
      ? await statsXlsxFile(sources, request, signal)
      : await statsCsvFile(sources, request, signal),
  );
}
