import { z } from "zod";
import { METRICS } from "../../api";
import { metricChange, type TableChanges } from "./table-changes";

/**
 * What a table's record keeps of its last refresh's change report: the row counts and each
 * metric's totals, enough for the Queries tab's line, the threshold flag and a Refresh log row
 * after the pane was closed. The moves themselves (which rows) stay in the page's memory: they
 * are the user's figures by group and would make every record grow with its table.
 */

const count = z.number().int().min(0).max(1_000_000_000);

export const changeSummary = z
  .object({
    rowsBefore: count,
    added: count,
    removed: count,
    changed: count,
    /** False when the query's groups changed: rows were not compared, totals were. */
    matched: z.boolean(),
    totals: z
      .array(z.object({ metric: z.enum(METRICS), before: z.number(), after: z.number() }).strict())
      .max(METRICS.length),
  })
  .strict();

export type ChangeSummary = z.infer<typeof changeSummary>;

export function summaryOf(changes: TableChanges): ChangeSummary {
  return {
    rowsBefore: changes.rowsBefore,
    added: changes.added,
    removed: changes.removed,
    changed: changes.changed,
    matched: changes.matched,
    totals: changes.totals.map((total) => ({ metric: total.metric, before: total.before, after: total.after })),
  };
}

/** The report again from its summary, without the moves: what the line and the flag need. */
export function changesOfSummary(summary: ChangeSummary, rowsAfter: number): TableChanges {
  return {
    rowsBefore: summary.rowsBefore,
    rowsAfter,
    added: summary.added,
    removed: summary.removed,
    changed: summary.changed,
    matched: summary.matched,
    totals: summary.totals.map(({ metric, before, after }) => metricChange(metric, before, after)),
    moves: [],
  };
}
