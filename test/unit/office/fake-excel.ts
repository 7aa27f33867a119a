import { installFakeOffice } from "../../support/fake-office/install";
import type { FakeOfficeControl, FakeOfficeOptions, FakeOfficeState } from "../../support/fake-office/types";
import { installFakeUser, type FakeUserControl } from "../../e2e/support/fake-office-user";
import { withGlobals } from "./office-globals";

export interface FakeExcel {
  /** What reached the workbook, every sync's size and every text Excel would read as a formula. */
  state: FakeOfficeState;
  /** What Excel or its user would do: select, spill a formula's result, read cells back. */
  control: FakeOfficeControl;
  /** What the user does meanwhile: edit a cell, select several areas. */
  user: FakeUserControl;
  /** Puts the globals back as they were. */
  restore(): void;
}

const DEFAULTS: FakeOfficeOptions = { selection: "B2", sheetName: "Sheet1" };

/**
 * The browser tests' recording fake of Office.js, installed on Node's globals: the unit tests of
 * src/office then run against the very same object model, with the same 5 MB refusal and the
 * same check of texts written as formulas.
 */
export function installFakeExcel(options: Partial<FakeOfficeOptions> = {}): FakeExcel {
  const restore = withGlobals({
    window: globalThis,
    Excel: undefined,
    Office: undefined,
    OfficeRuntime: undefined,
    CustomFunctions: undefined,
    __officeFake: undefined,
    __associatedFunctions: undefined,
    __officeFakeControl: undefined,
    __officeFakeUser: undefined,
  });
  installFakeOffice({ ...DEFAULTS, ...options });
  installFakeUser();
  const globals = globalThis as unknown as {
    __officeFake: FakeOfficeState;
    __officeFakeControl: FakeOfficeControl;
    __officeFakeUser: FakeUserControl;
  };
  return { state: globals.__officeFake, control: globals.__officeFakeControl, user: globals.__officeFakeUser, restore };
}

function cellOf(address: string): { row: number; column: number } {
  const match = /^([A-Z]+)(\d+)$/.exec(address);
  if (!match) throw new Error(`not a cell address: ${address}`);
  let column = 0;
  for (const char of match[1]!) column = column * 26 + (char.charCodeAt(0) - 64);
  return { row: Number(match[2]) - 1, column: column - 1 };
}

/** The range of a write's target (`Sheet!A1:C9`), 0-based. */
export function rangeOf(target: string): { sheet: string; row: number; column: number; rows: number; columns: number } {
  const bang = target.lastIndexOf("!");
  const [start, end] = target.slice(bang + 1).split(":") as [string, string | undefined];
  const first = cellOf(start);
  const last = end ? cellOf(end) : first;
  return {
    sheet: target.slice(0, bang),
    row: first.row,
    column: first.column,
    rows: last.row - first.row + 1,
    columns: last.column - first.column + 1,
  };
}

/** The number format each row of one column ends with (0-based rows; absent where none was written). */
export function columnFormats(state: FakeOfficeState, sheet: string, column: number): Map<number, string> {
  const formats = new Map<number, string>();
  for (const write of state.writes) {
    if (write.kind !== "numberFormat") continue;
    const range = rangeOf(write.target);
    if (range.sheet !== sheet || column < range.column || column >= range.column + range.columns) continue;
    const value = write.value as string[][];
    for (let row = 0; row < range.rows; row++) formats.set(range.row + row, value[row]![column - range.column]!);
  }
  return formats;
}
