/**
 * What the recording fake of Office.js keeps and shows to tests: the workbook as a file would
 * keep it, every write and sync, and the options and controls a test drives it with.
 */

export interface FakeWrite {
  kind: string;
  target: string;
  value: unknown;
  /** For `values`: the number format in force in each cell when the values landed. */
  numberFormat?: string[][];
}

export interface FakeSync {
  /** UTF-8 bytes of the JSON of everything queued since the previous sync, and of what its reads brought back. */
  bytes: number;
  /** Refused as Excel on the web refuses a request over 5 MB; nothing of it was applied. */
  refused: boolean;
}

/** A text Excel would have turned into a formula. */
export interface FakeFormulaLike {
  /** The cell, such as `Reporting!B7`. */
  target: string;
  text: string;
  /** The number format of the cell when the text was written. */
  numberFormat: string;
}

/** A worksheet of the fake workbook (its cells are kept apart, by sheet id). */
export interface FakeSheet {
  id: string;
  name: string;
  /** Right-click > Hide: "Hidden" (or "VeryHidden"); shown when absent. Excel still reads and writes its cells and tables. */
  visibility?: string;
}

/**
 * An Excel Table: its header row at `row` (where it would be when hidden), `rows` rows in all
 * (header, body and totals row, hidden header included), one name per column.
 */
export interface FakeTable {
  id: string;
  name: string;
  sheetId: string;
  row: number;
  column: number;
  rows: number;
  columns: string[];
  sortFields: { key: number; ascending: boolean }[];
  /** AutoFilter criteria by column index (only `{ filterOn: "Values", values }` is applied). */
  filters: Record<string, unknown>;
  /** Body rows (0-based) the filters hide. */
  hiddenRows: number[];
  style: string;
  /** Header Row ticked (Table Design); true when absent. */
  showHeaders?: boolean;
  /** Total Row ticked; false when absent. */
  showTotals?: boolean;
  /** What the totals row held when it was last hidden: Excel shows it again as it was. */
  totalsMemory?: { value: unknown; formula?: string }[];
}

export interface FakePivotData {
  name: string;
  /** The table column it summarises. */
  source: string;
  summarizeBy: string;
  numberFormat: string;
}

/**
 * A PivotTable on a table: its fields, how often it was refreshed, and what it shows, computed
 * from the table when it was added, changed or refreshed (as Excel, it does not follow its
 * source by itself).
 */
export interface FakePivot {
  id: string;
  name: string;
  sheetId: string;
  row: number;
  column: number;
  sourceTableId: string;
  rowFields: string[];
  dataFields: FakePivotData[];
  layout: { layoutType: string; showRowGrandTotals: boolean; showColumnGrandTotals: boolean };
  refreshCount: number;
  summary: { key: unknown[]; values: number[] }[];
}

/** A defined name (Formulas > Name Manager): workbook-wide, or of one sheet when `sheetId` is set. */
export interface FakeName {
  name: string;
  formula: string;
  sheetId?: string;
}

export interface FakePart {
  id: string;
  namespaceUri: string;
  xml: string;
}

/** What the file keeps besides cells: sheets, tables, PivotTables, custom XML parts, saved settings, startup behaviour. */
export interface FakeWorkbook {
  sheets: FakeSheet[];
  tables: FakeTable[];
  pivots: FakePivot[];
  customXmlParts: FakePart[];
  /** Defined names; absent in files saved before the fake kept them. */
  names?: FakeName[];
  /** Document settings as last saved (Office.context.document.settings.saveAsync). */
  settings: Record<string, unknown>;
  /** Office.addin.setStartupBehavior: "None" or "Load". */
  startupBehavior: string;
  counter: number;
}

/** `__officeFakeControl.save()`: the workbook and its cells as JSON, to open again with `options.workbook`. */
export interface FakeSavedWorkbook {
  workbook: FakeWorkbook;
  cells: [string, [string, { value: unknown; formula?: string; json?: unknown }][]][];
  formats: [string, [number, (string | null)[]][]][];
  spills: { sheetId: string; row: number; column: number; rows: number; columns: number }[];
}

export interface FakeOfficeState {
  /** The workbook's sheets, tables, PivotTables and custom XML parts, as they are now. */
  workbook: FakeWorkbook;
  writes: FakeWrite[];
  settings: Record<string, unknown>;
  runtimeStorage: Record<string, string>;
  associated: string[];
  syncs: FakeSync[];
  formulaLike: FakeFormulaLike[];
}

/** What a test does that Excel or its user would: `window.__officeFakeControl`. */
export interface FakeOfficeControl {
  /** Selects a range such as `B2` (on the first sheet) or `Reporting!C5`. */
  select(address: string): void;
  /**
   * Excel's result of the formula at `anchor` (`Sheet1!B2`): `rows` fill the cells from there and
   * form its spill. A cell may be given as `valuesAsJson` shows it, such as a date a custom
   * function returned with its own format: `{ type: "FormattedNumber", basicValue, numberFormat }`.
   */
  spill(anchor: string, rows: unknown[][]): void;
  /** What a range (`Sheet1!A1:C3`) holds: values, formulas and the number formats in force. */
  cells(address: string): { values: unknown[][]; formulas: unknown[][]; numberFormat: string[][] };
  /** "Save" the workbook: JSON to pass as `options.workbook` to a fresh fake (a reopened file). */
  save(): string;
  /** A table by name or id, with its cells (header row first); undefined when there is none. */
  table(name: string):
    | (FakeTable & {
        sheet: string;
        address: string;
        values: unknown[][];
        formulas: unknown[][];
        numberFormat: string[][];
      })
    | undefined;
}

export interface FakeOfficeOptions {
  selection: string;
  sheetName: string;
  /**
   * The requirement sets this Excel offers, such as "CustomFunctionsRuntime 1.3" (a set at a
   * version offers every lower one); every set when absent.
   */
  requirementSets?: string[];
  /** Office.context.platform and onReady's platform: "PC" (default), "Mac", "OfficeOnline". */
  platform?: string;
  /** A workbook saved by `__officeFakeControl.save()`: the fake opens it, as Excel opens a file. */
  workbook?: string;
  /** What OfficeRuntime.storage already holds on this machine (the profiles of a user who used the add-in before). */
  runtimeStorage?: Record<string, string>;
  /** Document settings cannot be saved (a file opened read-only): saveAsync fails with this message. */
  settingsSaveFails?: string;
}
