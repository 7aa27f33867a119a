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
  /** UTF-8 bytes of the JSON of everything queued since the previous sync. */
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

export interface FakeOfficeState {
  writes: FakeWrite[];
  settings: Record<string, unknown>;
  runtimeStorage: Record<string, string>;
  associated: string[];
  syncs: FakeSync[];
  formulaLike: FakeFormulaLike[];
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
}

export function installFakeOffice(options: FakeOfficeOptions): void {
  type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
  const win = window as Any;
  const state: FakeOfficeState = { writes: [], settings: {}, runtimeStorage: {}, associated: [], syncs: [], formulaLike: [] };
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
    const match = /^([A-Z]+)(\d+)$/.exec(cell);
    if (!match) throw new Error(`fake Excel cannot read the address ${cell}`);
    let column = 0;
    for (const char of match[1] as string) column = column * 26 + (char.charCodeAt(0) - 64);
    return { row: Number(match[2]) - 1, column: column - 1 };
  };

  interface Box {
    sheet: Any;
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
  const boxOf = (sheet: Any, address: string): Box => {
    const [start, end] = address.split(":") as [string, string | undefined];
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
  const commit = (write: FakeWrite) => {
    state.writes.push(write);
  };

  /** What one Excel.run has queued since its last sync, in order. */
  type Batch = { bytes: number; apply: () => void }[];

  const queue = (batch: Batch, kind: string, target: string, value: unknown, apply?: (copy: Any) => void) => {
    // Serialised when queued, so that later changes to the caller's arrays cannot rewrite
    // history; the JSON is also what the request would carry.
    const json = JSON.stringify(value ?? null);
    batch.push({
      bytes: utf8Bytes(json) + utf8Bytes(kind) + utf8Bytes(target),
      apply: () => {
        const copy = JSON.parse(json);
        if (apply) apply(copy);
        else commit({ kind, target, value: copy });
      },
    });
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

  const applyWrite = (kind: string, box: Box, copy: unknown[][]) => {
    const target = addressOf(box);
    if (kind === "numberFormat") {
      copy.forEach((row, r) => row.forEach((format, c) => setFormat(box.sheet.id, box.row + r, box.column + c, String(format))));
      commit({ kind, target, value: copy });
    } else if (kind === "values") {
      const inForce = copy.map((row, r) =>
        row.map((cell, c) => {
          const format = formatAt(box.sheet.id, box.row + r, box.column + c);
          if (typeof cell === "string" && FORMULA_START.test(cell) && format !== "@") {
            state.formulaLike.push({ target: `${box.sheet.name}!${letters(box.column + c)}${box.row + r + 1}`, text: cell, numberFormat: format });
          }
          return format;
        }),
      );
      commit({ kind, target, value: copy, numberFormat: inForce });
    } else {
      commit({ kind, target, value: copy });
    }
  };

  const makeRange = (box: Box, batch: Batch): Any => {
    const range: Any = {
      load: () => range,
      getCell: (row: number, column: number) => makeRange({ ...box, row: box.row + row, column: box.column + column, rows: 1, columns: 1 }, batch),
      getOffsetRange: (rows: number, columns: number) => makeRange({ ...box, row: box.row + rows, column: box.column + columns }, batch),
      getResizedRange: (rows: number, columns: number) => makeRange({ ...box, rows: box.rows + rows, columns: box.columns + columns }, batch),
      format: { autofitColumns: () => queue(batch, "autofit", addressOf(box), null) },
    };
    Object.defineProperty(range, "address", { get: () => addressOf(box) });
    for (const kind of ["formulas", "values", "numberFormat"]) {
      Object.defineProperty(range, kind, {
        set: (value: unknown) => {
          checkShape(box, value, kind);
          queue(batch, kind, addressOf(box), value, (copy: unknown[][]) => applyWrite(kind, box, copy));
        },
        get: () => {
          throw new Error(`fake Excel: reading ${kind} is not supported`);
        },
      });
    }
    return range;
  };

  interface SheetData {
    id: string;
    name: string;
  }
  let sheetCounter = 1;
  const newSheet = (name: string): SheetData => ({ id: `sheet-${sheetCounter++}`, name });
  // The workbook's sheets; one added by a batch joins them when that batch is synced.
  const sheets: SheetData[] = [newSheet(options.sheetName)];

  const sheetProxy = (data: SheetData, batch: Batch): Any => {
    const sheet: Any = {
      id: data.id,
      name: data.name,
      load: () => sheet,
      activate: () => queue(batch, "activate", data.name, null),
      getRange: (address: string) => makeRange(boxOf(data, address), batch),
      tables: {
        add: (address: string, hasHeaders: boolean) => {
          queue(batch, "table", `${data.name}!${address}`, { hasHeaders });
          return { getRange: () => makeRange(boxOf(data, address), batch) };
        },
      },
      pivotTables: {
        add: (pivotName: string, _source: unknown, destination: Any) => {
          queue(batch, "pivot", destination.address, { name: pivotName });
          return {};
        },
      },
    };
    return sheet;
  };

  const makeWorkbook = (batch: Batch): Any => ({
    getSelectedRange: () => makeRange(boxOf(sheets[0], options.selection), batch),
    worksheets: {
      load: () => undefined,
      get items() {
        return sheets.map((data) => sheetProxy(data, batch));
      },
      add: (name: string) => {
        const data = newSheet(name);
        queue(batch, "addWorksheet", name, null, () => {
          sheets.push(data);
          commit({ kind: "addWorksheet", target: name, value: null });
        });
        return sheetProxy(data, batch);
      },
      getItem: (key: string) => {
        const found = sheets.find((sheet) => sheet.id === key || sheet.name === key);
        if (!found) throw new Error(`fake Excel: no worksheet ${key}`);
        return sheetProxy(found, batch);
      },
    },
    insertWorksheetsFromBase64: (base64: string, insertOptions: unknown) => {
      let ids: string[] | undefined;
      queue(batch, "insertWorksheetsFromBase64", "workbook", { base64, options: insertOptions }, (copy) => {
        const data = newSheet(`Export ${sheetCounter}`);
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

  const richApiError = (code: string, message: string) => Object.assign(new Error(message), { name: "RichApi.Error", code, debugInfo: { code, message } });

  const sync = async (batch: Batch) => {
    const operations = batch.splice(0);
    const bytes = operations.reduce((sum, operation) => sum + operation.bytes, 0);
    const refused = bytes > REQUEST_LIMIT_BYTES;
    state.syncs.push({ bytes, refused });
    if (refused) {
      throw richApiError(
        "RequestPayloadSizeLimitExceeded",
        'The request payload size has exceeded the limit. Please refer to the documentation: "https://docs.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins".',
      );
    }
    for (const operation of operations) operation.apply();
  };

  win.Excel = {
    run: async (callback: (context: Any) => Promise<unknown>) => {
      const batch: Batch = [];
      const result = await callback({ workbook: makeWorkbook(batch), sync: () => sync(batch) });
      // Excel.run itself syncs whatever the batch left queued.
      if (batch.length > 0) await sync(batch);
      return result;
    },
    CalculationType: { full: "Full", recalculate: "Recalculate" },
    WorksheetPositionType: { end: "End", start: "Start" },
  };

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
    saveAsync: (callback?: (result: unknown) => void) => callback?.({ status: "succeeded" }),
  };

  win.Office = {
    HostType: { Excel: "Excel" },
    PlatformType: { PC: "PC", Mac: "Mac", OfficeOnline: "OfficeOnline" },
    onReady: (callback?: (info: unknown) => void) => {
      const info = { host: "Excel", platform: options.platform ?? "PC" };
      callback?.(info);
      return Promise.resolve(info);
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
