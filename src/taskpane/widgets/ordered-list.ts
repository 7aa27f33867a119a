import { clear, el } from "./dom";
import { movedAnnouncement, removedAnnouncement } from "./ordered-list-text";

export interface ListItem {
  value: string;
  label: string;
}

export interface OrderedListOptions {
  /**
   * Where focus goes once the last entry is removed: its button goes with it, and focus would
   * drop to the page. The list's "Add" control is the natural next step.
   */
  focusWhenEmpty?: HTMLElement | undefined;
}

/** The entry whose Remove button takes focus after entry `removed` went, `left` entries remaining; undefined when none is left. */
export function entryAfterRemoval(removed: number, left: number): number | undefined {
  return left === 0 ? undefined : Math.min(removed, left - 1);
}

/**
 * A list the user orders: each entry can move up or down or be removed with a button whose
 * accessible name says which entry it acts on. Focus stays on the moved entry's button, so a
 * keyboard user can press "Move up" repeatedly; a screen reader hears where it now stands.
 */
export class OrderedList {
  private items: ListItem[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly announcer = el("p", { className: "visually-hidden", attrs: { "aria-live": "polite" } });

  constructor(
    private readonly list: HTMLOListElement,
    private readonly options: OrderedListOptions = {},
  ) {
    list.after(this.announcer);
  }

  values(): string[] {
    return this.items.map((item) => item.value);
  }

  entries(): ListItem[] {
    return [...this.items];
  }

  has(value: string): boolean {
    return this.items.some((item) => item.value === value);
  }

  set(items: readonly ListItem[]): void {
    this.items = [...items];
    this.render();
    this.changed();
  }

  add(item: ListItem): void {
    if (this.has(item.value)) return;
    this.items.push(item);
    this.render();
    this.changed();
  }

  /** Keeps only the entries `keep` accepts (e.g. orders on groups no longer chosen). */
  retain(keep: (item: ListItem) => boolean): void {
    const kept = this.items.filter(keep);
    if (kept.length === this.items.length) return;
    this.items = kept;
    this.render();
    this.changed();
  }

  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  private move(index: number, by: number, focusAction: string): void {
    const target = index + by;
    const item = this.items[index];
    if (!item || target < 0 || target >= this.items.length) return;
    this.items.splice(index, 1);
    this.items.splice(target, 0, item);
    this.render();
    this.changed();
    this.announcer.textContent = movedAnnouncement(item.label, target + 1, this.items.length);
    const button = this.list.querySelector<HTMLButtonElement>(
      `li:nth-child(${target + 1}) [data-action="${focusAction}"]`,
    );
    (button && !button.disabled
      ? button
      : this.list.querySelector<HTMLButtonElement>(`li:nth-child(${target + 1}) button:not(:disabled)`)
    )?.focus();
  }

  private remove(index: number): void {
    const [removed] = this.items.splice(index, 1);
    this.render();
    this.changed();
    if (removed) this.announcer.textContent = removedAnnouncement(removed.label, this.items.length);
    const next = entryAfterRemoval(index, this.items.length);
    if (next === undefined) this.options.focusWhenEmpty?.focus();
    else this.list.querySelector<HTMLButtonElement>(`li:nth-child(${next + 1}) [data-action="remove"]`)?.focus();
  }

  private render(): void {
    clear(this.list);
    this.items.forEach((item, index) => {
      const button = (action: string, text: string, label: string, disabled: boolean, handler: () => void) =>
        el("button", {
          className: "subtle icon",
          text,
          attrs: {
            type: "button",
            "aria-label": label,
            title: label,
            "data-action": action,
            ...(disabled ? { disabled: "" } : {}),
          },
          on: { click: handler },
        });
      this.list.append(
        el("li", { attrs: { "data-value": item.value } }, [
          el("span", { text: item.label }),
          button("up", "↑", `Move ${item.label} up`, index === 0, () => this.move(index, -1, "up")),
          button("down", "↓", `Move ${item.label} down`, index === this.items.length - 1, () =>
            this.move(index, 1, "down"),
          ),
          button("remove", "✕", `Remove ${item.label}`, false, () => this.remove(index)),
        ]),
      );
    });
  }
}
