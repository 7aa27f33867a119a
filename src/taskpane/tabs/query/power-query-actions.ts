import { powerQueryFiles } from "../../../core/power-query/power-query-files";
import { powerQueryWorkbook } from "../../../core/power-query/workbook";
import { PERIOD_LABELS } from "../../../core/periods";
import { storedModelOf } from "../../../core/workbook-queries/stored-query";
import { canOpenInBrowser, openInBrowser } from "../../../office/browser-window";
import { officePlatform } from "../../../office/page-environment";
import type { PaneContext } from "../../shell/context";
import { downloadFile, downloadsWork, XLSX_MEDIA_TYPE } from "../../widgets/downloads";
import type { ActionRunner } from "./action-runner";
import type { CurrentQuery } from "./current-query";
import {
  isODataAnswer,
  POWER_QUERY_READY_NOTE,
  powerQueryAvailability,
  type FeedPresence,
} from "./power-query-availability";
import { findPowerQueryHost, preparePowerQueryHostFile } from "./power-query-host";

export interface PowerQueryElements {
  /** "Power Query" in the action bar's Export group. */
  barButton: HTMLButtonElement;
  /** "Open in Power Query" in More actions. */
  openButton: HTMLButtonElement;
  /** "Power BI file (.pbids)" in More actions. */
  pbidsButton: HTMLButtonElement;
  /** What the buttons do, or why they cannot here. */
  note: HTMLElement;
}

const PBIDS_MEDIA_TYPE = "application/json";

/** Asks the page's own server for its OData feed; anything but a feed's answer means none. */
async function findFeed(origin: string): Promise<FeedPresence> {
  try {
    const response = await fetch(`${origin}/odata/`, {
      cache: "no-store",
      credentials: "omit",
      headers: { accept: "application/json" },
    });
    return isODataAnswer(response.status, response.headers.get("odata-version")) ? "feed" : "none";
  } catch {
    return "none";
  }
}

/**
 * "Open in Power Query" and the Power BI file of the Query tab: an Excel workbook whose Power
 * Query query reads the add-in server's OData feed for the form's query, and a .pbids file for
 * the same feed. The files hold no credential: Power Query asks for the token once and keeps it.
 */
export class PowerQueryActions {
  private feed: FeedPresence = "checking";
  private readonly downloads = downloadsWork(officePlatform());
  /** Where the add-in's server makes the files for the browser (Excel for Mac only), once known. */
  private hostPath: string | undefined;

  constructor(
    private readonly elements: PowerQueryElements,
    private readonly context: PaneContext,
    runner: ActionRunner,
    private readonly currentQuery: () => CurrentQuery | undefined,
  ) {
    const { barButton, openButton, pbidsButton } = elements;
    for (const button of [barButton, openButton]) {
      button.addEventListener(
        "click",
        () => void runner.run(button, (signal) => this.openWorkbook(signal), { cancellable: true }),
      );
    }
    pbidsButton.addEventListener(
      "click",
      () => void runner.run(pbidsButton, (signal) => this.savePbids(signal), { cancellable: true }),
    );
    this.show();
    const hostPath =
      this.downloads || !canOpenInBrowser() ? Promise.resolve(undefined) : findPowerQueryHost(location.origin);
    void Promise.all([findFeed(location.origin), hostPath]).then(([feed, path]) => {
      this.feed = feed;
      this.hostPath = path;
      this.show();
    });
  }

  private availability() {
    return powerQueryAvailability({
      feed: this.feed,
      downloadsWork: this.downloads,
      hostMakesFiles: this.hostPath !== undefined,
    });
  }

  /** On Excel for Mac: the add-in's server makes the file, the browser saves it. */
  private async openThroughHost(format: "xlsx" | "pbids", current: CurrentQuery, signal: AbortSignal): Promise<string> {
    const prepared = await preparePowerQueryHostFile({
      origin: location.origin,
      path: this.hostPath ?? "",
      format,
      query: storedModelOf(current.model),
      today: this.context.today(),
      signal,
    });
    signal.throwIfAborted();
    openInBrowser(prepared.url);
    return `Opened ${prepared.fileName} in your browser, which saves it; the link works once, within a minute.`;
  }

  private show(): void {
    const availability = this.availability();
    this.elements.note.textContent = availability.ready ? POWER_QUERY_READY_NOTE : availability.reason;
    for (const button of [this.elements.barButton, this.elements.openButton, this.elements.pbidsButton]) {
      button.setAttribute("aria-describedby", this.elements.note.id);
    }
  }

  /** The form's query and its files; undefined (the reason said) when they cannot be made here. */
  private prepare() {
    const availability = this.availability();
    if (!availability.ready) {
      this.context.status.show(availability.reason, "error");
      return undefined;
    }
    const current = this.currentQuery();
    if (!current) return undefined;
    const files = powerQueryFiles(current.model, {
      origin: location.origin,
      today: this.context.today(),
      headers: current.query.headers,
    });
    return { current, files, route: availability.route };
  }

  private async openWorkbook(signal: AbortSignal): Promise<void> {
    const prepared = this.prepare();
    if (!prepared) return;
    const { current, files, route } = prepared;
    this.context.status.busy("Preparing the Power Query file…");
    const howToUse =
      "Open it in Excel; when Power Query asks, enter your access token once (Web API key, or Basic with the token as the password). Data > Refresh All updates it.";
    if (route === "host") {
      this.context.status.success(`${await this.openThroughHost("xlsx", current, signal)} ${howToUse}`);
      return;
    }
    const bytes = await powerQueryWorkbook(files);
    signal.throwIfAborted();
    const fileName = `${files.fileStem}.xlsx`;
    downloadFile(fileName, bytes as Uint8Array<ArrayBuffer>, XLSX_MEDIA_TYPE);
    this.context.status.success(`Downloaded ${fileName}. ${howToUse}`);
  }

  private async savePbids(signal: AbortSignal): Promise<void> {
    const prepared = this.prepare();
    if (!prepared) return;
    const { current, files, route } = prepared;
    // A Power BI data source file holds a web address, not M: a period word's days stay as they are today.
    const word =
      "word" in current.model.period
        ? ` (${PERIOD_LABELS[current.model.period.word].toLowerCase()} as of today: the file keeps these days)`
        : "";
    const howToUse = `It covers ${files.days.from} to ${files.days.to}${word}. Open it in Power BI Desktop and enter your access token when asked (Web API key, or Basic with the token as the password).`;
    if (route === "host") {
      this.context.status.success(`${await this.openThroughHost("pbids", current, signal)} ${howToUse}`);
      return;
    }
    const fileName = `${files.fileStem}.pbids`;
    downloadFile(fileName, files.pbids, PBIDS_MEDIA_TYPE);
    this.context.status.success(`Downloaded ${fileName}. ${howToUse}`);
  }
}
