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
 * "@") in `formulaLike`.
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
 * `installFakeOffice` runs inside the page (page.addInitScript serialises it), so it must not
 * use anything from outside its own body. Unit tests run the same function in Node
 * (test/unit/office/fake-excel.ts), so that both enforce the same limits.
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
  table(name: string): (FakeTable & { sheet: string; address: string; values: unknown[][]; formulas: unknown[][]; numberFormat: string[][] }) | undefined;
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

export function installFakeOffice(options: FakeOfficeOptions): void {
  type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
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
  const state: FakeOfficeState = { workbook, writes: [], settings: { ...workbook.settings }, runtimeStorage: { ...options.runtimeStorage }, associated: [], syncs: [], formulaLike: [] };
  win.__officeFake = state;
  const record = (kind: string, target: string, value: unknown) => {
    // Copied as JSON so that later changes to the caller's arrays cannot rewrite history.
    state.writes.push({ kind, target, value: JSON.parse(JSON.stringify(value ?? null)) });
  };

  const letters = (column: number) => {
    let text = "";
    for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26)) text = String.fromCharCode(65 + ((n - 1) % 26)) + text;
    return text;
  };
  const parseCell = (cell: string) => {
    const match = /^\$?([A-Z]+)\$?(\d+)$/.exec(cell);
    if (!match) throw new Error(`fake Excel cannot read the address ${cell}`);
    let column = 0;
    for (const char of match[1] as string) column = column * 26 + (char.charCodeAt(0) - 64);
    return { row: Number(match[2]) - 1, column: column - 1 };
  };

  interface Box {
    sheet: FakeSheet;
    row: number;
    column: number;
    rows: number;
    columns: number;
  }
  const addressOf = (box: Box) => {
    const first = `${letters(box.column)}${box.row + 1}`;
    const last = `${letters(box.column + box.columns - 1)}${box.row + box.rows}`;
    return `${box.sheet.name}!${first === last ? first : `${first}:${last}`}`;
  };
  const boxOf = (sheet: FakeSheet, address: string): Box => {
    const local = address.slice(address.lastIndexOf("!") + 1);
    const [start, end] = local.split(":") as [string, string | undefined];
    const a = parseCell(start);
    const b = end ? parseCell(end) : a;
    return { sheet, row: a.row, column: a.column, rows: b.row - a.row + 1, columns: b.column - a.column + 1 };
  };

  const checkShape = (box: Box, value: unknown, kind: string) => {
    if (!Array.isArray(value) || value.length !== box.rows || value.some((row) => !Array.isArray(row) || row.length !== box.columns)) {
      throw new Error(`fake Excel: ${kind} of ${addressOf(box)} must be ${box.rows}x${box.columns}`);
    }
  };

  // "5 MB" read as 5,000,000 bytes, the stricter reading of Microsoft's figure.
  const REQUEST_LIMIT_BYTES = 5_000_000;
  const encoder = new TextEncoder();
  const utf8Bytes = (text: string) => encoder.encode(text).length;
  const jsonBytes = (value: unknown) => utf8Bytes(JSON.stringify(value ?? null));
  const commit = (write: FakeWrite) => {
    state.writes.push(write);
  };
  const richApiError = (code: string, message: string) => Object.assign(new Error(message), { name: "RichApi.Error", code, debugInfo: { code, message } });

  /** What one Excel.run has queued since its last sync, in order; a read answers with the bytes it returns. */
  type Batch = { bytes: number; apply: () => void | number }[];

  const queue = (batch: Batch, kind: string, target: string | (() => string), value: unknown, apply?: (copy: Any) => void) => {
    // Serialised when queued, so that later changes to the caller's arrays cannot rewrite
    // history; the JSON is also what the request would carry.
    const json = JSON.stringify(value ?? null);
    batch.push({
      bytes: utf8Bytes(json) + utf8Bytes(kind) + (typeof target === "string" ? utf8Bytes(target) : 40),
      apply: () => {
        const copy = JSON.parse(json);
        if (apply) apply(copy);
        else commit({ kind, target: typeof target === "string" ? target : target(), value: copy });
      },
    });
  };
  /** A method call with small arguments, applied in order at the sync. */
  const call = (batch: Batch, args: unknown, apply: () => void | number) => {
    batch.push({ bytes: 40 + jsonBytes(args), apply });
  };

  // The number format in force, per sheet id, column and row; "General" where none was set.
  const formats = new Map<string, Map<number, string[]>>();
  const formatAt = (sheetId: string, row: number, column: number) => formats.get(sheetId)?.get(column)?.[row] ?? "General";
  const setFormat = (sheetId: string, row: number, column: number, format: string) => {
    let columns = formats.get(sheetId);
    if (!columns) formats.set(sheetId, (columns = new Map()));
    let rows = columns.get(column);
    if (!rows) columns.set(column, (rows = []));
    rows[row] = format;
  };
  // Range.values reads a text starting with one of these as a formula unless the cell is text ("@").
  const FORMULA_START = /^[=+\-@]/;

  // What each cell holds, per sheet id and "row,column": the value, the formula (none for a
  // constant) and, for a custom function's result, the value as valuesAsJson gives it.
  interface CellData {
    value: unknown;
    formula?: string;
    json?: unknown;
  }
  const cells = new Map<string, Map<string, CellData>>();
  const cellAt = (sheetId: string, row: number, column: number) => cells.get(sheetId)?.get(`${row},${column}`);
  const setCell = (sheetId: string, row: number, column: number, data: CellData) => {
    let sheetCells = cells.get(sheetId);
    if (!sheetCells) cells.set(sheetId, (sheetCells = new Map()));
    sheetCells.set(`${row},${column}`, data);
  };
  // A null in a written array leaves its cell as it is, as in Excel.
  const storeWrite = (kind: string, box: Box, copy: unknown[][], inForce?: string[][]) =>
    copy.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (cell === null || cell === undefined) return;
        const isFormula = typeof cell === "string" && FORMULA_START.test(cell) && (kind === "formulas" || inForce?.[r]?.[c] !== "@");
        setCell(box.sheet.id, box.row + r, box.column + c, isFormula ? { value: "", formula: cell as string } : { value: cell });
      }),
    );
  const grid = (box: Box, cell: (data: CellData | undefined, row: number, column: number) => unknown) =>
    Array.from({ length: box.rows }, (_, r) =>
      Array.from({ length: box.columns }, (_, c) => cell(cellAt(box.sheet.id, box.row + r, box.column + c), box.row + r, box.column + c)),
    );
  const jsonOf = (data: CellData | undefined) => {
    if (data?.json !== undefined) return data.json;
    const value = data?.value ?? "";
    if (typeof value === "number") return { type: "Double", basicValue: value };
    if (typeof value === "boolean") return { type: "Boolean", basicValue: value };
    return value === "" ? { type: "Empty", basicValue: "" } : { type: "String", basicValue: value };
  };
  /** The properties a range can load, read from the cells when the batch is synced. */
  const RANGE_READS: Record<string, (box: Box) => unknown> = {
    values: (box) => grid(box, (data) => data?.value ?? ""),
    formulas: (box) => grid(box, (data) => data?.formula ?? data?.value ?? ""),
    numberFormat: (box) => grid(box, (_data, row, column) => formatAt(box.sheet.id, row, column)),
    valuesAsJson: (box) => grid(box, jsonOf),
    text: (box) => grid(box, (data) => String(data?.value ?? "")),
    rowCount: (box) => box.rows,
    columnCount: (box) => box.columns,
    address: (box) => addressOf(box),
    rowIndex: (box) => box.row,
    columnIndex: (box) => box.column,
    cellCount: (box) => box.rows * box.columns,
  };
  const HEAVY_READS = ["values", "formulas", "numberFormat", "valuesAsJson", "text"];
  // Results Excel spilled, each the box from its formula cell.
  const spills: Box[] = [];
  const overlaps = (a: Box, b: Box) =>
    a.sheet.id === b.sheet.id && a.row < b.row + b.rows && b.row < a.row + a.rows && a.column < b.column + b.columns && b.column < a.column + a.columns;

  // ---- cell helpers the tables use: one cell at a time, or moving blocks as Excel inserts and deletes ----
  const valueAt = (sheet: SheetData, row: number, column: number): unknown => cellAt(sheet.id, row, column)?.value ?? "";
  const formulaAt = (sheet: SheetData, row: number, column: number): string | null => cellAt(sheet.id, row, column)?.formula ?? null;
  const isEmptyCell = (sheet: SheetData, row: number, column: number) => formulaAt(sheet, row, column) === null && valueAt(sheet, row, column) === "";
  /** One value as Range.values writes it (null: unchanged), with the same check of texts read as formulas. */
  const writeValue = (sheet: SheetData, row: number, column: number, value: unknown) => {
    if (value === null || value === undefined) return;
    const format = formatAt(sheet.id, row, column);
    if (typeof value === "string" && FORMULA_START.test(value) && format !== "@") {
      state.formulaLike.push({ target: `${sheet.name}!${letters(column)}${row + 1}`, text: value, numberFormat: format });
      setCell(sheet.id, row, column, { value: "", formula: value });
      return;
    }
    setCell(sheet.id, row, column, { value });
  };
  const writeFormula = (sheet: SheetData, row: number, column: number, formula: string) => setCell(sheet.id, row, column, { value: "", formula });
  // Formats are unset by assignment, not `delete`, which would make a long array slow to use.
  const unsetFormat = (sheetId: string, row: number, column: number) => {
    const rows = formats.get(sheetId)?.get(column);
    if (rows && row < rows.length) rows[row] = undefined as unknown as string;
  };
  const clearCell = (sheet: SheetData, row: number, column: number) => {
    cells.get(sheet.id)?.delete(`${row},${column}`);
    unsetFormat(sheet.id, row, column);
  };
  /** Moves every cell (content and format) of `inside` by `down` rows and `right` columns; what they leave is empty. */
  const moveCells = (sheet: SheetData, inside: (row: number, column: number) => boolean, down: number, right: number) => {
    const moved: [number, number, CellData | undefined, string | undefined][] = [];
    const sheetCells = cells.get(sheet.id);
    for (const [key, data] of sheetCells ?? []) {
      const [row, column] = key.split(",").map(Number) as [number, number];
      if (inside(row, column)) moved.push([row, column, data, undefined]);
    }
    for (const [column, rows] of formats.get(sheet.id) ?? []) {
      rows.forEach((format, row) => {
        if (format !== undefined && inside(row, column)) moved.push([row, column, undefined, format]);
      });
    }
    for (const [row, column, data, format] of moved) {
      if (data) sheetCells?.delete(`${row},${column}`);
      if (format !== undefined) unsetFormat(sheet.id, row, column);
    }
    for (const [row, column, data, format] of moved) {
      if (data) setCell(sheet.id, row + down, column + right, data);
      if (format !== undefined) setFormat(sheet.id, row + down, column + right, format);
    }
  };
  /** The bounding box of the non-empty cells of `within` (formats count unless valuesOnly), or null. */
  const usedBox = (within: Box, valuesOnly: boolean): Box | null => {
    let top = Infinity;
    let bottom = -1;
    let left = Infinity;
    let right = -1;
    const take = (row: number, column: number) => {
      if (row < within.row || row >= within.row + within.rows || column < within.column || column >= within.column + within.columns) return;
      top = Math.min(top, row);
      bottom = Math.max(bottom, row);
      left = Math.min(left, column);
      right = Math.max(right, column);
    };
    for (const [key, data] of cells.get(within.sheet.id) ?? []) {
      if (data.formula === undefined && (data.value === "" || data.value === null || data.value === undefined)) continue;
      const [row, column] = key.split(",").map(Number) as [number, number];
      take(row, column);
    }
    if (!valuesOnly) {
      for (const [column, rows] of formats.get(within.sheet.id) ?? []) rows.forEach((format, row) => format !== undefined && take(row, column));
    }
    return bottom < 0 ? null : { sheet: within.sheet, row: top, column: left, rows: bottom - top + 1, columns: right - left + 1 };
  };

  /**
   * Excel's misplacement of values written while an AutoFilter hides rows (office-js #224, a
   * product bug): the array's rows land on the visible rows of the range, one after the other;
   * hidden rows keep what they held and the array's last rows are lost. Null cells are left as is.
   * A single row is written where it was asked, hidden or not.
   */
  const pastFilters = (box: Box, copy: unknown[][]): unknown[][] => {
    if (box.rows < 2) return copy;
    const hidden = new Set<number>();
    for (const table of workbook.tables) {
      if (table.sheetId !== box.sheet.id) continue;
      for (const index of table.hiddenRows) hidden.add(table.row + 1 + index);
    }
    if (!copy.some((_, r) => hidden.has(box.row + r))) return copy;
    let next = 0;
    return copy.map((row, r) => (hidden.has(box.row + r) ? row.map(() => null) : (copy[next++] ?? row.map(() => null))));
  };

  /**
   * Excel's automatic table expansion (AutoCorrect's "Include new rows and columns in table", on
   * by default; AutoCorrect applies to add-ins' writes too, office-js #6745): a value or formula
   * written in the row right under a table's last data row joins the table as a new row (a
   * totals row stops it), one written right of its last column joins it as a new column.
   */
  const autoExpand = (box: Box, copy: unknown[][]) => {
    const written = (row: number, column: number) => {
      const cell = copy[row - box.row]?.[column - box.column];
      return cell !== null && cell !== undefined && cell !== "";
    };
    for (const table of workbook.tables) {
      if (table.sheetId !== box.sheet.id) continue;
      const sheet = box.sheet;
      for (let under = table.row + table.rows; !hasTotals(table) && table.columns.some((_, c) => written(under, table.column + c)); under++) {
        const calculated = table.columns.map((_, c) => calculatedFormula(table, c));
        table.rows += 1;
        calculated.forEach((formula, c) => formula && isEmptyCell(sheet, under, table.column + c) && writeFormula(sheet, under, table.column + c, formula));
        commit({ kind: "tableAutoExpand", target: table.name, value: addressOf(tableBox(table)) });
      }
      for (let right = table.column + table.columns.length; ; right++) {
        const whole = tableBox(table);
        if (!Array.from({ length: whole.rows }, (_, r) => written(whole.row + r, right)).some(Boolean)) break;
        table.columns = uniqueHeaders([...table.columns, hasHeaders(table) ? String(valueAt(sheet, table.row, right)) : ""]);
        writeHeaders(table);
        commit({ kind: "tableAutoExpand", target: table.name, value: addressOf(tableBox(table)) });
      }
    }
  };

  const applyWrite = (kind: string, box: Box, copy: unknown[][]) => {
    checkShape(box, copy, kind);
    const target = addressOf(box);
    const landed = kind === "values" || kind === "formulas" ? pastFilters(box, copy) : copy;
    if (kind === "numberFormat") {
      copy.forEach((row, r) => row.forEach((format, c) => format !== null && format !== undefined && setFormat(box.sheet.id, box.row + r, box.column + c, String(format))));
      commit({ kind, target, value: copy });
    } else if (kind === "values") {
      const inForce = landed.map((row, r) =>
        row.map((cell, c) => {
          const format = formatAt(box.sheet.id, box.row + r, box.column + c);
          if (typeof cell === "string" && FORMULA_START.test(cell) && format !== "@") {
            state.formulaLike.push({ target: `${box.sheet.name}!${letters(box.column + c)}${box.row + r + 1}`, text: cell, numberFormat: format });
          }
          return format;
        }),
      );
      storeWrite(kind, box, landed, inForce);
      commit({ kind, target, value: copy, numberFormat: inForce });
      autoExpand(box, landed);
    } else {
      if (kind === "formulas") {
        storeWrite(kind, box, landed);
        autoExpand(box, landed);
      }
      commit({ kind, target, value: copy });
    }
  };

  // ---- Office.js proxies: a property is readable once loaded and synced ----
  const notLoaded = (name: string) =>
    richApiError("PropertyNotLoaded", `fake Excel: ${name} is read before load() and sync(), which Excel refuses`);
  /** The names a load(...) asks for: "a,b", ["a", "b"], {select: "a"} or nothing (every light property). */
  const requested = (what: unknown, light: readonly string[]): string[] => {
    const text = typeof what === "string" ? what : Array.isArray(what) ? what.join(",") : typeof what === "object" && what ? String((what as Any).select ?? "") : "";
    const names = text
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean);
    return names.length === 0 ? [...light] : names;
  };
  /**
   * Gives `proxy` load() and getters for `light` properties (what a bare load() brings) and
   * `heavy` ones (brought only when named, and counted in the answer's bytes); `read` runs at the
   * sync and returns null for a null object.
   */
  const loadable = (proxy: Any, batch: Batch, light: readonly string[], read: (names: string[]) => Record<string, unknown> | null, heavy: readonly string[] = []) => {
    let loaded: Record<string, unknown> | undefined;
    const fill = (names: string[] = [...light]) => {
      const snapshot = read(names);
      loaded = { ...(loaded ?? {}), ...(snapshot ?? {}), isNullObject: snapshot === null };
      let bytes = 0;
      for (const name of names) if (heavy.includes(name) && snapshot) bytes += jsonBytes(snapshot[name]);
      return bytes;
    };
    proxy.load = (what?: unknown) => {
      const names = requested(what, light);
      batch.push({ bytes: 40 + utf8Bytes(names.join(",")), apply: () => fill(names) });
      return proxy;
    };
    proxy.__fill = fill;
    for (const name of [...light, ...heavy, "isNullObject"]) {
      const own = Object.getOwnPropertyDescriptor(proxy, name);
      Object.defineProperty(proxy, name, {
        configurable: true,
        enumerable: true,
        get: () => {
          if (!loaded || !(name in loaded)) throw notLoaded(name);
          return loaded[name];
        },
        ...(own?.set ? { set: own.set } : {}),
      });
    }
    return proxy;
  };
  /** A ClientResult: its value is there after the sync. */
  const clientResult = (batch: Batch, compute: () => unknown) => {
    let done = false;
    let value: unknown;
    batch.push({
      bytes: 40,
      apply: () => {
        value = compute();
        done = true;
        return jsonBytes(value);
      },
    });
    return {
      get value() {
        if (!done) throw new Error("fake Excel: the value of a ClientResult is there only after context.sync()");
        return value;
      },
    };
  };
  /** A collection: load() fills `items` (each loaded with the properties asked as items/...). */
  const collection = (batch: Batch, list: () => Any[]) => {
    let items: Any[] | undefined;
    const proxy: Any = {
      load: (what?: unknown) => {
        const text = typeof what === "string" ? what : Array.isArray(what) ? what.join(",") : "";
        const itemNames = text
          .split(",")
          .map((name) => name.trim())
          .filter((name) => name.startsWith("items/"))
          .map((name) => name.slice("items/".length));
        batch.push({
          bytes: 40,
          apply: () => {
            items = list();
            let bytes = 0;
            for (const item of items) bytes += item.__fill ? item.__fill(itemNames.length > 0 ? itemNames : undefined) : 0;
            return bytes;
          },
        });
        return proxy;
      },
      getCount: () => clientResult(batch, () => list().length),
      getFirstOrNullObject: () => {
        const first = once(() => list()[0] ?? null);
        return nullable(first, batch);
      },
    };
    Object.defineProperty(proxy, "items", {
      get: () => {
        if (!items) throw notLoaded("items");
        return items;
      },
    });
    Object.defineProperty(proxy, "count", {
      get: () => {
        if (!items) throw notLoaded("count");
        return items.length;
      },
    });
    return proxy;
  };
  /** Resolves once, at the first sync that needs it (as Office.js resolves an object's path), then keeps the answer. */
  const once = <T,>(resolve: () => T): (() => T) => {
    let done = false;
    let value: T;
    return () => {
      if (!done) {
        value = resolve();
        done = true;
      }
      return value;
    };
  };
  /** A proxy from getFirstOrNullObject: the item's own proxy once found, a null object otherwise. */
  const nullable = (find: () => Any | null, batch: Batch): Any => {
    const proxy: Any = {};
    let found: Any | null | undefined;
    proxy.load = (what?: unknown) => {
      batch.push({
        bytes: 40,
        apply: () => {
          found = find();
          if (found) {
            const bytes = found.__fill(what === undefined ? undefined : requested(what, []));
            for (const key of Object.keys(found)) if (!(key in proxy)) Object.defineProperty(proxy, key, { get: () => found[key], configurable: true });
            return bytes;
          }
          return 0;
        },
      });
      return proxy;
    };
    Object.defineProperty(proxy, "isNullObject", {
      get: () => {
        if (found === undefined) throw notLoaded("isNullObject");
        return found === null;
      },
    });
    return proxy;
  };

  /**
   * An ...OrNullObject of a kind whose proxy `make` builds: usable at once like the real thing,
   * and isNullObject once loaded and synced.
   */
  const orNull = <T,>(find: () => T | null, make: (resolve: () => T) => Any, batch: Batch): Any => {
    const located = once(find);
    const proxy = make(() => {
      const found = located();
      if (found === null) throw richApiError("InvalidOperation", "fake Excel: this object is a null object");
      return found;
    });
    let isNull: boolean | undefined;
    proxy.load = (what?: unknown) => {
      batch.push({
        bytes: 40,
        apply: () => {
          isNull = located() === null;
          if (isNull) return 0;
          const names = what === undefined ? [] : requested(what, []);
          return proxy.__fill(names.length > 0 ? names : undefined);
        },
      });
      return proxy;
    };
    Object.defineProperty(proxy, "isNullObject", {
      configurable: true,
      get: () => {
        if (isNull === undefined) throw notLoaded("isNullObject");
        return isNull;
      },
    });
    return proxy;
  };

  // ---- ranges ----
  /** A range whose box is found at the sync (null for a null object), as Office.js resolves a path. */
  const makeRange = (at: Box | (() => Box | null), batch: Batch): Any => {
    const resolveBox = typeof at === "function" ? at : () => at;
    const box = () => {
      const found = resolveBox();
      if (!found) throw richApiError("InvalidOperation", "fake Excel: this range is a null object");
      return found;
    };
    const derive = (change: (b: Box) => Box | null) =>
      makeRange(() => {
        const found = resolveBox();
        return found ? change(found) : null;
      }, batch);
    const spillAt = (spill: Box, b: Box) => spill.sheet.id === b.sheet.id && spill.row === b.row && spill.column === b.column;
    const range: Any = {
      getTables: () => collection(batch, () => workbook.tables.filter((table) => overlaps(tableBox(table), box())).map((table) => tableProxy(() => table, batch))),
      getSpillingToRangeOrNullObject: () => derive((b) => spills.find((spill) => spillAt(spill, b)) ?? null),
      getSpillParentOrNullObject: () =>
        derive((b) => {
          const spill = spills.find((candidate) => overlaps(candidate, { ...b, rows: 1, columns: 1 }));
          return spill ? { ...spill, rows: 1, columns: 1 } : null;
        }),
      getCell: (row: number, column: number) => derive((b) => ({ ...b, row: b.row + row, column: b.column + column, rows: 1, columns: 1 })),
      getOffsetRange: (rows: number, columns: number) => derive((b) => ({ ...b, row: b.row + rows, column: b.column + columns })),
      getResizedRange: (rows: number, columns: number) => derive((b) => ({ ...b, rows: b.rows + rows, columns: b.columns + columns })),
      getRow: (row: number) => derive((b) => ({ ...b, row: b.row + row, rows: 1 })),
      getColumn: (column: number) => derive((b) => ({ ...b, column: b.column + column, columns: 1 })),
      getBoundingRect: (other: Any) =>
        derive((b) => {
          const o: Box = other.__box();
          if (o.sheet.id !== b.sheet.id) throw richApiError("InvalidArgument", "fake Excel: the ranges are on different worksheets");
          const row = Math.min(b.row, o.row);
          const column = Math.min(b.column, o.column);
          return { sheet: b.sheet, row, column, rows: Math.max(b.row + b.rows, o.row + o.rows) - row, columns: Math.max(b.column + b.columns, o.column + o.columns) - column };
        }),
      getRowsBelow: (count = 1) => derive((b) => ({ ...b, row: b.row + b.rows, rows: count })),
      getColumnsAfter: (count = 1) => derive((b) => ({ ...b, column: b.column + b.columns, columns: count })),
      getUsedRangeOrNullObject: (valuesOnly?: boolean) => derive((b) => usedBox(b, valuesOnly === true)),
      getSpecialCellsOrNullObject: (cellType: string) => formulaAreas(resolveBox, cellType, batch),
      format: { autofitColumns: () => queue(batch, "autofit", () => addressOf(box()), null) },
      clear: () =>
        call(batch, "clear", () => {
          const b = box();
          for (let r = 0; r < b.rows; r++) for (let c = 0; c < b.columns; c++) clearCell(b.sheet, b.row + r, b.column + c);
          commit({ kind: "clear", target: addressOf(b), value: null });
        }),
      select: () =>
        call(batch, "select", () => {
          const b = box();
          selection = addressOf(b);
          activeSheetId = b.sheet.id;
          commit({ kind: "select", target: addressOf(b), value: null });
        }),
      // Where the range is, known at the sync: a PivotTable's destination.
      __box: box,
    };
    Object.defineProperty(range, "worksheet", { get: () => sheetProxy(() => box().sheet, batch) });
    for (const kind of ["formulas", "values", "numberFormat"]) {
      Object.defineProperty(range, kind, {
        configurable: true,
        set: (value: unknown) => {
          if (typeof at !== "function") checkShape(at, value, kind);
          queue(batch, kind, () => addressOf(box()), value, (copy: unknown[][]) => applyWrite(kind, box(), copy));
        },
      });
    }
    return loadable(
      range,
      batch,
      ["address", "rowCount", "columnCount", "rowIndex", "columnIndex", "cellCount"],
      (names) => {
        const b = resolveBox();
        if (!b) return null;
        // valuesAsJson needs data types, which ExcelApi 1.16 alone does not promise (office-js 3504):
        // where CustomFunctionsRuntime 1.4 is missing, the load fails (the exact error is assumed).
        if (names.includes("valuesAsJson") && !(supportsSet("ExcelApi", "1.16") && supportsSet("CustomFunctionsRuntime", "1.4"))) {
          throw richApiError("ApiNotFound", "fake Excel: Range.valuesAsJson is not available in this Excel");
        }
        return Object.fromEntries(names.filter((name) => name in RANGE_READS).map((name) => [name, (RANGE_READS[name] as (read: Box) => unknown)(b)]));
      },
      HEAVY_READS,
    );
  };

  /** Range.getSpecialCellsOrNullObject(formulas): the cells holding formulas, one area per run down a column. */
  const formulaAreas = (resolveBox: () => Box | null, cellType: string, batch: Batch): Any => {
    const areasOf = once((): Box[] | null => {
      const b = resolveBox();
      if (!b) return null;
      if (cellType !== "Formulas") throw new Error(`fake Excel: special cells of type ${cellType} are not modelled`);
      const found = new Map<number, number[]>();
      for (const [key, data] of cells.get(b.sheet.id) ?? []) {
        if (data.formula === undefined) continue;
        const [row, column] = key.split(",").map(Number) as [number, number];
        if (row < b.row || row >= b.row + b.rows || column < b.column || column >= b.column + b.columns) continue;
        let rows = found.get(column);
        if (!rows) found.set(column, (rows = []));
        rows.push(row);
      }
      const areas: Box[] = [];
      for (const [column, rows] of [...found].sort((x, y) => x[0] - y[0])) {
        rows.sort((x, y) => x - y);
        let start = rows[0]!;
        rows.forEach((row, index) => {
          const next = rows[index + 1];
          if (next === row + 1) return;
          areas.push({ sheet: b.sheet, row: start, column, rows: row - start + 1, columns: 1 });
          if (next !== undefined) start = next;
        });
      }
      return areas.length === 0 ? null : areas;
    });
    const proxy: Any = { areas: collection(batch, () => (areasOf() ?? []).map((area) => makeRange(area, batch))) };
    return loadable(proxy, batch, ["address", "cellCount", "areaCount"], () => {
      const areas = areasOf();
      if (!areas) return null;
      return { address: areas.map(addressOf).join(","), cellCount: areas.reduce((sum, area) => sum + area.rows, 0), areaCount: areas.length };
    });
  };

  // ---- worksheets ----
  type SheetData = FakeSheet;
  const sheets: SheetData[] = workbook.sheets;
  let selection = options.selection;
  let activeSheetId = sheets[0]?.id;
  /** The box of `Sheet!A1:B2`, or of `A1:B2` on the first sheet. */
  const resolve = (address: string): Box => {
    const bang = address.lastIndexOf("!");
    const sheetName = bang < 0 ? sheets[0]?.name : address.slice(0, bang).replace(/^'(.*)'$/, "$1").replace(/''/g, "'");
    const sheet = sheets.find((candidate) => candidate.name === sheetName);
    if (!sheet) throw new Error(`fake Excel: no worksheet ${sheetName}`);
    return boxOf(sheet, address.slice(bang + 1));
  };
  const SHEET_NAME = /^[^[\]:*?/\\]{1,31}$/;
  const sheetNamed = (key: string) => sheets.find((sheet) => sheet.id === key || sheet.name.toLowerCase() === key.toLowerCase());
  const WHOLE_SHEET = { row: 0, column: 0, rows: 1_048_576, columns: 16_384 };
  const sheetProxy = (at: SheetData | (() => SheetData | null), batch: Batch): Any => {
    const resolveSheet = typeof at === "function" ? at : () => at;
    const sheet = () => {
      const found = resolveSheet();
      if (!found) throw richApiError("ItemNotFound", "fake Excel: no such worksheet");
      return found;
    };
    const proxy: Any = {
      activate: () =>
        queue(batch, "activate", () => sheet().name, null, () => {
          // Excel refuses to show a hidden sheet by activating it.
          if ((sheet().visibility ?? "Visible") !== "Visible") throw richApiError("InvalidOperation", `fake Excel: the worksheet ${sheet().name} is hidden`);
          activeSheetId = sheet().id;
          commit({ kind: "activate", target: sheet().name, value: null });
        }),
      delete: () =>
        call(batch, "deleteWorksheet", () => {
          const data = sheet();
          sheets.splice(sheets.indexOf(data), 1);
          workbook.tables = workbook.tables.filter((table) => table.sheetId !== data.id);
          workbook.pivots = workbook.pivots.filter((pivot) => pivot.sheetId !== data.id);
          commit({ kind: "deleteWorksheet", target: data.name, value: null });
        }),
      getRange: (address?: string) => makeRange(() => (address ? boxOf(sheet(), address) : { sheet: sheet(), ...WHOLE_SHEET }), batch),
      getCell: (row: number, column: number) => makeRange(() => ({ sheet: sheet(), row, column, rows: 1, columns: 1 }), batch),
      getUsedRangeOrNullObject: (valuesOnly?: boolean) => makeRange(() => usedBox({ sheet: sheet(), ...WHOLE_SHEET }, valuesOnly === true), batch),
      getUsedRange: (valuesOnly?: boolean) =>
        makeRange(() => usedBox({ sheet: sheet(), ...WHOLE_SHEET }, valuesOnly === true) ?? { sheet: sheet(), row: 0, column: 0, rows: 1, columns: 1 }, batch),
      tables: tableCollection(batch, sheet),
      pivotTables: pivotCollection(batch, sheet),
      names: namedItems(batch, sheet),
    };
    Object.defineProperty(proxy, "name", {
      configurable: true,
      set: (name: string) =>
        call(batch, name, () => {
          if (!SHEET_NAME.test(name) || sheets.some((other) => other !== sheet() && other.name.toLowerCase() === name.toLowerCase())) {
            throw richApiError("InvalidArgument", `fake Excel: cannot rename a worksheet to ${name}`);
          }
          commit({ kind: "renameWorksheet", target: sheet().name, value: name });
          sheet().name = name;
        }),
    });
    Object.defineProperty(proxy, "visibility", {
      configurable: true,
      set: (visibility: string) =>
        call(batch, visibility, () => {
          if (visibility !== "Visible" && sheets.filter((other) => other !== sheet() && (other.visibility ?? "Visible") === "Visible").length === 0) {
            throw richApiError("InvalidOperation", "fake Excel: a workbook keeps at least one visible sheet");
          }
          sheet().visibility = visibility;
          commit({ kind: "sheetVisibility", target: sheet().name, value: visibility });
        }),
    });
    return loadable(proxy, batch, ["id", "name", "position", "visibility"], () => {
      const data = resolveSheet();
      return data ? { id: data.id, name: data.name, position: sheets.indexOf(data), visibility: data.visibility ?? "Visible" } : null;
    });
  };
  const worksheets = (batch: Batch): Any => {
    const list = collection(batch, () => sheets.map((data) => sheetProxy(data, batch)));
    list.add = (name: string) => {
      let added: SheetData | undefined;
      queue(batch, "addWorksheet", name, null, () => {
        if (!SHEET_NAME.test(name) || sheetNamed(name)) throw richApiError("ItemAlreadyExists", `fake Excel: a worksheet named ${name} cannot be added`);
        added = { id: `sheet-${++workbook.counter}`, name };
        sheets.push(added);
        commit({ kind: "addWorksheet", target: name, value: null });
      });
      return sheetProxy(() => added ?? null, batch);
    };
    list.getItem = (key: string) =>
      sheetProxy(
        once(() => {
          const found = sheetNamed(key);
          if (!found) throw richApiError("ItemNotFound", `fake Excel: no worksheet ${key}`);
          return found;
        }),
        batch,
      );
    list.getItemOrNullObject = (key: string) => sheetProxy(once(() => sheetNamed(key) ?? null), batch);
    list.getActiveWorksheet = () => sheetProxy(once(() => sheets.find((sheet) => sheet.id === activeSheetId) ?? sheets[0] ?? null), batch);
    return list;
  };

  // ---- tables ----
  const TABLE_NAME = /^[A-Za-z_\\][A-Za-z0-9_.\\]{0,254}$/;
  const CELL_LIKE = /^([A-Za-z]{1,3}\d+|[Rr]\d*[Cc]\d*|[RrCc])$/;
  const sheetById = (id: string) => {
    const found = sheets.find((sheet) => sheet.id === id);
    if (!found) throw richApiError("ItemNotFound", "fake Excel: the worksheet is gone");
    return found;
  };
  // ---- a table's parts as Excel gives them: getRange() is header (when shown), body and totals row (when shown) ----
  const hasHeaders = (table: FakeTable) => table.showHeaders !== false;
  const hasTotals = (table: FakeTable) => table.showTotals === true;
  const bodyRowsOf = (table: FakeTable) => table.rows - 1 - (hasTotals(table) ? 1 : 0);
  const tableBox = (table: FakeTable): Box => {
    const hidden = hasHeaders(table) ? 0 : 1;
    return { sheet: sheetById(table.sheetId), row: table.row + hidden, column: table.column, rows: table.rows - hidden, columns: table.columns.length };
  };
  const bodyBox = (table: FakeTable): Box => ({ ...tableBox(table), row: table.row + 1, rows: bodyRowsOf(table) });
  /** What a table's AutoFilter covers: the header row and the body, without the totals row. */
  const filterBox = (table: FakeTable): Box => ({ ...tableBox(table), rows: tableBox(table).rows - (hasTotals(table) ? 1 : 0) });
  const totalsRow = (table: FakeTable) => table.row + 1 + bodyRowsOf(table);
  /** A hidden header or totals row has no range: Excel answers such a request with an error. */
  const shownRow = (table: FakeTable, part: "header" | "totals"): Box => {
    if (part === "header" ? !hasHeaders(table) : !hasTotals(table)) {
      throw richApiError("InvalidArgument", `fake Excel: the table ${table.name} does not show its ${part === "header" ? "header row" : "total row"}`);
    }
    return { ...tableBox(table), row: part === "header" ? table.row : totalsRow(table), rows: 1 };
  };
  const tableNamed = (key: string) => workbook.tables.find((table) => table.id === key || table.name.toLowerCase() === key.toLowerCase());
  const checkTableName = (name: string, except?: FakeTable) => {
    const taken =
      workbook.tables.some((table) => table !== except && table.name.toLowerCase() === name.toLowerCase()) ||
      workbook.pivots.some((pivot) => pivot.name.toLowerCase() === name.toLowerCase()) ||
      definedName(name) !== undefined;
    if (!TABLE_NAME.test(name) || CELL_LIKE.test(name) || taken) throw richApiError("InvalidArgument", `fake Excel: ${name} is not a valid, free table name`);
  };
  /** The formula every body cell of a table column shares: Excel's calculated column, filled into new rows. */
  const calculatedFormula = (table: FakeTable, index: number, bodyRows = bodyRowsOf(table)): string | null => {
    const sheet = sheetById(table.sheetId);
    let shared: string | null = null;
    for (let row = table.row + 1; row <= table.row + bodyRows; row++) {
      const formula = formulaAt(sheet, row, table.column + index);
      if (formula === null || (shared !== null && formula !== shared)) return null;
      shared = formula;
    }
    return shared;
  };
  const compareCells = (a: unknown, b: unknown) => {
    if (typeof a === "number" && typeof b === "number") return a - b;
    if (typeof a === "number") return -1;
    if (typeof b === "number") return 1;
    return String(a).localeCompare(String(b));
  };
  /** Like Excel, a sort while a filter hides rows sorts the visible rows among themselves: hidden rows stay where they are. */
  const sortTable = (table: FakeTable) => {
    if (table.sortFields.length === 0) return;
    const sheet = sheetById(table.sheetId);
    const width = table.columns.length;
    const hidden = new Set(table.hiddenRows);
    const visible = Array.from({ length: bodyRowsOf(table) }, (_, index) => index).filter((index) => !hidden.has(index));
    const rows = visible.map((index) =>
      Array.from({ length: width }, (_, c) => ({
        data: cellAt(sheet.id, table.row + 1 + index, table.column + c),
        format: formats.get(sheet.id)?.get(table.column + c)?.[table.row + 1 + index],
      })),
    );
    rows.sort((x, y) => {
      for (const field of table.sortFields) {
        const order = compareCells(x[field.key]?.data?.value ?? "", y[field.key]?.data?.value ?? "");
        if (order !== 0) return field.ascending ? order : -order;
      }
      return 0;
    });
    const sheetCells = cells.get(sheet.id);
    rows.forEach((row, index) =>
      row.forEach((cell, c) => {
        const at = table.row + 1 + visible[index]!;
        if (cell.data) setCell(sheet.id, at, table.column + c, cell.data);
        else sheetCells?.delete(`${at},${table.column + c}`);
        if (cell.format !== undefined) setFormat(sheet.id, at, table.column + c, cell.format);
        else unsetFormat(sheet.id, at, table.column + c);
      }),
    );
  };
  const filterTable = (table: FakeTable) => {
    const sheet = sheetById(table.sheetId);
    table.hiddenRows = [];
    for (let index = 0; index < bodyRowsOf(table); index++) {
      const row = table.row + 1 + index;
      const hidden = Object.entries(table.filters).some(([column, criteria]) => {
        const values = (criteria as { values?: unknown[] }).values;
        return Array.isArray(values) && !values.map(String).includes(String(valueAt(sheet, row, table.column + Number(column))));
      });
      if (hidden) table.hiddenRows.push(index);
    }
  };
  const uniqueHeaders = (names: string[]) => {
    const seen = new Set<string>();
    return names.map((name, index) => {
      let candidate = name === "" ? `Column${index + 1}` : name;
      for (let n = 2; seen.has(candidate.toLowerCase()); n++) candidate = `${name}${n}`;
      seen.add(candidate.toLowerCase());
      return candidate;
    });
  };
  const writeHeaders = (table: FakeTable) => {
    if (!hasHeaders(table)) return;
    const sheet = sheetById(table.sheetId);
    table.columns.forEach((name, c) => {
      setFormat(sheet.id, table.row, table.column + c, "@");
      writeValue(sheet, table.row, table.column + c, name);
    });
  };
  /**
   * Total Row ticked or unticked. Shown, it takes the row under the body (pushing down what is
   * there, in the table's columns) and holds what it held when last hidden, or, the first time,
   * "Total" and a SUBTOTAL of the last column, as Excel does; hidden, its cells are emptied.
   */
  const showTotalRow = (table: FakeTable, show: boolean) => {
    if (show === hasTotals(table)) return;
    const sheet = sheetById(table.sheetId);
    const width = table.columns.length;
    const inColumns = (column: number) => column >= table.column && column < table.column + width;
    if (show) {
      const row = table.row + table.rows;
      if (table.columns.some((_, c) => !isEmptyCell(sheet, row, table.column + c))) moveCells(sheet, (r, column) => r >= row && inColumns(column), 1, 0);
      table.showTotals = true;
      table.rows += 1;
      const first = table.columns.map((name, c) =>
        c === 0 ? { value: "Total" } : c === width - 1 ? { value: "", formula: `=SUBTOTAL(109,[${name}])` } : { value: "" },
      );
      (table.totalsMemory ?? first).slice(0, width).forEach((cell, c) => {
        if (cell.formula) writeFormula(sheet, row, table.column + c, cell.formula);
        else if (cell.value !== "") writeValue(sheet, row, table.column + c, cell.value);
      });
    } else {
      const row = totalsRow(table);
      table.totalsMemory = table.columns.map((_, c) => ({ value: valueAt(sheet, row, table.column + c), ...(formulaAt(sheet, row, table.column + c) ? { formula: formulaAt(sheet, row, table.column + c)! } : {}) }));
      for (let c = 0; c < width; c++) clearCell(sheet, row, table.column + c);
      table.showTotals = false;
      table.rows -= 1;
    }
  };
  /** Header Row unticked: the header cells are emptied and the table starts at its first data row; ticked, the names come back above it. */
  const showHeaderRow = (table: FakeTable, show: boolean) => {
    if (show === hasHeaders(table)) return;
    const sheet = sheetById(table.sheetId);
    table.showHeaders = show;
    if (show) writeHeaders(table);
    else for (let c = 0; c < table.columns.length; c++) clearCell(sheet, table.row, table.column + c);
  };
  /** AutoFilter.criteria as Excel gives it: one per column, every property present, null where unset (office-js #1226). */
  const criteriaOf = (table: FakeTable) =>
    table.columns.map((_, index) => {
      const set = (table.filters[String(index)] ?? {}) as Record<string, unknown>;
      const all = { color: null, criterion1: null, criterion2: null, dynamicCriteria: null, filterOn: null, icon: null, operator: null, subField: null, values: null };
      return { ...all, ...JSON.parse(JSON.stringify(set)) };
    });
  const tableProxy = (resolveTable: () => FakeTable, batch: Batch): Any => {
    const rangeOfTable = (part: (table: FakeTable) => Box) => makeRange(() => part(resolveTable()), batch);
    const columnProxy = (locate: () => number): Any => {
      const index = once(locate);
      const proxy: Any = {
        getDataBodyRange: () => rangeOfTable((table) => ({ ...bodyBox(table), column: table.column + index(), columns: 1 })),
        getHeaderRowRange: () => rangeOfTable((table) => ({ ...shownRow(table, "header"), column: table.column + index(), columns: 1 })),
        getTotalRowRange: () => rangeOfTable((table) => ({ ...shownRow(table, "totals"), column: table.column + index(), columns: 1 })),
        getRange: () => rangeOfTable((table) => ({ ...tableBox(table), column: table.column + index(), columns: 1 })),
        delete: () =>
          call(batch, "deleteColumn", () => {
            const table = resolveTable();
            const at = index();
            const box = tableBox(table);
            for (let r = 0; r < box.rows; r++) clearCell(box.sheet, box.row + r, table.column + at);
            // Like Excel, the cells right of the column, in the table's rows, move left.
            moveCells(box.sheet, (row, column) => row >= box.row && row < box.row + box.rows && column > table.column + at, 0, -1);
            table.columns.splice(at, 1);
            commit({ kind: "tableColumnDelete", target: table.name, value: at });
          }),
      };
      Object.defineProperty(proxy, "name", {
        configurable: true,
        set: (name: string) =>
          call(batch, name, () => {
            const table = resolveTable();
            table.columns[index()] = name;
            writeHeaders(table);
          }),
      });
      return loadable(proxy, batch, ["name", "index", "id"], () => {
        const table = resolveTable();
        const at = index();
        return at < table.columns.length ? { name: table.columns[at], index: at, id: at + 1 } : null;
      });
    };
    const columns = collection(batch, () => resolveTable().columns.map((_, at) => columnProxy(() => at)));
    columns.getItemAt = (at: number) => columnProxy(() => at);
    columns.getItem = (key: string | number) =>
      columnProxy(() => {
        const at = typeof key === "number" ? key - 1 : resolveTable().columns.findIndex((name) => name.toLowerCase() === key.toLowerCase());
        if (at < 0) throw richApiError("ItemNotFound", `fake Excel: no column ${key}`);
        return at;
      });
    columns.add = (index?: number | null, values?: unknown[][] | null, name?: string) => {
      let at = -1;
      queue(batch, "tableColumnAdd", () => resolveTable().name, { index, values, name }, () => {
        const table = resolveTable();
        const sheet = sheetById(table.sheetId);
        at = index === null || index === undefined || index < 0 ? table.columns.length : index;
        const column = table.column + at;
        const box = tableBox(table);
        const inRows = (row: number) => row >= box.row && row < box.row + box.rows;
        const occupied = Array.from({ length: box.rows }, (_, r) => !isEmptyCell(sheet, box.row + r, column)).some(Boolean);
        // Like Excel, a column goes into empty cells, or pushes right what is there (in the table's rows).
        if (at < table.columns.length || occupied) moveCells(sheet, (row, c) => inRows(row) && c >= column, 0, 1);
        const header = name ?? (values && values.length === table.rows ? String(values[0]?.[0] ?? "") : "");
        const names = [...table.columns];
        names.splice(at, 0, header);
        table.columns = uniqueHeaders(names);
        writeHeaders(table);
        const body = values ? (values.length === table.rows ? values.slice(1) : values) : [];
        body.forEach((row, r) => {
          const cell = row[0];
          if (typeof cell === "string" && cell.startsWith("=")) writeFormula(sheet, table.row + 1 + r, column, cell);
          else writeValue(sheet, table.row + 1 + r, column, cell);
        });
        commit({ kind: "tableColumnAdd", target: table.name, value: { index: at, name: table.columns[at] } });
      });
      return columnProxy(() => at);
    };
    const rows = collection(batch, () => Array.from({ length: bodyRowsOf(resolveTable()) }, (_, at) => ({ __fill: () => 0, index: at })));
    rows.add = (index?: number | null, values?: unknown[][] | null) => {
      queue(batch, "tableRowsAdd", () => resolveTable().name, { index, values }, () => {
        const table = resolveTable();
        if (index !== null && index !== undefined && index >= 0 && index !== bodyRowsOf(table)) throw new Error("fake Excel: rows are added at the end only");
        const sheet = sheetById(table.sheetId);
        const added = values ?? [table.columns.map(() => null)];
        for (const row of added) {
          if (!Array.isArray(row) || row.length !== table.columns.length) throw richApiError("InvalidArgument", "fake Excel: a row must have one value per column");
        }
        // New rows go under the body: a totals row moves down with what is below it.
        const end = totalsRow(table);
        const occupied = hasTotals(table) || added.some((_, r) => table.columns.some((_, c) => !isEmptyCell(sheet, end + r, table.column + c)));
        // Like Excel, a table grows into empty cells, and inserts (pushing down what is below) otherwise.
        if (occupied) {
          moveCells(sheet, (row, column) => row >= end && column >= table.column && column < table.column + table.columns.length, added.length, 0);
        }
        const calculated = table.columns.map((_, c) => calculatedFormula(table, c));
        table.rows += added.length;
        added.forEach((row, r) =>
          row.forEach((value, c) => {
            const formula = calculated[c];
            if ((value === null || value === undefined) && formula) writeFormula(sheet, end + r, table.column + c, formula);
            else writeValue(sheet, end + r, table.column + c, value);
          }),
        );
        commit({ kind: "tableRowsAdd", target: table.name, value: added });
      });
    };
    rows.getItemAt = (at: number) => ({
      getRange: () => rangeOfTable((table) => ({ ...bodyBox(table), row: table.row + 1 + at, rows: 1 })),
      delete: () =>
        call(batch, at, () => {
          const table = resolveTable();
          if (at >= bodyRowsOf(table)) throw richApiError("ItemNotFound", "fake Excel: no such table row");
          const sheet = sheetById(table.sheetId);
          const row = table.row + 1 + at;
          for (let c = 0; c < table.columns.length; c++) clearCell(sheet, row, table.column + c);
          if (bodyRowsOf(table) > 1) {
            // Like Excel, the cells below, in the table's columns, move up.
            moveCells(sheet, (r, column) => r > row && column >= table.column && column < table.column + table.columns.length, -1, 0);
            table.rows -= 1;
          }
          commit({ kind: "tableRowDelete", target: table.name, value: at });
        }),
    });
    const sort: Any = {
      apply: (fields: { key: number; ascending?: boolean }[]) =>
        call(batch, fields, () => {
          const table = resolveTable();
          table.sortFields = fields.map((field) => ({ key: field.key, ascending: field.ascending !== false }));
          sortTable(table);
          commit({ kind: "tableSort", target: table.name, value: table.sortFields });
        }),
      reapply: () =>
        call(batch, "reapply", () => {
          const table = resolveTable();
          sortTable(table);
          commit({ kind: "tableSortReapply", target: table.name, value: table.sortFields });
        }),
      clear: () => call(batch, "clear", () => void (resolveTable().sortFields = [])),
    };
    loadable(sort, batch, ["fields"], () => ({ fields: resolveTable().sortFields.map((field) => ({ ...field })) }));
    const autoFilter: Any = {
      apply: (range: Any, columnIndex: number, criteria: unknown) =>
        call(batch, { columnIndex, criteria }, () => {
          const table = resolveTable();
          // A table's AutoFilter covers its header row and body, never its totals row (an
          // Excel-made table with ref C4:G9 and a totals row has autoFilter ref C4:G8). A range
          // with the totals row would put it under the filter, so the fake refuses any other range.
          const given: Box = typeof range === "string" ? boxOf(sheetById(table.sheetId), range) : range.__box();
          const wanted = filterBox(table);
          if (addressOf(given) !== addressOf(wanted)) {
            throw richApiError("InvalidArgument", `fake Excel: the table ${table.name} filters ${addressOf(wanted)} (header row and body), not ${addressOf(given)}`);
          }
          // Criteria read back from Excel carry null properties, which apply() refuses (office-js #1226).
          if (typeof criteria !== "object" || criteria === null || Object.values(criteria).some((value) => value === null)) {
            throw richApiError("InvalidArgument", "The argument is invalid or missing or has an incorrect format.");
          }
          table.filters[String(columnIndex)] = criteria;
          filterTable(table);
          commit({ kind: "tableFilter", target: table.name, value: table.filters });
        }),
      reapply: () => call(batch, "reapply", () => filterTable(resolveTable())),
      clearCriteria: () =>
        call(batch, "clear", () => {
          const table = resolveTable();
          table.filters = {};
          filterTable(table);
        }),
    };
    loadable(autoFilter, batch, ["criteria", "enabled", "isDataFiltered"], () => {
      const table = resolveTable();
      return { criteria: criteriaOf(table), enabled: true, isDataFiltered: Object.keys(table.filters).length > 0 };
    });
    const proxy: Any = {
      getRange: () => rangeOfTable(tableBox),
      getDataBodyRange: () => rangeOfTable(bodyBox),
      getHeaderRowRange: () => rangeOfTable((table) => shownRow(table, "header")),
      getTotalRowRange: () => rangeOfTable((table) => shownRow(table, "totals")),
      columns,
      rows,
      sort,
      autoFilter,
      resize: (address: string) =>
        queue(batch, "tableResize", () => resolveTable().name, address, () => {
          const table = resolveTable();
          const sheet = sheetById(table.sheetId);
          const next = boxOf(sheet, address);
          if (next.row !== tableBox(table).row || next.column !== table.column || next.rows < 2) {
            throw richApiError("InvalidArgument", "fake Excel: a resized table keeps its header row and first column");
          }
          if (workbook.tables.some((other) => other !== table && overlaps(tableBox(other), next))) {
            throw richApiError("InvalidOperation", "fake Excel: a table cannot overlap another table");
          }
          const oldBodyRows = bodyRowsOf(table);
          const oldTotals = hasTotals(table) ? totalsRow(table) : -1;
          const names = table.columns.slice(0, next.columns);
          for (let c = table.columns.length; c < next.columns; c++) names.push(String(valueAt(sheet, table.row, table.column + c)));
          const calculated = names.map((_, c) => (c < table.columns.length ? calculatedFormula(table, c) : null));
          table.columns = uniqueHeaders(names);
          writeHeaders(table);
          table.rows = next.rows + (hasHeaders(table) ? 0 : 1);
          // The new range's last row is the totals row: the totals move there, over what it held.
          const newTotals = hasTotals(table) ? totalsRow(table) : -1;
          if (oldTotals >= 0 && newTotals !== oldTotals) {
            const inColumns = (column: number) => column >= table.column && column < table.column + table.columns.length;
            for (let c = 0; c < table.columns.length; c++) clearCell(sheet, newTotals, table.column + c);
            moveCells(sheet, (row, column) => row === oldTotals && inColumns(column), newTotals - oldTotals, 0);
          }
          // Excel fills a calculated column into the rows a table grows by.
          calculated.forEach((formula, c) => {
            if (formula) for (let r = oldBodyRows; r < bodyRowsOf(table); r++) writeFormula(sheet, table.row + 1 + r, table.column + c, formula);
          });
          commit({ kind: "tableResize", target: table.name, value: addressOf(tableBox(table)) });
        }),
      reapplyFilters: () =>
        call(batch, "reapplyFilters", () => {
          const table = resolveTable();
          filterTable(table);
          commit({ kind: "tableFilterReapply", target: table.name, value: table.filters });
        }),
      clearFilters: () =>
        call(batch, "clearFilters", () => {
          const table = resolveTable();
          table.filters = {};
          filterTable(table);
        }),
      delete: () =>
        call(batch, "deleteTable", () => {
          const table = resolveTable();
          const box = tableBox(table);
          for (let r = 0; r < box.rows; r++) for (let c = 0; c < box.columns; c++) clearCell(box.sheet, box.row + r, box.column + c);
          workbook.tables = workbook.tables.filter((other) => other !== table);
          commit({ kind: "tableDelete", target: table.name, value: null });
        }),
      convertToRange: () => {
        call(batch, "convertToRange", () => {
          const table = resolveTable();
          workbook.tables = workbook.tables.filter((other) => other !== table);
          commit({ kind: "tableToRange", target: table.name, value: null });
        });
        return makeRange(() => tableBox(resolveTable()), batch);
      },
      // What a PivotTable is built on, known at the sync.
      __table: resolveTable,
    };
    Object.defineProperty(proxy, "worksheet", { get: () => sheetProxy(() => sheetById(resolveTable().sheetId), batch) });
    Object.defineProperty(proxy, "name", {
      configurable: true,
      set: (name: string) =>
        queue(batch, "tableName", () => resolveTable().name, name, () => {
          const table = resolveTable();
          checkTableName(name, table);
          commit({ kind: "tableName", target: table.name, value: name });
          table.name = name;
        }),
    });
    for (const [property, toggle] of [["showTotals", showTotalRow], ["showHeaders", showHeaderRow]] as const) {
      Object.defineProperty(proxy, property, {
        configurable: true,
        set: (show: boolean) =>
          call(batch, show, () => {
            const table = resolveTable();
            toggle(table, show === true);
            commit({ kind: property, target: table.name, value: show === true });
          }),
      });
    }
    return loadable(proxy, batch, ["id", "name", "showHeaders", "showTotals", "style"], () => {
      const table = resolveTable();
      return { id: table.id, name: table.name, showHeaders: hasHeaders(table), showTotals: hasTotals(table), style: table.style };
    });
  };
  /** The tables of the workbook, or of one worksheet. */
  const tableCollection = (batch: Batch, ofSheet?: () => SheetData): Any => {
    const inScope = () => workbook.tables.filter((table) => !ofSheet || table.sheetId === ofSheet().id);
    const list = collection(batch, () => inScope().map((table) => tableProxy(() => table, batch)));
    const find = (key: string) => inScope().find((table) => table.id === key || table.name.toLowerCase() === key.toLowerCase());
    list.getItem = (key: string) =>
      tableProxy(
        once(() => {
          const found = find(key);
          if (!found) throw richApiError("ItemNotFound", `fake Excel: no table ${key}`);
          return found;
        }),
        batch,
      );
    list.getItemOrNullObject = (key: string) => orNull(() => find(key) ?? null, (resolveTable) => tableProxy(resolveTable, batch), batch);
    list.add = (address: string, hasHeaders: boolean) => {
      let created: FakeTable | undefined;
      const local = address.slice(address.lastIndexOf("!") + 1);
      const sheetOf = () => (ofSheet ? ofSheet() : sheetNamed(address.slice(0, Math.max(0, address.lastIndexOf("!"))).replace(/^'(.*)'$/, "$1")));
      queue(batch, "table", () => `${sheetOf()?.name}!${local}`, { hasHeaders }, (copy) => {
        const sheet = sheetOf();
        if (!sheet) throw richApiError("ItemNotFound", `fake Excel: no worksheet for ${address}`);
        if (!hasHeaders) throw new Error("fake Excel: tables without a header row are not modelled");
        const box = boxOf(sheet, local);
        if (workbook.tables.some((table) => overlaps(tableBox(table), box))) throw richApiError("InvalidOperation", "fake Excel: a table cannot overlap another table");
        let number = workbook.tables.length + 1;
        while (tableNamed(`Table${number}`) || definedName(`Table${number}`)) number++;
        created = {
          id: nextTableId(),
          name: `Table${number}`,
          sheetId: sheet.id,
          row: box.row,
          column: box.column,
          rows: Math.max(2, box.rows),
          columns: uniqueHeaders(Array.from({ length: box.columns }, (_, c) => String(valueAt(sheet, box.row, box.column + c)))),
          sortFields: [],
          filters: {},
          hiddenRows: [],
          style: "TableStyleMedium2",
        };
        workbook.tables.push(created);
        commit({ kind: "table", target: addressOf(box), value: copy });
      });
      return tableProxy(() => {
        if (!created) throw richApiError("ItemNotFound", "fake Excel: the table was not added");
        return created;
      }, batch);
    };
    return list;
  };

  // ---- defined names, and the table ids Excel hands out ----
  /** A defined name of any scope: Excel refuses a table name equal to one, and a name equal to a table's. */
  const definedName = (name: string) => (workbook.names ?? []).find((item) => item.name.toLowerCase() === name.toLowerCase());
  /**
   * Excel numbers a workbook's tables from the highest id in use, so a table added after the
   * last one was deleted gets the deleted table's id again.
   */
  const nextTableId = () => `{table-${Math.max(0, ...workbook.tables.map((table) => Number(/\d+/.exec(table.id)?.[0] ?? 0))) + 1}}`;
  const nameProxy = (resolveName: () => FakeName, batch: Batch): Any =>
    loadable({}, batch, ["name", "formula", "type", "visible"], () => {
      const item = resolveName();
      return { name: item.name, formula: item.formula, type: "Range", visible: true };
    });
  const namedItems = (batch: Batch, ofSheet?: () => SheetData): Any => {
    const inScope = () => (workbook.names ?? []).filter((item) => (ofSheet ? item.sheetId === ofSheet().id : item.sheetId === undefined));
    const list = collection(batch, () => inScope().map((item) => nameProxy(() => item, batch)));
    const find = (name: string) => inScope().find((item) => item.name.toLowerCase() === name.toLowerCase()) ?? null;
    list.getItemOrNullObject = (name: string) => orNull(() => find(name), (resolveName) => nameProxy(resolveName, batch), batch);
    list.add = (name: string, reference: unknown) => {
      queue(batch, "name", name, { reference: typeof reference === "string" ? reference : "range" }, () => {
        if (!TABLE_NAME.test(name) || CELL_LIKE.test(name) || find(name) || tableNamed(name)) {
          throw richApiError("InvalidArgument", `fake Excel: ${name} is not a valid, free name`);
        }
        const formula = typeof reference === "string" ? reference : `=${addressOf((reference as Any).__box())}`;
        workbook.names = [...(workbook.names ?? []), { name, formula, ...(ofSheet ? { sheetId: ofSheet().id } : {}) }];
        commit({ kind: "name", target: name, value: formula });
      });
    };
    return list;
  };

  // ---- PivotTables: the fake keeps their fields and sums their source the way they are set up ----
  const summarise = (pivot: FakePivot) => {
    const table = workbook.tables.find((candidate) => candidate.id === pivot.sourceTableId);
    if (!table) {
      pivot.summary = [];
      return;
    }
    const sheet = sheetById(table.sheetId);
    const indexOf = (name: string) => table.columns.findIndex((column) => column === name);
    const keys = pivot.rowFields.map(indexOf);
    const sources = pivot.dataFields.map((field) => indexOf(field.source));
    const groups = new Map<string, { key: unknown[]; sums: number[]; counts: number[] }>();
    // A PivotTable on a table reads its body: never the header or totals row.
    for (let row = table.row + 1; row < totalsRow(table); row++) {
      const key = keys.map((column) => valueAt(sheet, row, table.column + column));
      const id = JSON.stringify(key);
      let group = groups.get(id);
      if (!group) groups.set(id, (group = { key, sums: sources.map(() => 0), counts: sources.map(() => 0) }));
      const into = group;
      sources.forEach((column, i) => {
        const value = valueAt(sheet, row, table.column + column);
        if (typeof value === "number") {
          into.sums[i]! += value;
          into.counts[i]! += 1;
        }
      });
    }
    pivot.summary = [...groups.values()]
      .sort((a, b) => compareCells(a.key[0], b.key[0]))
      .map((group) => ({
        key: group.key,
        values: group.sums.map((sum, i) => {
          const how = pivot.dataFields[i]!.summarizeBy;
          return how === "Average" ? sum / Math.max(1, group.counts[i]!) : how === "Count" ? group.counts[i]! : sum;
        }),
      }));
  };
  const pivotProxy = (resolvePivot: () => FakePivot, batch: Batch): Any => {
    const sourceTable = () => {
      const table = workbook.tables.find((candidate) => candidate.id === resolvePivot().sourceTableId);
      if (!table) throw richApiError("InvalidOperation", "fake Excel: the PivotTable's source is gone");
      return table;
    };
    const field = (name: string) => {
      if (!sourceTable().columns.includes(name)) throw richApiError("ItemNotFound", `fake Excel: the PivotTable has no field ${name}`);
    };
    const dataHierarchy = (locate: () => FakePivotData): Any => {
      const data = once(locate);
      const proxy: Any = {};
      for (const property of ["summarizeBy", "numberFormat", "name"] as const) {
        Object.defineProperty(proxy, property, {
          configurable: true,
          set: (value: string) =>
            call(batch, value, () => {
              data()[property] = value;
              summarise(resolvePivot());
              commit({ kind: "pivotDataField", target: resolvePivot().name, value: { field: data().source, [property]: value } });
            }),
        });
      }
      return loadable(proxy, batch, ["name", "summarizeBy", "numberFormat"], () => ({ ...data() }));
    };
    const rowHierarchies = collection(batch, () => resolvePivot().rowFields.map((name) => loadable({}, batch, ["name"], () => ({ name }))));
    rowHierarchies.add = (source: Any) => {
      call(batch, source.__name, () => {
        const pivot = resolvePivot();
        field(source.__name);
        pivot.rowFields.push(source.__name);
        summarise(pivot);
        commit({ kind: "pivotRows", target: pivot.name, value: [...pivot.rowFields] });
      });
      return loadable({}, batch, ["name"], () => ({ name: source.__name }));
    };
    const dataHierarchies = collection(batch, () => resolvePivot().dataFields.map((data) => dataHierarchy(() => data)));
    dataHierarchies.add = (source: Any) => {
      let added: FakePivotData | undefined;
      call(batch, source.__name, () => {
        const pivot = resolvePivot();
        field(source.__name);
        // Excel sums a numeric field by default.
        added = { name: `Sum of ${source.__name}`, source: source.__name, summarizeBy: "Sum", numberFormat: "General" };
        pivot.dataFields.push(added);
        summarise(pivot);
        commit({ kind: "pivotData", target: pivot.name, value: source.__name });
      });
      return dataHierarchy(() => {
        if (!added) throw richApiError("ItemNotFound", "fake Excel: the data field was not added");
        return added;
      });
    };
    const layout: Any = {};
    for (const property of ["layoutType", "showRowGrandTotals", "showColumnGrandTotals"] as const) {
      Object.defineProperty(layout, property, {
        configurable: true,
        set: (value: unknown) =>
          call(batch, value, () => {
            (resolvePivot().layout as Record<string, unknown>)[property] = value;
            commit({ kind: "pivotLayout", target: resolvePivot().name, value: { [property]: value } });
          }),
      });
    }
    loadable(layout, batch, ["layoutType", "showRowGrandTotals", "showColumnGrandTotals"], () => ({ ...resolvePivot().layout }));
    const proxy: Any = {
      hierarchies: { getItem: (name: string) => ({ __name: name }) },
      rowHierarchies,
      dataHierarchies,
      columnHierarchies: collection(batch, () => []),
      filterHierarchies: collection(batch, () => []),
      layout,
      refresh: () =>
        call(batch, "refresh", () => {
          const pivot = resolvePivot();
          sourceTable();
          pivot.refreshCount += 1;
          summarise(pivot);
          commit({ kind: "pivotRefresh", target: pivot.name, value: pivot.refreshCount });
        }),
      // ExcelApi 1.15: Office 2021 (1.14) has no such method, so the batch fails.
      getDataSourceString: () =>
        clientResult(batch, () => {
          if (!supportsSet("ExcelApi", "1.15")) throw richApiError("ApiNotFound", "fake Excel: PivotTable.getDataSourceString needs ExcelApi 1.15");
          return sourceTable().name;
        }),
      delete: () =>
        call(batch, "delete", () => {
          const pivot = resolvePivot();
          workbook.pivots = workbook.pivots.filter((other) => other !== pivot);
          commit({ kind: "pivotDelete", target: pivot.name, value: null });
        }),
    };
    Object.defineProperty(proxy, "worksheet", { get: () => sheetProxy(() => sheetById(resolvePivot().sheetId), batch) });
    Object.defineProperty(proxy, "name", { configurable: true, set: (name: string) => call(batch, name, () => void (resolvePivot().name = name)) });
    return loadable(proxy, batch, ["id", "name"], () => ({ id: resolvePivot().id, name: resolvePivot().name }));
  };
  const pivotCollection = (batch: Batch, ofSheet?: () => SheetData): Any => {
    const inScope = () => workbook.pivots.filter((pivot) => !ofSheet || pivot.sheetId === ofSheet().id);
    const list = collection(batch, () => inScope().map((pivot) => pivotProxy(() => pivot, batch)));
    const find = (key: string) => inScope().find((pivot) => pivot.name.toLowerCase() === key.toLowerCase());
    list.getItem = (name: string) =>
      pivotProxy(
        once(() => {
          const found = find(name);
          if (!found) throw richApiError("ItemNotFound", `fake Excel: no PivotTable ${name}`);
          return found;
        }),
        batch,
      );
    list.add = (name: string, source: Any, destination: Any) => {
      let created: FakePivot | undefined;
      queue(batch, "pivot", "pivotTables", { name }, () => {
        if (!source?.__table) throw new Error("fake Excel: PivotTables are built on tables only here");
        const table: FakeTable = source.__table();
        if (workbook.pivots.some((pivot) => pivot.name.toLowerCase() === name.toLowerCase()) || tableNamed(name)) {
          throw richApiError("InvalidArgument", `fake Excel: the PivotTable name ${name} is taken`);
        }
        const box: Box = destination.__box();
        if (workbook.tables.some((other) => overlaps(tableBox(other), box))) throw richApiError("InvalidOperation", "fake Excel: a PivotTable cannot overlap a table");
        created = {
          id: `{pivot-${++workbook.counter}}`,
          name,
          sheetId: box.sheet.id,
          row: box.row,
          column: box.column,
          sourceTableId: table.id,
          rowFields: [],
          dataFields: [],
          layout: { layoutType: "Compact", showRowGrandTotals: true, showColumnGrandTotals: true },
          refreshCount: 0,
          summary: [],
        };
        workbook.pivots.push(created);
        summarise(created);
        commit({ kind: "pivot", target: addressOf(box), value: { name, source: table.name } });
      });
      return pivotProxy(() => {
        if (!created) throw richApiError("ItemNotFound", "fake Excel: the PivotTable was not added");
        return created;
      }, batch);
    };
    return list;
  };

  // ---- custom XML parts ----
  const namespaceOf = (xml: string) => {
    const root = /^\s*(?:<\?xml[^>]*\?>\s*)?<([A-Za-z_][\w.-]*(?::[\w.-]+)?)([^>]*)>/.exec(xml);
    if (!root) throw richApiError("InvalidArgument", "fake Excel: a custom XML part must be XML");
    return /\sxmlns="([^"]*)"/.exec(root[2] ?? "")?.[1] ?? "";
  };
  const partProxy = (resolvePart: () => FakePart | null, batch: Batch): Any => {
    const part = () => {
      const found = resolvePart();
      if (!found) throw richApiError("ItemNotFound", "fake Excel: no such custom XML part");
      return found;
    };
    const proxy: Any = {
      getXml: () => clientResult(batch, () => part().xml),
      setXml: (xml: string) =>
        queue(batch, "customXml", () => part().id, xml, () => {
          const data = part();
          data.namespaceUri = namespaceOf(xml);
          data.xml = xml;
          commit({ kind: "customXml", target: data.id, value: xml });
        }),
      delete: () =>
        call(batch, "delete", () => {
          const data = part();
          workbook.customXmlParts = workbook.customXmlParts.filter((other) => other !== data);
          commit({ kind: "customXmlDelete", target: data.id, value: null });
        }),
    };
    return loadable(proxy, batch, ["id", "namespaceUri"], () => {
      const data = resolvePart();
      return data ? { id: data.id, namespaceUri: data.namespaceUri } : null;
    });
  };
  const customXmlParts = (batch: Batch): Any => {
    const scoped = (filter: (part: FakePart) => boolean) => {
      const list = collection(batch, () => workbook.customXmlParts.filter(filter).map((part) => partProxy(() => part, batch)));
      list.getItem = (id: string) => partProxy(once(() => workbook.customXmlParts.find((part) => filter(part) && part.id === id) ?? null), batch);
      list.getItemOrNullObject = list.getItem;
      return list;
    };
    const all = scoped(() => true);
    all.add = (xml: string) => {
      let created: FakePart | undefined;
      queue(batch, "customXml", "workbook", xml, () => {
        created = { id: `{part-${++workbook.counter}}`, namespaceUri: namespaceOf(xml), xml };
        workbook.customXmlParts.push(created);
        commit({ kind: "customXml", target: created.id, value: xml });
      });
      return partProxy(() => created ?? null, batch);
    };
    all.getByNamespace = (namespaceUri: string) => scoped((part) => part.namespaceUri === namespaceUri);
    return all;
  };

  const makeWorkbook = (batch: Batch): Any => ({
    getSelectedRange: () => makeRange(once(() => resolve(selection)), batch),
    getActiveCell: () => makeRange(once(() => ({ ...resolve(selection), rows: 1, columns: 1 })), batch),
    worksheets: worksheets(batch),
    tables: tableCollection(batch),
    pivotTables: pivotCollection(batch),
    names: namedItems(batch),
    customXmlParts: customXmlParts(batch),
    insertWorksheetsFromBase64: (base64: string, insertOptions: unknown) => {
      let ids: string[] | undefined;
      queue(batch, "insertWorksheetsFromBase64", "workbook", { base64, options: insertOptions }, (copy) => {
        const data: SheetData = { id: `sheet-${++workbook.counter}`, name: `Export ${workbook.counter}` };
        sheets.push(data);
        ids = [data.id];
        commit({ kind: "insertWorksheetsFromBase64", target: "workbook", value: copy });
      });
      return {
        get value() {
          if (!ids) throw new Error("fake Excel: the value of a ClientResult is there only after context.sync()");
          return ids;
        },
      };
    },
    application: {
      calculate: (type: string) => queue(batch, "calculate", "application", type),
    },
  });

  const sync = async (batch: Batch) => {
    const operations = batch.splice(0);
    const bytes = operations.reduce((sum, operation) => sum + operation.bytes, 0);
    const record: FakeSync = { bytes, refused: bytes > REQUEST_LIMIT_BYTES };
    state.syncs.push(record);
    if (record.refused) {
      throw richApiError(
        "RequestPayloadSizeLimitExceeded",
        'The request payload size has exceeded the limit. Please refer to the documentation: "https://docs.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins".',
      );
    }
    let answered = 0;
    for (const operation of operations) {
      let answer: void | number;
      try {
        answer = operation.apply();
      } catch (error) {
        // Excel stops a batch at the operation that fails; what came before it stays done.
        throw (error as { name?: string }).name === "RichApi.Error" ? error : richApiError("InvalidArgument", (error as Error).message);
      }
      if (typeof answer === "number") answered += answer;
    }
    // The answer to the reads is bound by the same 5 MB.
    record.bytes += answered;
    if (answered > REQUEST_LIMIT_BYTES) {
      record.refused = true;
      throw richApiError("ResponsePayloadSizeLimitExceeded", "The response payload size has exceeded the limit.");
    }
  };

  win.Excel = {
    // Excel.run(options, batch) as well: the options are the business of fake-office-user.ts.
    run: async (...args: unknown[]) => {
      const callback = args[args.length - 1] as (context: Any) => Promise<unknown>;
      const batch: Batch = [];
      const result = await callback({ workbook: makeWorkbook(batch), sync: () => sync(batch) });
      // Excel.run itself syncs whatever the batch left queued.
      if (batch.length > 0) await sync(batch);
      return result;
    },
    CalculationType: { full: "Full", recalculate: "Recalculate" },
    WorksheetPositionType: { end: "End", start: "Start" },
    AggregationFunction: { sum: "Sum", count: "Count", average: "Average", automatic: "Automatic" },
    PivotLayoutType: { compact: "Compact", tabular: "Tabular", outline: "Outline" },
    SpecialCellType: { formulas: "Formulas", constants: "Constants", blanks: "Blanks" },
  };

  // A saved workbook opened again: its cells, formats and spills as the file kept them.
  if (saved) {
    for (const [sheetId, entries] of saved.cells) cells.set(sheetId, new Map(entries));
    for (const [sheetId, columns] of saved.formats) {
      formats.set(sheetId, new Map(columns.map(([column, rows]) => [column, rows.map((format) => format ?? undefined) as string[]])));
    }
    for (const spill of saved.spills) spills.push({ ...spill, sheet: sheetById(spill.sheetId) });
  }
  /** The workbook as a file keeps it. */
  const saveWorkbook = (): string => {
    const file: FakeSavedWorkbook = {
      workbook,
      cells: [...cells].map(([sheetId, entries]) => [sheetId, [...entries]]),
      formats: [...formats].map(([sheetId, columns]) => [sheetId, [...columns].map(([column, rows]) => [column, Array.from(rows, (format) => format ?? null)])]),
      spills: spills.map((spill) => ({ sheetId: spill.sheet.id, row: spill.row, column: spill.column, rows: spill.rows, columns: spill.columns })),
    };
    return JSON.stringify(file);
  };
  /** A table as the workbook holds it now, for tests: where it is and every cell of it. */
  const readTable = (name: string) => {
    const table = tableNamed(name);
    if (!table) return undefined;
    const box = tableBox(table);
    return {
      ...JSON.parse(JSON.stringify(table)),
      sheet: box.sheet.name,
      address: addressOf(box),
      values: RANGE_READS.values!(box) as unknown[][],
      formulas: RANGE_READS.formulas!(box) as unknown[][],
      numberFormat: RANGE_READS.numberFormat!(box) as string[][],
    };
  };

  const control: FakeOfficeControl = {
    select: (address) => {
      resolve(address);
      selection = address;
    },
    spill: (anchor, rows) => {
      const box = resolve(anchor);
      const formula = cellAt(box.sheet.id, box.row, box.column)?.formula;
      // A result cannot spill inside a table, nor over one: Excel shows #SPILL! in the formula's cell.
      const over = { ...box, rows: rows.length, columns: rows[0]?.length ?? 1 };
      if (workbook.tables.some((table) => overlaps(tableBox(table), over))) {
        setCell(box.sheet.id, box.row, box.column, { value: "#SPILL!", ...(formula ? { formula } : {}) });
        return;
      }
      rows.forEach((row, r) =>
        row.forEach((cell, c) => {
          const json = typeof cell === "object" && cell !== null ? cell : undefined;
          const value = json ? (json as { basicValue?: unknown }).basicValue : cell;
          setCell(box.sheet.id, box.row + r, box.column + c, { value, ...(r === 0 && c === 0 && formula ? { formula } : {}), ...(json ? { json } : {}) });
        }),
      );
      const earlier = spills.findIndex((spill) => spill.sheet.id === box.sheet.id && spill.row === box.row && spill.column === box.column);
      if (earlier >= 0) spills.splice(earlier, 1);
      spills.push({ ...box, rows: rows.length, columns: rows[0]?.length ?? 1 });
    },
    cells: (address) => {
      const box = resolve(address);
      return {
        values: RANGE_READS.values?.(box) as unknown[][],
        formulas: RANGE_READS.formulas?.(box) as unknown[][],
        numberFormat: RANGE_READS.numberFormat?.(box) as string[][],
      };
    },
    save: saveWorkbook,
    table: readTable,
  };
  win.__officeFakeControl = control;

  const supportsSet = (name: string, version: string) => {
    if (!options.requirementSets) return true;
    const minor = (text: string | undefined) => Number((text ?? "1.1").split(".")[1] ?? 0);
    return options.requirementSets.some((set) => {
      const [setName, setVersion] = set.split(" ");
      return setName === name && minor(setVersion) >= minor(version);
    });
  };

  const settings = {
    get: (name: string) => state.settings[name] ?? null,
    set: (name: string, value: unknown) => {
      state.settings[name] = value;
      record("setting", name, value);
    },
    remove: (name: string) => {
      delete state.settings[name];
    },
    saveAsync: (callback?: (result: unknown) => void) => {
      if (options.settingsSaveFails !== undefined) {
        callback?.({ status: "failed", error: { code: 5009, message: options.settingsSaveFails } });
        return;
      }
      workbook.settings = JSON.parse(JSON.stringify(state.settings));
      callback?.({ status: "succeeded" });
    },
  };

  win.Office = {
    HostType: { Excel: "Excel" },
    PlatformType: { PC: "PC", Mac: "Mac", OfficeOnline: "OfficeOnline" },
    onReady: (callback?: (info: unknown) => void) => {
      const info = { host: "Excel", platform: options.platform ?? "PC" };
      callback?.(info);
      return Promise.resolve(info);
    },
    StartupBehavior: { none: "None", load: "Load" },
    addin: {
      setStartupBehavior: async (behavior: string) => {
        workbook.startupBehavior = behavior;
        record("startupBehavior", "addin", behavior);
      },
      getStartupBehavior: async () => workbook.startupBehavior,
    },
    context: {
      platform: options.platform ?? "PC",
      requirements: { isSetSupported: supportsSet },
      document: { settings },
    },
  };

  win.OfficeRuntime = {
    storage: {
      getItem: async (key: string) => state.runtimeStorage[key] ?? null,
      setItem: async (key: string, value: string) => {
        state.runtimeStorage[key] = value;
      },
      removeItem: async (key: string) => {
        delete state.runtimeStorage[key];
      },
    },
  };

  // The functions themselves stay outside `state`, which tests read back as JSON.
  const functions: Record<string, (...args: unknown[]) => unknown> = {};
  win.__associatedFunctions = functions;
  win.CustomFunctions = {
    associate: (id: string, fn: (...args: unknown[]) => unknown) => {
      state.associated.push(id);
      functions[id] = fn;
    },
  };
}
