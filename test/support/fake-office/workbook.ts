/** `context.workbook` of an Excel.run, and the `Excel` global that runs batches. */
import type { FakeContext } from "./fake-context";
import { customXmlParts } from "./custom-xml";
import { resolveAddress } from "./lookups";
import { once, type Any } from "./proxies";
import { syncBatch, type Batch } from "./recording";
import type { FakeSheet } from "./types";
import { worksheets } from "./worksheets";

function makeWorkbook(ctx: FakeContext, batch: Batch): Any {
  const { workbook, recorder } = ctx;
  const selected = () => resolveAddress(workbook, ctx.view.selection);
  return {
    getSelectedRange: () => ctx.proxies.range(once(selected), batch),
    getActiveCell: () =>
      ctx.proxies.range(
        once(() => ({ ...selected(), rows: 1, columns: 1 })),
        batch,
      ),
    worksheets: worksheets(ctx, batch),
    tables: ctx.proxies.tables(batch),
    pivotTables: ctx.proxies.pivots(batch),
    names: ctx.proxies.names(batch),
    customXmlParts: customXmlParts(ctx, batch),
    insertWorksheetsFromBase64: (base64: string, insertOptions: unknown) => {
      let ids: string[] | undefined;
      recorder.queue(batch, "insertWorksheetsFromBase64", "workbook", { base64, options: insertOptions }, (copy) => {
        const data: FakeSheet = { id: `sheet-${++workbook.counter}`, name: `Export ${workbook.counter}` };
        workbook.sheets.push(data);
        ids = [data.id];
        recorder.commit({ kind: "insertWorksheetsFromBase64", target: "workbook", value: copy });
      });
      return {
        get value() {
          if (!ids) throw new Error("fake Excel: the value of a ClientResult is there only after context.sync()");
          return ids;
        },
      };
    },
    application: {
      calculate: (type: string) => recorder.queue(batch, "calculate", "application", type),
    },
  };
}

/** The `Excel` global: `Excel.run` and the enums the add-in reads. */
export function excelGlobal(ctx: FakeContext): Any {
  return {
    // Excel.run(options, batch) as well: the options are the business of fake-office-user.ts.
    run: async (...args: unknown[]) => {
      const callback = args[args.length - 1] as (context: Any) => Promise<unknown>;
      const batch: Batch = [];
      const result = await callback({ workbook: makeWorkbook(ctx, batch), sync: () => syncBatch(ctx.state, batch) });
      // Excel.run itself syncs whatever the batch left queued.
      if (batch.length > 0) await syncBatch(ctx.state, batch);
      return result;
    },
    CalculationType: { full: "Full", recalculate: "Recalculate" },
    WorksheetPositionType: { end: "End", start: "Start" },
    AggregationFunction: { sum: "Sum", count: "Count", average: "Average", automatic: "Automatic" },
    PivotLayoutType: { compact: "Compact", tabular: "Tabular", outline: "Outline" },
    SpecialCellType: { formulas: "Formulas", constants: "Constants", blanks: "Blanks" },
  };
}
