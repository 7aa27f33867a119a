import {
  columnsHiddenRight,
  isNumericKind,
  leadingGroupColumns,
  pinnedColumnCount,
  PREVIEW_ROWS,
  scrollCueText,
  type PreviewCell,
  type PreviewModel,
} from "../../core/preview";
import { clear, el, uniqueId } from "./dom";

export { PREVIEW_ROWS };

export interface PreviewTableOptions {
  /** Read by screen readers before the table: which query the rows answer. */
  caption: string;
  /** Name of the scrolling region ("Query preview"); one per tab keeps landmarks apart. */
  label?: string;
}

/** Stops watching the size of a previous render in the same container. */
const detachers = new WeakMap<HTMLElement, () => void>();

/** A note with its dates kept whole: "2026-11-" at a line's end and "13" on the next reads as two things. */
function noteElement(note: string): HTMLSpanElement {
  const parts = note
    .split(/(\d{4}-\d{2}-\d{2})/)
    .map((part, index) => (index % 2 === 1 ? el("span", { className: "nowrap", text: part }) : part));
  return el("span", { className: "cell-note" }, parts);
}

function cellElement(tag: "td" | "th", cell: PreviewCell, attrs: Record<string, string> = {}): HTMLTableCellElement {
  const element = el(tag, {
    className: cell.numeric ? "number" : "",
    // The raw value rides along so that tests (and copy tools) need not parse formatted text.
    attrs: { "data-value": cell.value, ...(cell.title ? { title: cell.title } : {}), ...attrs },
  });
  element.append(cell.text);
  // The name of a code on its own line: the code reads as in the files, the name says what it is.
  if (cell.name) element.append(" ", el("span", { className: "cell-name", text: cell.name }));
  // The space keeps the note a word apart for screen readers; the note's own line hides it.
  if (cell.note) element.append(" ", noteElement(cell.note));
  return element;
}

function tableOf(model: PreviewModel, caption: string): HTMLTableElement {
  // The date and group columns may stay in view (pinColumns); the CSS narrows them when there are several.
  const candidates = leadingGroupColumns(model.columns.map((column) => column.kind));
  const table = el("table", {
    className: "preview-table",
    attrs: { "data-rows": String(model.rows.length), "data-pin-candidates": String(candidates) },
  });
  table.append(el("caption", { className: "visually-hidden", text: caption }));
  table.append(
    el("thead", {}, [
      el(
        "tr",
        {},
        model.columns.map((column) =>
          el("th", {
            text: column.heading,
            className: isNumericKind(column.kind) ? "number" : "",
            attrs: { scope: "col", "data-kind": column.kind },
          }),
        ),
      ),
    ]),
  );
  table.append(
    el(
      "tbody",
      {},
      model.rows.map((row) =>
        el(
          "tr",
          { className: row.partial ? "partial" : "" },
          row.cells.map((cell) => cellElement("td", cell)),
        ),
      ),
    ),
  );
  const totals = model.totals;
  if (totals) {
    const label = el("th", { attrs: { scope: "row" } }, [totals.label]);
    if (totals.detail) label.append(" ", noteElement(totals.detail));
    table.append(
      el("tfoot", {}, [el("tr", {}, [label, ...totals.cells.slice(1).map((cell) => cellElement("td", cell))])]),
    );
  }
  return table;
}

/** The cells of each column of `table`, header, body and totals. */
function columnCells(table: HTMLTableElement, column: number): HTMLTableCellElement[] {
  return Array.from(table.rows).flatMap((row) => {
    const cell = row.cells[column];
    return cell ? [cell] : [];
  });
}

/**
 * Keeps the first `count` columns in view while the others scroll under them: each sticks at the
 * left edge of the one before, and the last one pinned draws the shadow once the table scrolls.
 */
