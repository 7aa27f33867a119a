import type { FilterLabels } from "../../../core/exports/query-sheet";
import { describeQuery } from "../../../core/workbook-queries/describe-query";
import {
  isStatsTable,
  type StoredStatsTableQuery,
  type StoredTableQuery,
} from "../../../core/workbook-queries/stored-query";
import type { LinkedTableNow } from "../../../office/tables/linked-tables";
import { el, whileBusy } from "../../widgets/dom";
import { changeReportParts, type ChangeView } from "./change-report-view";
import { lastFailureText, pivotsText, tableMetaText } from "./queries-text";

/** What a table's buttons do; each runs while its button shows it is busy. */
export interface TableActions {
  refresh(record: StoredTableQuery): Promise<void>;
  /** Only a REPORTING.STATS table's query opens in the Query tab's builder; a legacy table has no Edit. */
  edit(record: StoredStatsTableQuery): Promise<void>;
  goTo(record: StoredTableQuery): Promise<void>;
  unlink(record: StoredTableQuery): Promise<void>;
}

const BUTTONS = [
  ["refresh", "Refresh"],
  ["edit", "Edit"],
  ["goto", "Go to"],
  ["unlink", "Remove link"],
] as const;

type ButtonAction = (typeof BUTTONS)[number][0];

/** The buttons a table offers and what each runs: Edit only where the builder can show the query. */
function actionsOf(record: StoredTableQuery, actions: TableActions): [ButtonAction, string, () => Promise<void>][] {
  const run: Record<ButtonAction, (() => Promise<void>) | undefined> = {
    refresh: () => actions.refresh(record),
    edit: isStatsTable(record) ? () => actions.edit(record) : undefined,
    goto: () => actions.goTo(record),
    unlink: () => actions.unlink(record),
  };
  return BUTTONS.flatMap(([action, label]) => {
    const handler = run[action];
    return handler ? [[action, label, handler]] : [];
  });
}

/** The workbook's linked tables, each with its query, its last refresh and its actions. */
export class TablesList {
  constructor(
    private readonly list: HTMLUListElement,
    /** Shown when the workbook has no linked table (or is not Excel's). */
    private readonly empty: HTMLElement,
    private readonly actions: TableActions,
  ) {}

  /** The page's own text for an empty list, put back after `showEmpty` said something else. */
  private readonly emptyText = this.empty.textContent ?? "";
  private readonly descriptions = new Map<HTMLElement, StoredTableQuery>();
  /** What each table's last refresh changed: set before `show`. */
  changes: ChangeView | undefined;

  show(records: readonly StoredTableQuery[], now: ReadonlyMap<string, LinkedTableNow>): void {
    this.descriptions.clear();
    this.list.replaceChildren(...records.map((record) => this.item(record, now.get(record.id))));
    this.empty.textContent = this.emptyText;
    this.empty.hidden = records.length > 0;
  }

  /** Words the queries again with the names of their filters' codes, once the lists are loaded. */
  label(labelsOf: (record: StoredTableQuery) => FilterLabels | undefined): void {
    for (const [paragraph, record] of this.descriptions) {
      const labels = labelsOf(record);
      if (labels) paragraph.textContent = describeQuery(record.query, labels);
    }
  }

  /** Says why there is nothing to list. */
  showEmpty(text: string): void {
    this.empty.hidden = false;
    this.empty.textContent = text;
  }

  private item(record: StoredTableQuery, now: LinkedTableNow | undefined): HTMLLIElement {
    const found = now?.found ? now : undefined;
    const name = found?.name ?? record.table.name;
    const buttons = actionsOf(record, this.actions).map(([action, label, handler]) => {
      const button = el("button", {
        className: "secondary",
        text: label,
        attrs: { type: "button", "data-action": action, "aria-label": `${label}: ${name}` },
      });
      button.addEventListener("click", () => void whileBusy(button, handler));
      return button;
    });
    const pivots = pivotsText(record);
    const failure = lastFailureText(record);
    const description = el("p", { text: describeQuery(record.query) });
    this.descriptions.set(description, record);
    return el("li", { attrs: { "data-query-id": record.id, "data-table": name } }, [
      el("h3", { text: name }),
      el("p", { className: "hint", text: tableMetaText(record, found?.sheet) }),
      ...changeReportParts(record, this.changes),
      description,
      pivots !== undefined && el("p", { className: "hint", text: pivots }),
      failure !== undefined && el("p", { className: "problem", text: failure }),
      el("div", { className: "button-row" }, buttons),
    ]);
  }
}
