/** Marks the tab stops added here, so that they are the only ones ever taken back. */
const ADDED = "data-scroll-stop";

const FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]";

export interface ScrollBox {
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
  overflowX: string;
  overflowY: string;
  /** Whether something inside can take the focus, which then scrolls the box by itself. */
  holdsFocusable: boolean;
}

function scrolls(overflow: string, content: number, box: number): boolean {
  // A pixel of rounding is not a scroll.
  return (overflow === "auto" || overflow === "scroll") && content > box + 1;
}

/**
 * Whether a box needs to be a tab stop of its own: it scrolls, and nothing inside can take the
 * focus, so a keyboard user could not otherwise bring its hidden columns into view (WCAG 2.1.1).
 */
export function needsScrollStop(box: ScrollBox): boolean {
  if (box.holdsFocusable) return false;
  return scrolls(box.overflowX, box.scrollWidth, box.clientWidth) || scrolls(box.overflowY, box.scrollHeight, box.clientHeight);
}

function measure(element: HTMLElement): ScrollBox {
  const style = getComputedStyle(element);
  return {
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
    scrollHeight: element.scrollHeight,
    clientHeight: element.clientHeight,
    overflowX: style.overflowX,
    overflowY: style.overflowY,
    holdsFocusable: element.querySelector(FOCUSABLE) !== null,
  };
}

/** The name a screen reader gives the stop: the caption of the table it holds. */
function regionName(element: HTMLElement): string {
  const caption = element.querySelector("caption")?.textContent?.trim();
  return caption ? caption : "Table";
}

function update(root: HTMLElement): void {
  for (const element of Array.from(root.querySelectorAll<HTMLElement>("div"))) {
    const added = element.hasAttribute(ADDED);
    // Stops that the pane's own code set are left alone.
    if (!added && element.hasAttribute("tabindex")) continue;
    const needed = needsScrollStop(measure(element));
    if (needed && !added) {
      element.tabIndex = 0;
      element.setAttribute("role", "group");
      element.setAttribute("aria-label", regionName(element));
      element.setAttribute(ADDED, "");
    } else if (needed) {
      element.setAttribute("aria-label", regionName(element));
    } else if (added) {
      element.removeAttribute("tabindex");
      element.removeAttribute("role");
      element.removeAttribute("aria-label");
      element.removeAttribute(ADDED);
    }
  }
}

/**
 * Keeps every scrolling box under `root` (a wide preview, a legacy application's ad units)
 * reachable by the keyboard, whoever renders it: a box that scrolls with nothing focusable
 * inside becomes a named tab stop, and stops being one once it fits again.
 */
export function keepScrollRegionsReachable(root: HTMLElement): void {
  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      update(root);
    });
  };
  new MutationObserver(schedule).observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden", "open", "class"] });
  window.addEventListener("resize", schedule);
  update(root);
}
