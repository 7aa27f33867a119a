import type { SpillTable } from "../../../core/rows/spill-table";

/**
 * The answer of the last preview, by its formula: Insert formula sizes the date format to it
 * without asking the service again. Forgotten when the profile changes or the answers are refreshed.
 */
export class PreviewCache {
  private last: { formula: string; table: SpillTable } | undefined;

  remember(formula: string, table: SpillTable): void {
    this.last = { formula, table };
  }

  forget(): void {
    this.last = undefined;
  }

  /** The table of `formula` when the last preview was of that very formula. */
  tableOf(formula: string): SpillTable | undefined {
    return this.last?.formula === formula ? this.last.table : undefined;
  }
}
