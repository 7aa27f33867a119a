import { POWER_QUERY_NAME, type PowerQueryFiles } from "./power-query-files";

type ConnectedWorkbooks = typeof import("@microsoft/connected-workbooks");

let loading: Promise<ConnectedWorkbooks> | undefined;

/**
 * Microsoft's connected-workbooks library, loaded on first use: about 470 KB that only "Open in
 * Power Query" needs, so the bundler gives it a chunk of its own that the page fetches then,
 * never at load (src/core/exports/excel-module.ts does the same for exceljs).
 */
function loadConnectedWorkbooks(): Promise<ConnectedWorkbooks> {
  loading ??= import(/* webpackChunkName: "connected-workbooks" */ "@microsoft/connected-workbooks");
  // A failed load (the network, say) is tried again at the next use.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * The Excel workbook of a query: one Power Query query (`files.mQuery`) loaded to a table on the
 * first sheet, refreshed when the file is opened. The table starts with the query's headers and
 * no rows; Excel fills it at the first refresh, with the credential the user gives Power Query.
 * The library has no way to add a PivotTable on the Data Model: the user adds one in Excel
 * (docs/power-query.md).
 */
export async function powerQueryWorkbook(
  files: Pick<PowerQueryFiles, "mQuery" | "columns" | "days">,
): Promise<Uint8Array> {
  const { workbookManager } = await loadConnectedWorkbooks();
  const blob = await workbookManager.generateSingleQueryWorkbook(
    { queryMashup: files.mQuery, refreshOnOpen: true, queryName: POWER_QUERY_NAME },
    { data: [files.columns], config: { promoteHeaders: true, adjustColumnNames: false } },
    {
      docProps: {
        title: "Reporting stats (Power Query)",
        description: `Refreshes from the add-in's OData feed. Days when made: ${files.days.from} to ${files.days.to}.`,
      },
    },
  );
  return new Uint8Array(await blob.arrayBuffer());
}
