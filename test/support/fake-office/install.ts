/**
 * A recording stand-in for the parts of Office.js the task pane uses: `Office.onReady`,
 * requirement sets, document settings, `OfficeRuntime.storage`, `CustomFunctions.associate`
 * and the `Excel.run` object model (ranges, worksheets, tables, PivotTables). Every write is
 * appended to `window.__officeFake.writes`, so a test can check what reached the workbook.
 *
 * Like Excel, the object model queues what a batch does and applies it at `context.sync()`
 * (and at the end of `Excel.run`), in order. Like Excel on the web, it refuses a sync whose
 * queued payload passes 5 MB (UTF-8 bytes of the JSON of every value, formula, number format
 * and base64 file queued since the last sync): nothing of that batch is applied. It keeps the
 * number format in force in each cell and lists every text written through `values` that
 * Excel would read as a formula (a string starting with = + - or @ in a cell not formatted
 * "@") in `formulaLike`. Every such limit is in limits.ts.
 *
 * It also keeps what each cell holds, so that the pane can read it back (`load` then `sync`, as
 * in Excel: a property read before that throws), Excel Tables by name, and the spills a test
 * says Excel computed: `window.__officeFakeControl` moves the selection, spills a formula's
 * result and reads cells back (see `FakeOfficeControl`). Reads count towards a sync's bytes,
 * and an answer over 5 MB is refused as well.
 *
 * Tables keep their columns, sort and filter, grow and shrink (`resize`, `rows.add`, row
 * `delete`, moving the cells below as Excel does) and fill calculated columns into new rows;
 * PivotTables keep their fields and what they show, computed from their table when added or
 * refreshed (never by themselves); custom XML parts, saved settings and the startup behaviour
 * are kept too, and objects resolve at the sync, as Office.js paths do. `save()` gives the
 * workbook as a file would keep it: `options.workbook` opens it in a fresh fake (a reopened file).
 *
 * Unit tests call `installFakeOffice` in Node with `window` set to `globalThis`
 * (test/unit/office/fake-excel.ts); the browser tests inject the same modules into the page
 * as one bundled init script (test/e2e/support/fake-office.ts), so both enforce the same limits.
 */
import { rangeReads } from "./cell-reads";
import { createCellStore } from "./cells";
import { fakeControl } from "./control";
import type { FakeContext } from "./fake-context";
import { supportsSet } from "./limits";
import { sheetById } from "./lookups";
import { namedItems } from "./names";
import { installOfficeGlobals } from "./office-globals";
import { pivotCollection } from "./pivots";
import type { Any } from "./proxies";
import { makeRange } from "./ranges";
import { createRecorder } from "./recording";
import { createTableModel } from "./table-model";
import { tableCollection, tableProxy } from "./tables";
import type { FakeOfficeOptions, FakeOfficeState, FakeSavedWorkbook, FakeWorkbook } from "./types";
import { excelGlobal } from "./workbook";
import { sheetProxy } from "./worksheets";

export function installFakeOffice(options: FakeOfficeOptions): void {
  const win = window as Any;
  const saved = options.workbook ? (JSON.parse(options.workbook) as FakeSavedWorkbook) : undefined;
  const workbook: FakeWorkbook = saved?.workbook ?? {
    sheets: [{ id: "sheet-1", name: options.sheetName }],
    tables: [],
    pivots: [],
    customXmlParts: [],
    settings: {},
    startupBehavior: "None",
    counter: 1,
  };
  // Settings as the add-in set them; saveAsync copies them into the workbook, which keeps only what was saved.
  const state: FakeOfficeState = {
    workbook,
    writes: [],
    settings: { ...workbook.settings },
    runtimeStorage: { ...options.runtimeStorage },
    associated: [],
    syncs: [],
    formulaLike: [],
  };
  win.__officeFake = state;

  const cells = createCellStore(state);
  const ctx = {
    options,
    state,
    workbook,
    cells,
    reads: rangeReads(cells),
    recorder: createRecorder(state),
    view: { selection: options.selection, activeSheetId: workbook.sheets[0]?.id },
    spills: [],
    supportsSet: (name: string, version: string) => supportsSet(options.requirementSets, name, version),
  } as Omit<FakeContext, "tableModel" | "proxies"> as FakeContext;
  ctx.tableModel = createTableModel(ctx);
  ctx.proxies = {
    range: (at, batch) => makeRange(ctx, at, batch),
    sheet: (at, batch) => sheetProxy(ctx, at, batch),
    table: (resolveTable, batch) => tableProxy(ctx, resolveTable, batch),
    tables: (batch, ofSheet) => tableCollection(ctx, batch, ofSheet),
    pivots: (batch, ofSheet) => pivotCollection(ctx, batch, ofSheet),
    names: (batch, ofSheet) => namedItems(ctx, batch, ofSheet),
  };

  // A saved workbook opened again: its cells, formats and spills as the file kept them.
  if (saved) {
    cells.open(saved);
    for (const spill of saved.spills) ctx.spills.push({ ...spill, sheet: sheetById(workbook, spill.sheetId) });
  }

  win.Excel = excelGlobal(ctx);
  win.__officeFakeControl = fakeControl(ctx);
  installOfficeGlobals(win, ctx);
}
