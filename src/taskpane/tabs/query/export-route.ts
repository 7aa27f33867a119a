import { profileUsesHost, type HostExportOffer } from "../../exports/host-exports";

/** Where an export goes from here: a download, the browser by way of the host (Excel for Mac), or nowhere. */
export type ExportRoute = "download" | "host" | "none";

export interface ExportRouteFacts {
  /** False on Excel for Mac, whose web view ignores downloads (downloads.ts). */
  downloadsWork: boolean;
  /** What the add-in's own server offers for exports; undefined from any other server. */
  hostExports: HostExportOffer | undefined;
  canOpenInBrowser: boolean;
  /** The service address of the profile the query runs with. */
  baseUrl: string | undefined;
  origin: string;
}

/**
 * A download where downloads work; otherwise the host's export route, but only when the query's
 * profile reaches the service through this very server: the token may go nowhere else.
 */
export function exportRouteOf(facts: ExportRouteFacts): ExportRoute {
  if (facts.downloadsWork) return "download";
  const viaHost =
    facts.hostExports !== undefined &&
    facts.canOpenInBrowser &&
    profileUsesHost(facts.baseUrl, facts.hostExports, facts.origin);
  return viaHost ? "host" : "none";
}
