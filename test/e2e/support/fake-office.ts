/**
 * A recording stand-in for the parts of Office.js the task pane uses: `Office.onReady`,
 * requirement sets, document settings, `OfficeRuntime.storage`, `CustomFunctions.associate`
 * and the `Excel.run` object model (ranges, worksheets, tables, PivotTables). Every write is
 * appended to `window.__officeFake.writes`, so a test can check what reached the workbook.
 *
 * `installFakeOffice` runs inside the page (page.addInitScript serialises it), so it must not
 * use anything from outside its own body.
 */

export interface FakeWrite {
  kind: string;
  target: string;
  value: unknown;
}

export interface FakeOfficeState {
  writes: FakeWrite[];
  settings: Record<string, unknown>;
  runtimeStorage: Record<string, string>;
  associated: string[];
}

export interface FakeOfficeOptions {
  selection: string;
  sheetName: string;
}

export function installFakeOffice(options: FakeOfficeOptions): void {
  type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
  const win = window as Any;
  const state: FakeOfficeState = { writes: [], settings: {}, runtimeStorage: {}, associated: [] };
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

  const makeRange = (box: Box): Any => {
    const range: Any = {
      load: () => range,
      getCell: (row: number, column: number) => makeRange({ ...box, row: box.row + row, column: box.column + column, rows: 1, columns: 1 }),
      getOffsetRange: (rows: number, columns: number) => makeRange({ ...box, row: box.row + rows, column: box.column + columns }),
      getResizedRange: (rows: number, columns: number) => makeRange({ ...box, rows: box.rows + rows, columns: box.columns + columns }),
      format: { autofitColumns: () => record("autofit", addressOf(box), null) },
    };
    Object.defineProperty(range, "address", { get: () => addressOf(box) });
    for (const kind of ["formulas", "values", "numberFormat"]) {
      Object.defineProperty(range, kind, {
        set: (value: unknown) => {
          checkShape(box, value, kind);
          record(kind, addressOf(box), value);
        },
        get: () => {
          throw new Error(`fake Excel: reading ${kind} is not supported`);
        },
      });
    }
    return range;
  };

  let sheetCounter = 1;
  const sheets: Any[] = [];
  const makeSheet = (name: string): Any => {
    const sheet: Any = {
      id: `sheet-${sheetCounter++}`,
      name,
      load: () => sheet,
      activate: () => record("activate", name, null),
      getRange: (address: string) => makeRange(boxOf(sheet, address)),
      tables: {
        add: (address: string, hasHeaders: boolean) => {
          record("table", `${name}!${address}`, { hasHeaders });
          return { getRange: () => makeRange(boxOf(sheet, address)) };
        },
      },
      pivotTables: {
        add: (pivotName: string, _source: unknown, destination: Any) => {
          record("pivot", destination.address, { name: pivotName });
          return {};
        },
      },
    };
    sheets.push(sheet);
    return sheet;
  };
  makeSheet(options.sheetName);

  const workbook: Any = {
    getSelectedRange: () => makeRange(boxOf(sheets[0], options.selection)),
    worksheets: {
      load: () => undefined,
      get items() {
        return sheets;
      },
      add: (name: string) => {
        record("addWorksheet", name, null);
        return makeSheet(name);
      },
      getItem: (key: string) => {
        const found = sheets.find((sheet) => sheet.id === key || sheet.name === key);
        if (!found) throw new Error(`fake Excel: no worksheet ${key}`);
        return found;
      },
    },
    insertWorksheetsFromBase64: (base64: string, insertOptions: unknown) => {
      record("insertWorksheetsFromBase64", "workbook", { base64, options: insertOptions });
      const sheet = makeSheet(`Export ${sheetCounter}`);
      return { value: [sheet.id] };
    },
    application: {
      calculate: (type: string) => record("calculate", "application", type),
    },
  };

  win.Excel = {
    run: async (callback: (context: Any) => Promise<unknown>) => callback({ workbook, sync: async () => undefined }),
    CalculationType: { full: "Full", recalculate: "Recalculate" },
    WorksheetPositionType: { end: "End", start: "Start" },
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
    PlatformType: { PC: "PC" },
    onReady: (callback?: (info: unknown) => void) => {
      const info = { host: "Excel", platform: "PC" };
      callback?.(info);
      return Promise.resolve(info);
    },
    context: {
      requirements: { isSetSupported: () => true },
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
