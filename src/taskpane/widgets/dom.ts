/** Small DOM helpers: the pane is plain TypeScript, without a framework. */

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`The task pane page lacks #${id}.`);
  return element as T;
}

type Child = Node | string | null | undefined | false;

export interface ElementOptions {
  className?: string;
  text?: string;
  attrs?: Record<string, string>;
  on?: Partial<Record<keyof HTMLElementEventMap, (event: Event) => void>>;
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  options: ElementOptions = {},
  children: Child[] = [],
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (options.className) element.className = options.className;
  if (options.text !== undefined) element.textContent = options.text;
  for (const [name, value] of Object.entries(options.attrs ?? {})) element.setAttribute(name, value);
  for (const [name, handler] of Object.entries(options.on ?? {})) {
    if (handler) element.addEventListener(name, handler);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

export function clear(element: Element): void {
  element.replaceChildren();
}

let uniqueCounter = 0;
export function uniqueId(prefix: string): string {
  uniqueCounter += 1;
  return `${prefix}-${uniqueCounter}`;
}

/**
 * Runs `action` while `button` shows it is busy and cannot be pressed twice; the other
 * controls stay usable so that a slow answer does not freeze the pane.
 */
export async function whileBusy<T>(button: HTMLButtonElement, action: () => Promise<T>): Promise<T> {
  const wasDisabled = button.disabled;
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  try {
    return await action();
  } finally {
    button.disabled = wasDisabled;
    button.removeAttribute("aria-busy");
  }
}

export function optionElement(value: string, label: string): HTMLOptionElement {
  const option = document.createElement("option");
  option.value = value;
  option.textContent = label;
  return option;
}

function describedByIds(element: HTMLElement, without: string | undefined): string[] {
  return (element.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id !== "" && id !== without);
}

/** Adds `id` to what describes `element`, read by screen readers before (`first`) or after (`last`) the rest. */
export function addDescription(element: HTMLElement, id: string, position: "first" | "last"): void {
  const others = describedByIds(element, id);
  element.setAttribute("aria-describedby", (position === "first" ? [id, ...others] : [...others, id]).join(" "));
}

/** Takes `id` out of what describes `element`, and the attribute away when nothing is left. */
export function removeDescription(element: HTMLElement, id: string | undefined): void {
  const others = describedByIds(element, id);
  if (others.length > 0) element.setAttribute("aria-describedby", others.join(" "));
  else element.removeAttribute("aria-describedby");
}
