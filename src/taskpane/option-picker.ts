import type { Option } from "../api";
import { clear, el, uniqueId } from "./dom";

/** Lists longer than this get a search box. */
const SEARCH_FROM = 8;
/** Rendering thousands of checkboxes makes the pane sluggish; searching narrows the rest. */
const MAX_SHOWN = 300;

/**
 * A multi-select filter: shows labels, returns values. Collapsed behind a summary that says
 * how many values are chosen; searchable when the list is long.
 */
export class OptionPicker {
  readonly element: HTMLDetailsElement;
  private options: Option[] = [];
  private readonly selected = new Set<string>();
  private readonly count: HTMLSpanElement;
  private readonly search: HTMLInputElement;
  private readonly searchField: HTMLDivElement;
  private readonly list: HTMLUListElement;
  private readonly message: HTMLParagraphElement;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly name: string,
    private readonly title: string,
  ) {
    const searchId = uniqueId(`picker-${name}-search`);
    this.count = el("span", { className: "count", text: "Loading…" });
    this.search = el("input", {
      attrs: { id: searchId, type: "search", autocomplete: "off", "aria-controls": `picker-${name}-options` },
      on: { input: () => this.renderOptions() },
    });
    this.searchField = el("div", { className: "field" }, [
      el("label", { text: `Search ${title.toLowerCase()}`, attrs: { for: searchId } }),
      this.search,
    ]);
    this.list = el("ul", {
      className: "picker-options",
      attrs: { id: `picker-${name}-options`, role: "group", "aria-label": title },
    });
    this.message = el("p", { className: "hint" });
    const clearButton = el("button", {
      className: "subtle",
      text: "Clear",
      attrs: { type: "button", "aria-label": `Clear the ${title.toLowerCase()} filter` },
      on: { click: () => this.setSelected([]) },
    });
    this.element = el("details", { className: "picker", attrs: { "data-filter": name } }, [
      el("summary", {}, [el("span", { text: title }), this.count]),
      el("div", { className: "picker-body" }, [this.searchField, this.message, this.list, clearButton]),
    ]);
    this.renderCount();
  }

  /** Fills the picker; chosen values that are no longer offered are dropped. */
  setOptions(options: readonly Option[]): void {
    this.options = [...options];
    const offered = new Set(options.map((option) => option.value));
    for (const value of [...this.selected]) if (!offered.has(value)) this.selected.delete(value);
    this.searchField.hidden = options.length < SEARCH_FROM;
    this.renderOptions();
    this.renderCount();
    this.changed();
  }

  /** Shown instead of the options, e.g. when the list could not be loaded. */
  setMessage(text: string): void {
    this.options = [];
    this.selected.clear();
    this.message.textContent = text;
    clear(this.list);
    this.searchField.hidden = true;
    this.count.textContent = "unavailable";
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
    const chosen = this.selected.size;
    this.count.textContent = chosen === 0 ? `all (${this.options.length})` : `${chosen} selected`;
  }

  private renderOptions(): void {
    const query = this.search.value.trim().toLowerCase();
    const matching = query
      ? this.options.filter((option) => `${option.label} ${option.value}`.toLowerCase().includes(query))
      : this.options;
    clear(this.list);
    for (const option of matching.slice(0, MAX_SHOWN)) {
      const checkbox = el("input", {
        attrs: { type: "checkbox", value: option.value },
        on: {
          change: (event) => {
            if ((event.target as HTMLInputElement).checked) this.selected.add(option.value);
            else this.selected.delete(option.value);
            this.renderCount();
            this.changed();
          },
        },
      });
      checkbox.checked = this.selected.has(option.value);
      const showValue = option.label !== option.value;
      this.list.append(
        el("li", {}, [el("label", {}, [checkbox, el("span", { text: option.label }), showValue && el("span", { className: "value", text: option.value })])]),
      );
    }
    if (this.options.length === 0) this.message.textContent = "No values available.";
    else if (matching.length === 0) this.message.textContent = "No value matches your search.";
    else if (matching.length > MAX_SHOWN) this.message.textContent = `Showing ${MAX_SHOWN} of ${matching.length}: type to narrow the list.`;
    else this.message.textContent = "";
  }
}
