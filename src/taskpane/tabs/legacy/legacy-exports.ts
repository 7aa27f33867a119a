import { rowsCsv } from "../../../core/exports/csv-export";
import { fileHeaderRow } from "../../../core/exports/csv-header";
import { exportFileName } from "../../../core/exports/file-name";
import { legacyQueryRows } from "../../../core/exports/query-sheet";
import { rowsXlsx } from "../../../core/exports/xlsx-export";
import { legacyStatsFormula, type LegacyQueryModel } from "../../../core/formula-text";
import { legacyRowsOf, legacyTableColumns } from "../../../core/workbook-queries/legacy-table-data";
import { LEGACY_READABLE_GROUPS } from "../../../core/legacy/legacy-rows";
import type { DateRange } from "../../../core/periods";
import type { SpillTable } from "../../../core/rows/spill-table";
import { fileNumberFormat } from "../../../core/workbook-queries/table-columns";
import type { PaneContext } from "../../shell/context";
import { downloadExport } from "../../exports/download-export";
import { madeNow, periodNameOf, profileNameOf } from "../../exports/export-facts";
import { BUILD_NAMESPACE } from "../../shared/build-namespace";

export interface LegacyExport {
  model: LegacyQueryModel;
  /** The days asked for (grouping by month widens what the service answers to whole months). */
  range: DateRange;
  /** Every row of the answer, in LEGACY.STATS's columns: a file is not a spill, so none is cut. */
  table: SpillTable;
  kind: "csv" | "xlsx";
}

/**
 * Export CSV / Export Excel of the Legacy tab. The legacy service has no export route, so the
 * file is made from the rows the pane holds, with the header the tab chose (none for
 * `headers=none`): the CSV checked by csv-safety.ts like every CSV the pane saves, the Excel
 * file with its Query sheet.
 */
export async function exportLegacy(context: PaneContext, request: LegacyExport, signal: AbortSignal): Promise<void> {
  const { model, table, kind } = request;
  const fileName = exportFileName({
    prefix: "legacy-stats",
    period: request.range,
    groups: model.groupBy,
    extension: kind,
  });
  const rowsOf = legacyRowsOf(table);
  const { rows } = rowsOf;
  // The currency beside money, as the preview's headings say it.
  const header = fileHeaderRow(rowsOf.header, model.headers ?? "readable");
  if (kind === "csv") {
    const checked = rowsCsv(header, rows, table.dateColumns);
    signal.throwIfAborted();
    downloadExport(context.status, { fileName, ...checked });
    return;
  }
  const columns = legacyTableColumns(model.groupBy);
  const numberFormats = Array.from({ length: (table.rows[0] ?? []).length }, (_, column) =>
    columns[column] ? fileNumberFormat(columns[column]) : undefined,
  );
  const querySheet = legacyQueryRows(
    model,
    request.range,
    model.groupBy.map((group) => LEGACY_READABLE_GROUPS[group]),
    {
      periodName: periodNameOf(model.period),
      profile: profileNameOf(context, model.profile),
      madeAt: madeNow(),
      formula: legacyStatsFormula(model, BUILD_NAMESPACE),
    },
  );
  const bytes = await rowsXlsx({ sheetName: "Legacy statistics", header, rows, numberFormats }, querySheet);
  // Cancel pressed while the file was made: nothing is saved.
  signal.throwIfAborted();
  downloadExport(context.status, { fileName, bytes });
}
