import { NO_LABELS, type LabelLookup } from "../../../core/preview/labels";
import type { StoredTableQuery } from "../../../core/workbook-queries/stored-query";
import type { KeptChanges } from "../../../core/workbook-queries/table-refresh";
import { el } from "../../widgets/dom";
import { flagText, isFlagged, lastChanges, lastChangeText, moveLines, movesTitle } from "./change-text";

/** What a table's entry needs to show its last change report. */
export interface ChangeView {
  /** The workbook's threshold, in percent. */
  threshold: number;
  /** The full reports of the refreshes made since the page loaded, by record id. */
  kept: ReadonlyMap<string, KeptChanges>;
  /** The names of the codes of the record's profile (reference lists, through the runtime's cache). */
  labels(record: StoredTableQuery): Promise<LabelLookup>;
}

/**
 * The largest moves, closed until asked for: their codes are named when the details are first
 * opened, so that no reference list is loaded for a report nobody reads.
 */
function movesDetails(record: StoredTableQuery, kept: KeptChanges, view: ChangeView): HTMLDetailsElement {
  const list = el("ol", { className: "moves" });
  const fill = (labelOf: LabelLookup) =>
    list.replaceChildren(...moveLines(kept, labelOf).map((line) => el("li", { text: line })));
  fill(NO_LABELS);
  const details = el("details", { className: "moves", attrs: { "data-moves": record.id } }, [
    el("summary", { text: movesTitle(kept.changes) }),
    list,
  ]);
  let named = false;
  details.addEventListener("toggle", () => {
    if (!details.open || named) return;
    named = true;
    void view
      .labels(record)
      .then(fill)
      .catch(() => undefined)
      .finally(() => details.setAttribute("data-named", "true"));
  });
  return details;
}

/** The line of a table's last refresh, its flag and its largest moves (those of a refresh made on this page). */
export function changeReportParts(record: StoredTableQuery, view: ChangeView | undefined): HTMLElement[] {
  const changes = lastChanges(record);
  if (!changes || !view) return [];
  const parts: HTMLElement[] = [
    el("p", { className: "change-line", attrs: { "data-change-line": record.id }, text: lastChangeText(changes) }),
  ];
  if (isFlagged(changes, view.threshold))
    parts.push(el("p", { className: "flag", attrs: { "data-flag": record.id }, text: flagText(view.threshold) }));
  const kept = view.kept.get(record.id);
  if (kept && kept.at === record.lastRefresh?.at && kept.changes.moves.length > 0)
    parts.push(movesDetails(record, kept, view));
  return parts;
}