function pinColumns(table: HTMLTableElement, headings: readonly HTMLTableCellElement[], count: number): void {
  let left = 0;
  headings.forEach((heading, column) => {
    const pinned = column < count;
    for (const cell of columnCells(table, column)) {
      cell.classList.toggle("pinned", pinned);
      cell.classList.toggle("pin-last", pinned && column === count - 1);
      cell.style.left = pinned ? `${left}px` : "";
    }
    left += heading.offsetWidth;
  });
}

/**
 * Renders a preview model into `container`: a table that scrolls sideways inside the pane with
 * its date and group columns kept in view (as many as leave room for the figures), a fade and a
 * line of text saying how many columns are still to the right, and the totals row (if any) in
 * the table's footer.
 */
export function renderPreviewTable(container: HTMLElement, model: PreviewModel, options: PreviewTableOptions): void {
  detachers.get(container)?.();
  clear(container);
  const table = tableOf(model, options.caption);
  const cue = el("p", { className: "preview-cue hint", attrs: { id: uniqueId("preview-cue") } });
  // Focusable, so that keyboard users can scroll it with the arrow keys (axe: scrollable-region-focusable).
  const scroller = el(
    "div",
    {
      className: "preview-scroll",
      attrs: {
        role: "region",
        tabindex: "0",
        "aria-label": options.label ?? "Preview rows",
        "aria-describedby": cue.id,
      },
    },
    [table],
  );
  const frame = el("div", { className: "preview-frame" }, [
    scroller,
    el("div", { className: "preview-fade", attrs: { "aria-hidden": "true" } }),
  ]);

  const allHeadings = Array.from(table.tHead?.rows[0]?.cells ?? []);
  const candidates = Number(table.dataset.pinCandidates);
  // Their width (narrower when several) is set by this class, not by being pinned: pinning one
  // more column then changes no width that decided it.
  for (let column = 0; column < candidates; column++)
    for (const cell of columnCells(table, column)) cell.classList.add("pin-candidate");
  // The pinned columns stay in view (sticky): only the others can be out of sight.
  let headings = allHeadings.slice(1);
  // Scrolling moves none of the columns within the table, so their edges are measured only when a
  // size changes: measuring forces a layout, which a scroll event must not pay for.
  let edges: { left: number; right: number }[] = [];
  let viewWidth = 0;
  let shownText: string | undefined;
  const measure = () => {
    // Which columns fit pinned, and where each sticks, depend on the widths: measured afresh too.
    const count = pinnedColumnCount(
      allHeadings.slice(0, candidates).map((cell) => cell.offsetWidth),
      scroller.clientWidth,
    );
    pinColumns(table, allHeadings, count);
    headings = allHeadings.slice(count);
    // A column whose padding alone is cut off still shows all it holds, so its content box is what counts.
    edges = headings.map((cell) => {
      const padding = parseFloat(getComputedStyle(cell).paddingRight) || 0;
      return { left: cell.offsetLeft, right: cell.offsetLeft + cell.offsetWidth - padding };
    });
    viewWidth = scroller.clientWidth;
  };
  const updateCue = () => {
    const hidden = viewWidth > 0 ? columnsHiddenRight(edges, scroller.scrollLeft, viewWidth) : 0;
    const text = scrollCueText(hidden);
    if (text !== shownText) {
      shownText = text;
      cue.replaceChildren(text, text ? el("span", { text: " →", attrs: { "aria-hidden": "true" } }) : "");
      cue.hidden = hidden === 0;
      frame.dataset.moreRight = String(hidden > 0);
    }
    frame.dataset.scrolled = String(scroller.scrollLeft > 0);
  };
  const remeasure = () => {
    measure();
    updateCue();
  };
  scroller.addEventListener("scroll", updateCue, { passive: true });
  // A tab shown later, or a pane made wider, changes what fits.
  const observer = typeof ResizeObserver === "function" ? new ResizeObserver(remeasure) : undefined;
  observer?.observe(scroller);
  observer?.observe(table);
  detachers.set(container, () => observer?.disconnect());

  container.append(frame, cue);
  remeasure();
}
