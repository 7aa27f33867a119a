import type { Box } from "./addresses";
import type { RangeReads } from "./cell-reads";
import type { CellStore } from "./cells";
import type { Recorder } from "./recording";
import type { FakeOfficeOptions, FakeOfficeState, FakeWorkbook } from "./types";

/** What one fake Excel keeps: the workbook, its cells, where the user is, and the record of writes. */
export interface ModelContext {
  options: FakeOfficeOptions;
  state: FakeOfficeState;
  /** The same object as `state.workbook`. */
  workbook: FakeWorkbook;
  cells: CellStore;
  reads: RangeReads;
  recorder: Recorder;
  /** The selected address and the active sheet. */
  view: { selection: string; activeSheetId: string | undefined };
  /** Results Excel spilled, each the box from its formula cell. */
  spills: Box[];
  /** Office.context.requirements.isSetSupported as this Excel answers it. */
  supportsSet(name: string, version: string): boolean;
}
