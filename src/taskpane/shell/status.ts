import { isReportingError } from "../../client/errors";
import { byId } from "../widgets/dom";

/**
 * The one live region of the pane: every outcome (done, failed, working) is announced there,
 * so screen reader users hear what a button did. Messages are plain words, never secrets.
 */
export type StatusKind = "info" | "success" | "error" | "busy";

export interface StatusMessage {
  text: string;
  kind: StatusKind;
}

/** The owner of what the pane itself says (starting, signed in, the refresh on opening), shown on every tab. */
export const PANE = "pane";

/**
 * The pane surface of the error contract (src/client/errors.ts): the error's `paneMessage`.
 * Anything outside the contract is a bug whose text might hold anything: say what to do instead.
 */
export function plainMessage(error: unknown): string {
  if (isReportingError(error)) return error.paneMessage;
  return "Something unexpected went wrong. Try again; if it keeps happening, reload the add-in.";
}

/**
 * What the status bar shows. Each tab's messages belong to it: a tab shows its own last message
 * (kept while another tab is shown, so that an outcome reached meanwhile is there on return),
 * never another tab's. The pane's own message shows on every tab until the tab shown says something.
 */
export class StatusMemory {
  private readonly said = new Map<string, StatusMessage & { order: number }>();
  private order = 0;

  constructor(private selected: string) {}

  say(owner: string, message: StatusMessage | undefined): void {
    if (message) this.said.set(owner, { ...message, order: ++this.order });
    else this.said.delete(owner);
    if (owner === this.selected) this.said.delete(PANE);
  }

  select(tab: string): void {
    this.selected = tab;
  }

  /** True when what `owner` says is shown at once: the pane's words, or the shown tab's. */
  isShown(owner: string): boolean {
    return owner === PANE || owner === this.selected;
  }

  /** The last message `owner` said that still stands. */
  of(owner: string): StatusMessage | undefined {
    const message = this.said.get(owner);
    return message && { text: message.text, kind: message.kind };
  }

  shown(): StatusMessage | undefined {
    const pane = this.said.get(PANE);
    const tab = this.said.get(this.selected);
    const latest = !pane || (tab && tab.order > pane.order) ? tab : pane;
    return latest && { text: latest.text, kind: latest.kind };
  }
}

interface StatusChannel {
  region: HTMLElement;
  memory: StatusMemory;
  owner: string;
}

/** What one owner (a tab, or the pane) says in the status bar; `forTab` gives each tab its own. */
export class StatusBar {
  private readonly channel: StatusChannel;

  constructor(channel?: StatusChannel) {
    this.channel = channel ?? { region: byId("status"), memory: new StatusMemory("tab-connect"), owner: PANE };
  }

  /** The status bar as the tab `tabId` (its tab button's id) speaks in it. */
  forTab(tabId: string): StatusBar {
    return new StatusBar({ ...this.channel, owner: tabId });
  }

  /** The status bar as the pane itself speaks in it, on every tab. */
  get pane(): StatusBar {
    return this.forTab(PANE);
  }

  /** The tab `tabId` is shown: the bar shows its messages, not the last tab's. */
  selectTab(tabId: string): void {
    const before = this.channel.memory.shown();
    this.channel.memory.select(tabId);
    const after = this.channel.memory.shown();
    // The same words written again would be announced again: only a change is written.
    if (before?.text !== after?.text || before?.kind !== after?.kind) this.render();
  }

  show(message: string, kind: StatusKind = "info"): void {
    this.say({ text: message, kind });
  }

  busy(message: string): void {
    this.show(message, "busy");
  }

  success(message: string): void {
    this.show(message, "success");
  }

  error(error: unknown): void {
    this.show(plainMessage(error), "error");
  }

  clear(): void {
    this.say(undefined);
  }

  /** Takes this owner's last failure away (the query it was about changed); any other message stays. */
  clearError(): void {
    if (this.channel.memory.of(this.channel.owner)?.kind === "error") this.clear();
  }

  private say(message: StatusMessage | undefined): void {
    const { memory, owner } = this.channel;
    memory.say(owner, message);
    // A hidden tab's words wait for it to be shown; rewriting what is shown would announce it again.
    if (memory.isShown(owner)) this.render();
  }

  private render(): void {
    const { region, memory } = this.channel;
    const shown = memory.shown();
    region.className = shown ? `status ${shown.kind}` : "status";
    region.textContent = shown?.text ?? "";
  }
}
