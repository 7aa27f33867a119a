import type { Option } from "../../api";
import { searchOptions } from "../../core/option-search";
import { clear, el, uniqueId } from "./dom";
import {
  pickerCountText,
  pickerLoadingText,
  pickerSearchAnnouncement,
  pickerSelectionAnnouncement,
  type PickerListState,
} from "./picker-text";
import { rovingTarget } from "./roving-focus";

/** Lists longer than this get a search box. */
const SEARCH_FROM = 8;
/** Rendering thousands of checkboxes makes the pane sluggish; searching narrows the rest. */
const MAX_SHOWN = 300;

/**
 * A multi-select filter: shows labels, returns values. Collapsed behind a summary that says
 * how many values are chosen; searchable when the list is long, best matches first.
 *
 * For the keyboard the options are one Tab stop: the arrow keys move between them (Down from
 * the search box enters the list, Up from the first option goes back to it), Space ticks, and
 * Escape closes the picker with focus back on its summary.
 *
 * Its list starts "loading" (the summary says so, and the picker is aria-busy) until setOptions;
 * a list that failed offers Retry, which asks for it again.
 */
export class OptionPicker {
  readonly element: HTMLDetailsElement;
  private options: Option[] = [];
  private readonly selected = new Set<string>();
  private readonly summary: HTMLElement;
  private readonly count: HTMLSpanElement;
  private readonly search: HTMLInputElement;
  private readonly searchField: HTMLDivElement;
  private readonly list: HTMLUListElement;
  private readonly message: HTMLParagraphElement;
  private readonly announcer: HTMLParagraphElement;
  private readonly retryButton: HTMLButtonElement;
  private readonly clearButton: HTMLButtonElement;
  private state: PickerListState = "loading";
  private retry: (() => void) | undefined;
  /** Set by a press of Retry: the answer then decides where the keyboard user goes on. */
  private retrying = false;
  private readonly listeners = new Set<() => void>();
  /** The option that holds the list's Tab stop, kept across renders while it is shown. */
  private current: string | undefined;

  constructor(
    readonly name: string,
    private readonly title: string,
  ) {
    const searchId = uniqueId(`picker-${name}-search`);
    const titleId = uniqueId(`picker-${name}-title`);
    const listId = uniqueId(`picker-${name}-options`);
    this.count = el("span", { className: "count" });
    this.search = el("input", {
      attrs: { id: searchId, type: "search", autocomplete: "off", "aria-controls": listId },
      on: { input: () => this.searched(), keydown: (event) => this.searchKey(event as KeyboardEvent) },
    });
    this.searchField = el("div", { className: "field" }, [
      el("label", { text: `Search ${title.toLowerCase()}`, attrs: { for: searchId } }),
      this.search,
    ]);
    this.list = el("ul", {
      className: "picker-options",
      attrs: { id: listId, "aria-label": `${title}: values` },
      on: { keydown: (event) => this.listKey(event as KeyboardEvent), focusin: (event) => this.focused(event) },
    });
    this.message = el("p", { className: "hint" });
    this.retryButton = el("button", {
      className: "secondary",
      text: "Retry",
      attrs: { type: "button", "aria-label": `Retry loading the list of ${title.toLowerCase()}` },
      on: { click: () => this.retryPressed() },
    });
    this.retryButton.hidden = true;
    this.announcer = el("p", { className: "visually-hidden", attrs: { "aria-live": "polite" } });
    this.clearButton = el("button", {
      className: "subtle",
      text: "Clear",
      attrs: { type: "button", "aria-label": `Clear the ${title.toLowerCase()} filter` },
      on: {
        click: () => {
          this.setSelected([]);
          this.announceSelection();
        },
      },
    });
    this.summary = el("summary", {}, [el("span", { text: title, attrs: { id: titleId } }), this.count]);
    this.element = el(
      "details",
      {
        className: "picker",
        attrs: { "data-filter": name },
        on: { keydown: (event) => this.escape(event as KeyboardEvent) },
      },
      [
        this.summary,
        el("div", { className: "picker-body", attrs: { role: "group", "aria-labelledby": titleId } }, [
          this.searchField,
          this.message,
          this.retryButton,
          this.list,
          this.clearButton,
          this.announcer,
        ]),
      ],
    );
    this.setLoading();
  }

  /**
   * Says that the list is on its way: the options shown so far, and the choice, stay as they are
   * until it comes (setOptions keeps what the new list still offers).
   */
  setLoading(): void {
    this.state = "loading";
    this.element.setAttribute("aria-busy", "true");
    this.retryButton.hidden = true;
    this.clearButton.hidden = true;
    this.searchField.hidden = true;
    clear(this.list);
    this.message.textContent = pickerLoadingText(this.title);
    this.renderCount();
  }

  /** Fills the picker; chosen values that are no longer offered are dropped. */
  setOptions(options: readonly Option[]): void {
    this.state = "loaded";
    this.element.removeAttribute("aria-busy");
    this.retryButton.hidden = true;
    this.clearButton.hidden = false;
    this.options = [...options];
    const offered = new Set(options.map((option) => option.value));
    for (const value of [...this.selected]) if (!offered.has(value)) this.selected.delete(value);
    this.searchField.hidden = options.length < SEARCH_FROM;
    this.renderOptions();
    this.renderCount();
    this.changed();
    if (this.retrying) this.retried(this.checkboxes()[0]);
  }

