import type ExcelJS from "exceljs";

export type ExcelJs = typeof ExcelJS;

let loading: Promise<ExcelJs> | undefined;

/**
 * exceljs, loaded on first use: about 250 KB gzipped that only an Excel export needs, so the
 * bundler puts it in a chunk of its own that the page fetches at the first export, never at load.
 */
export function loadExcelJs(): Promise<ExcelJs> {
  loading ??= import(/* webpackChunkName: "exceljs" */ "exceljs").then((module) => {
    // A CommonJS module (Node, the browser build) arrives as the namespace's default.
    const namespace = module as unknown as ExcelJs & { default?: ExcelJs };
    return namespace.default ?? namespace;
  });
  // A failed load (the network, say) is tried again at the next export.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
