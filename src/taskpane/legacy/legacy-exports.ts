import { rowsCsv } from "../../core/exports/csv-export";
import { exportFileName } from "../../core/exports/file-name";
import { legacyQueryRows } from "../../core/exports/query-sheet";
import { rowsXlsx } from "../../core/exports/xlsx-export";
import { legacyStatsFormula, type LegacyQueryModel } from "../../core/formula-text";
import { LEGACY_READABLE_GROUPS } from "../../core/legacy/legacy-rows";
import type { DateRange } from "../../core/periods";
import { headerRowCount, shownDataRowCount, type SpillTable } from "../../core/rows/spill-table";
import type { PaneContext } from "../context";
import { CSV_MEDIA_TYPE, XLSX_MEDIA_TYPE, downloadFile } from "../downloads";
import { madeNow, periodNameOf, profileNameOf } from "../exports/export-facts";
import { neutralisedNote } from "../exports/neutralised-note";

export interface LegacyExport {
  model: LegacyQueryModel;
  /** The days asked for (grouping by month widens what the service answers to whole months). */
  range: DateRange;
  /** Every row, as LEGACY.STATS spills them. */
  table: SpillTable;
  kind: "csv" | "xlsx";
}

const COUNT_FORMAT = "#,##0";
const MONEY_FORMAT = "#,##0.00";
const DATE_FORMAT = "yyyy-mm-dd";

/**
 * Export CSV / Export Excel of the Legacy tab. The legacy service has no export route, so the
 * file is made from the rows the pane holds: the CSV checked by csv-safety.ts like every CSV the
 * pane saves, the Excel file with its Query sheet.
 */
export async function exportLegacy(context: PaneContext, request: LegacyExport): Promise<void> {
  const { model, table, kind } = request;
  const fileName = exportFileName({ prefix: "legacy-stats", period: request.range, groups: model.groupBy, extension: kind });
  const above = headerRowCount(table);
  // The pane's legacy query always has its header row; an empty answer has none to keep.
  const header = above === 1 && table.dataRowCount > 0 ? table.rows[0]!.map(String) : undefined;
  const rows = table.rows.slice(above, above + shownDataRowCount(table));
  const cut = table.omittedRowCount > 0 ? ` It holds the first ${rows.length.toLocaleString()} of ${table.dataRowCount.toLocaleString()} rows: choose a shorter period for the rest.` : "";
  if (kind === "csv") {
    const checked = rowsCsv(header, rows, table.dateColumns);
    downloadFile(fileName, checked.csv, CSV_MEDIA_TYPE);
    context.status.success(`Downloaded ${fileName}.${cut}${neutralisedNote(checked.neutralised)}`);
    return;
  }
  context.status.busy("Preparing the Excel file…");
  const dates = new Set(table.dateColumns);
  const groups = model.groupBy.length;
  const metricFormats = [COUNT_FORMAT, MONEY_FORMAT, MONEY_FORMAT, COUNT_FORMAT];
  const numberFormats = Array.from({ length: (table.rows[0] ?? []).length }, (_, column) =>
    dates.has(column) ? DATE_FORMAT : column >= groups ? metricFormats[column - groups] : undefined,
  );
  const querySheet = legacyQueryRows(
    model,
    request.range,
    model.groupBy.map((group) => LEGACY_READABLE_GROUPS[group]),
    { periodName: periodNameOf(model.period), profile: profileNameOf(context, model.profile), madeAt: madeNow(), formula: legacyStatsFormula(model) },
  );
  const bytes = await rowsXlsx({ sheetName: "Legacy statistics", header, rows, numberFormats }, querySheet);
  downloadFile(fileName, bytes as Uint8Array<ArrayBuffer>, XLSX_MEDIA_TYPE);
  context.status.success(`Downloaded ${fileName}, with a Query sheet that describes the query.${cut}`);
}