  /** Shown instead of the options when the list could not be loaded; `retry` (if any) asks for it again. */
  setUnavailable(text: string, retry?: () => void): void {
    this.state = "unavailable";
    this.element.removeAttribute("aria-busy");
    this.options = [];
    this.selected.clear();
    this.message.textContent = text;
    clear(this.list);
    this.searchField.hidden = true;
    this.retry = retry;
    this.retryButton.hidden = retry === undefined;
    // Nothing to clear in a list that did not come.
    this.clearButton.hidden = true;
    this.renderCount();
    if (this.retrying) this.retried(this.retryButton);
  }

  offered(): Option[] {
    return [...this.options];
  }

  values(): string[] {
    // In the list's order, so the formula text does not depend on the order of clicks.
    return this.options.filter((option) => this.selected.has(option.value)).map((option) => option.value);
  }

  setSelected(values: readonly string[]): void {
    this.selected.clear();
    for (const value of values) this.selected.add(value);
    this.renderOptions();
    this.renderCount();
    this.changed();
  }

  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  private renderCount(): void {
    this.count.textContent = pickerCountText(this.selected.size, this.options.length, this.state);
  }

  /** Retry hides itself while the list loads: the summary holds the focus meanwhile. */
  private retryPressed(): void {
    if (!this.retry) return;
    this.retrying = true;
    this.summary.focus();
    this.retry();
  }

  /** After a retry, a keyboard user still on the summary goes on to the list, or back to Retry. */
  private retried(next: HTMLElement | undefined): void {
    this.retrying = false;
    if (document.activeElement !== this.summary) return;
    (this.searchField.hidden ? next : this.search)?.focus();
  }

  private announceSelection(): void {
    this.announcer.textContent = pickerSelectionAnnouncement(this.title, this.selected.size, this.options.length);
  }

  private checkboxes(): HTMLInputElement[] {
    return Array.from(this.list.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'));
  }

  private searched(): void {
    const matching = this.renderOptions();
    this.announcer.textContent = pickerSearchAnnouncement(matching, MAX_SHOWN);
  }

  /** Escape anywhere inside an open picker closes it; the summary keeps the focus, as a menu button would. */
  private escape(event: KeyboardEvent): void {
    if (event.key !== "Escape" || !this.element.open) return;
    // Chromium would otherwise empty the search box instead.
    event.preventDefault();
    event.stopPropagation();
    this.element.open = false;
    this.summary.focus();
  }

  private searchKey(event: KeyboardEvent): void {
    if (event.key !== "ArrowDown") return;
    const first = this.checkboxes()[0];
    if (!first) return;
    event.preventDefault();
    first.focus();
  }

  private listKey(event: KeyboardEvent): void {
    const boxes = this.checkboxes();
    const index = boxes.indexOf(event.target as HTMLInputElement);
    if (index === -1) return;
    const target = rovingTarget(event.key, index, boxes.length, { orientation: "vertical", wrap: false });
    if (target === undefined) {
      if (event.key === "ArrowUp" && !this.searchField.hidden) {
        event.preventDefault();
        this.search.focus();
      }
      return;
    }
    event.preventDefault();
    boxes[target]?.focus();
  }

  /** The option last focused keeps the list's single Tab stop. */
  private focused(event: Event): void {
    const box = event.target as HTMLInputElement;
    if (box.type !== "checkbox") return;
    this.current = box.value;
    for (const other of this.checkboxes()) other.tabIndex = other === box ? 0 : -1;
  }

  /** Renders the options matching the search, best first, and says how many match. */
  private renderOptions(): number {
    // Loading or failed: the message in place of the options stays.
    if (this.state !== "loaded") return 0;
    const matching = searchOptions(this.options, this.search.value);
    const shown = matching.slice(0, MAX_SHOWN);
    const hadFocus = this.list.contains(document.activeElement);
    clear(this.list);
    const stop = shown.some((option) => option.value === this.current) ? this.current : shown[0]?.value;
    for (const option of shown) {
      const checkbox = el("input", {
        attrs: { type: "checkbox", value: option.value },
        on: {
          change: (event) => {
            if ((event.target as HTMLInputElement).checked) this.selected.add(option.value);
            else this.selected.delete(option.value);
            this.renderCount();
            this.announceSelection();
            this.changed();
          },
        },
      });
      checkbox.checked = this.selected.has(option.value);
      checkbox.tabIndex = option.value === stop ? 0 : -1;
      const showValue = option.label !== option.value;
      this.list.append(
        el("li", {}, [
          el("label", {}, [
            checkbox,
            el("span", { text: option.label }),
            showValue && el("span", { className: "value", text: option.value }),
          ]),
        ]),
      );
    }
    // A re-render (Clear, a new choice from a loaded formula) must not drop the keyboard user's place.
    if (hadFocus)
      this.checkboxes()
        .find((box) => box.tabIndex === 0)
        ?.focus();
    if (this.options.length === 0) this.message.textContent = "No values available.";
    else if (matching.length === 0 || matching.length > MAX_SHOWN)
      this.message.textContent = pickerSearchAnnouncement(matching.length, MAX_SHOWN);
    else this.message.textContent = "";
    return matching.length;
  }
}
