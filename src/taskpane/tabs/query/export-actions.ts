import { canOpenInBrowser } from "../../../office/browser-window";
import { officePlatform } from "../../../office/page-environment";
import { insertWorkbookSheets } from "../../../office/workbook";
import type { PaneContext } from "../../shell/context";
import { checkWorksheetFile, downloadsWork } from "../../widgets/downloads";
import { addedSheetsText } from "../../exports/added-sheets-text";
import { exportStats, statsFileSources } from "../../exports/export-stats";
import { noTokenMessage, queryProfileOf } from "../../exports/query-profile";
import { statsXlsxFile } from "../../exports/stats-file";
import { findHostExports, type HostExportOffer } from "../../exports/host-exports";
import { inExcel } from "../../shared/needs-excel";
import type { ActionRunner } from "./action-runner";
import type { CurrentQuery } from "./current-query";
import { exportRouteOf, type ExportRoute } from "./export-route";

export interface ExportElements {
  exportCsv: HTMLButtonElement;
  exportXlsx: HTMLButtonElement;
  openSheet: HTMLButtonElement;
  /** The group of the export buttons, hidden with them. */
  group: HTMLElement;
  /** Says why there is no export on Excel for Mac and what to do instead. */
  note: HTMLElement;
  /** The "More actions" disclosure that holds Open as worksheet. */
  moreActions: HTMLDetailsElement;
}

/**
 * Export CSV, Export Excel and Open as worksheet of the Query tab. Excel for Mac ignores
 * downloads (downloads.ts): rather than buttons that silently do nothing, the pane offers Open
 * as worksheet there and says why, unless the add-in's own server (src/host) can prepare the
 * file for the browser and the query's profile reaches the service through it.
 */
export class ExportActions {
  private readonly platform = officePlatform();
  /** What the add-in's own server offers for exports, once known; undefined from any other server. */
  private hostExports: HostExportOffer | undefined;
  private shownRoute: ExportRoute | undefined;

  constructor(
    private readonly elements: ExportElements,
    /** The context the actions run with (their status is the action bar's). */
    private readonly context: PaneContext,
    private readonly runner: ActionRunner,
    private readonly currentQuery: () => CurrentQuery | undefined,
    /** The profile the form pins the query to, without checking the form; undefined for the active one. */
    private readonly pinnedProfile: () => string | undefined,
  ) {
    const { exportCsv, exportXlsx, openSheet } = elements;
    exportCsv.addEventListener(
      "click",
      () => void runner.run(exportCsv, (signal) => this.exportFile("csv", signal), { cancellable: true }),
    );
    exportXlsx.addEventListener(
      "click",
      () => void runner.run(exportXlsx, (signal) => this.exportFile("xlsx", signal), { cancellable: true }),
    );
    openSheet.addEventListener(
      "click",
      () => void runner.run(openSheet, (signal) => this.openAsWorksheet(signal), { cancellable: true }),
    );
    this.showChoices();
    if (!downloadsWork(this.platform)) {
      void findHostExports(location.origin).then((offer) => {
        this.hostExports = offer;
        this.showChoices();
      });
    }
  }

  /** Shows the exports the query's profile can use here; called when the profiles or the pin change. */
  showChoices(): void {
    const route = this.route(this.pinnedProfile());
    const { exportCsv, exportXlsx, group, note, moreActions } = this.elements;
    exportCsv.hidden = route === "none";
    exportXlsx.hidden = route === "none";
    group.hidden = route === "none";
    note.hidden = route !== "none";
    // There, Open as worksheet is the export: its disclosure opens so that it is in sight.
    if (route === "none" && this.shownRoute !== "none") moreActions.open = true;
    this.shownRoute = route;
  }

  private route(pinned: string | undefined): ExportRoute {
    return exportRouteOf({
      downloadsWork: downloadsWork(this.platform),
      hostExports: this.hostExports,
      canOpenInBrowser: canOpenInBrowser(),
      baseUrl: queryProfileOf(this.context.current(), pinned)?.baseUrl,
      origin: location.origin,
    });
  }

  private async exportFile(kind: "csv" | "xlsx", signal: AbortSignal): Promise<void> {
    const current = this.currentQuery();
    if (!current) return;
    const host = this.route(current.query.profile) === "host" ? this.hostExports : undefined;
    await exportStats(this.context, { ...current, kind, host }, signal);
  }

  private async openAsWorksheet(signal: AbortSignal): Promise<void> {
    const { status } = this.context;
    if (!inExcel(this.context)) return;
    const current = this.currentQuery();
    if (!current) return;
    const sources = statsFileSources(this.context, current.query);
    if (!sources) {
      status.show(noTokenMessage(current.query.profile), "error");
      return;
    }
    status.busy("Preparing the Excel file…");
    // The file Export Excel saves (the query's header, the Query sheet), measured as it is sent.
    const file = await statsXlsxFile(sources, current, signal);
    checkWorksheetFile(file.bytes.length, this.platform);
    signal.throwIfAborted();
    const inserted = await insertWorkbookSheets(file.bytes);
    status.success(addedSheetsText(inserted.sheetNames));
  }
}
