import type { StatsQuery } from "../../core/arguments/stats-query";
import { prepareStatsCsv } from "../../core/exports/csv-export";
import { exportFileName } from "../../core/exports/file-name";
import { statsQueryRows, type QuerySheetRow } from "../../core/exports/query-sheet";
import { rewriteStatsXlsx } from "../../core/exports/xlsx-export";
import { statsFormula, type StatsQueryModel } from "../../core/formula-text";
import type { DateRange } from "../../core/periods";
import { openInBrowser } from "../../office/browser-window";
import type { PaneContext } from "../context";
import { CSV_MEDIA_TYPE, XLSX_MEDIA_TYPE, downloadFile } from "../downloads";
import { prepareHostExport, type HostExportOffer } from "../host-exports";
import { dataThroughOf, filterLabelsOf, madeNow, periodNameOf, profileNameOf } from "./export-facts";
import { neutralisedNote } from "./neutralised-note";

export interface StatsExport {
  model: StatsQueryModel;
  query: StatsQuery;
  /** The days the query covers. */
  period: DateRange;
  kind: "csv" | "xlsx";
  /** Set when the add-in's own server prepares the file for the browser (Excel for Mac). */
  host?: HostExportOffer | undefined;
}

/** The file's name, and for an Excel file its Query sheet: the same whichever way the file is made. */
async function describe(context: PaneContext, request: StatsExport): Promise<{ fileName: string; querySheet: QuerySheetRow[] }> {
  const { model, query } = request;
  const fileName = exportFileName({ prefix: "stats", period: request.period, groups: model.groups, filters: model.filters, extension: request.kind });
  if (request.kind === "csv") return { fileName, querySheet: [] };
  const [dataThrough, labels] = await Promise.all([dataThroughOf(context.runtime), filterLabelsOf(context.runtime, model.filters)]);
  const querySheet = statsQueryRows(
    model,
    query.request,
    { periodName: periodNameOf(model.period), profile: profileNameOf(context, query.profile), madeAt: madeNow(), dataThrough, formula: statsFormula(model) },
    labels,
  );
  return { fileName, querySheet };
}

/**
 * Export CSV / Export Excel of the Query tab: the service's file with the header the query asks
 * for (readable, service names or none), named after its period, groups and filters; an Excel
 * file also gets a "Query" sheet describing the query. Says in the status bar what happened.
 */
export async function exportStats(context: PaneContext, request: StatsExport): Promise<void> {
  const { status, runtime } = context;
  const client = runtime.clients().reporting;
  if (!client) {
    status.show("Sign in on the Connect tab with a profile that has an access token.", "error");
    return;
  }
  status.busy(request.kind === "csv" ? "Preparing the CSV file…" : "Preparing the Excel file…");
  try {
    const { fileName, querySheet } = await describe(context, request);
    const headers = request.query.headers;
    if (request.host) {
      // The server prepares the same file with the same code (src/core/exports) and the browser downloads it.
      const prepared = await prepareHostExport({
        offer: request.host,
        origin: location.origin,
        token: context.current().active?.token ?? "",
        format: request.kind,
        fileName,
        headers,
        querySheet,
        request: request.query.request,
      });
      openInBrowser(prepared.url);
      status.success(`Opened ${prepared.fileName} in your browser, which saves it; the link works once, within a minute.${neutralisedNote(prepared.neutralised)}`);
      return;
    }
    if (request.kind === "xlsx") {
      const bytes = await rewriteStatsXlsx(await client.statsXlsx(request.query.request), headers, querySheet);
      downloadFile(fileName, bytes as Uint8Array<ArrayBuffer>, XLSX_MEDIA_TYPE);
      status.success(`Downloaded ${fileName}, with a Query sheet that describes the query.`);
      return;
    }
    // The service's CSV carries names its users typed: a spreadsheet opening the file would run
    // one starting with = as a formula (CSV injection), so no field is passed on unchecked.
    const checked = prepareStatsCsv(await client.statsCsv(request.query.request), headers);
    downloadFile(fileName, checked.csv, CSV_MEDIA_TYPE);
    status.success(`Downloaded ${fileName}.${neutralisedNote(checked.neutralised)}`);
  } catch (error) {
    status.error(error);
  }
}
