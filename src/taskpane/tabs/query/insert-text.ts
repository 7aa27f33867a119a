/**
 * What Insert as table says once the rows are in: two sentences, what is where and what to do
 * next. Why eCPM is not in the PivotTable is said on the PivotTable's sheet and under the
 * PivotTable choice, not again here; only what went wrong adds its reason.
 */

/** The PivotTable beside the table: added, not wanted, or why there is none. */
export type PivotOutcome = { added: true } | { added: false; why?: string };

/** Whether the table's query was kept in the workbook, or why not. */
export type KeptOutcome = { kept: true } | { kept: false; why: string };

export function insertedTableText(
  table: { rows: number; name: string; sheet: string },
  pivot: PivotOutcome,
  query: KeptOutcome,
): string {
  const where = `${table.rows.toLocaleString()} ${table.rows === 1 ? "row" : "rows"} inserted as the table ${table.name} on ${table.sheet}`;
  const first = pivot.added ? `${where}, with a PivotTable.` : `${where}.${pivot.why ? ` ${pivot.why}` : ""}`;
  const next = query.kept
    ? `Refresh ${pivot.added ? "both" : "it"} from the Queries tab.`
    : `Its query could not be kept in the workbook, so it will not refresh: ${query.why}`;
  return `${first} ${next}`;
}
