import { el } from "../widgets/dom";
import { plainMessage, type StatusBar } from "./status";

/** A load this quick shows nothing: a note flashing for a blink would only distract. */
const LOADING_NOTE_AFTER_MS = 200;

/**
 * A tab whose code is fetched when it is first selected (`setUp` loads and sets it up once, see
 * lazy-part.ts). Until it is set up, its panel shows none of its controls, which would do nothing
 * yet (`data-part`, taskpane.css): it is marked busy and, past a blink, says it is loading; when
 * the code cannot be loaded the panel says so in its place, and selecting the tab again tries again.
 * Returns what opens the tab: the set-up tab, or undefined when it could not be loaded.
 */
export function onDemandTab<T>(
  panel: HTMLElement,
  tabName: string,
  status: StatusBar,
  setUp: () => Promise<T>,
): () => Promise<T | undefined> {
  const note = el("p", { className: "part-note", attrs: { "data-part-note": "" } });
  return async () => {
    panel.setAttribute("aria-busy", "true");
    if (panel.dataset.part !== "ready") panel.dataset.part = "loading";
    const slow = setTimeout(() => {
      note.className = "part-note hint";
      note.textContent = `Loading the ${tabName} tab…`;
      panel.prepend(note);
    }, LOADING_NOTE_AFTER_MS);
    try {
      const tab = await setUp();
      note.remove();
      panel.dataset.part = "ready";
      return tab;
    } catch (error) {
      note.className = "part-note problem";
      note.textContent = plainMessage(error);
      panel.dataset.part = "failed";
      panel.prepend(note);
      status.error(error);
      return undefined;
    } finally {
      clearTimeout(slow);
      panel.removeAttribute("aria-busy");
    }
  };
}
