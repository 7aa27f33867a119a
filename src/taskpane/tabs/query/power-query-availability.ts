/**
 * Whether "Open in Power Query" can work here, and if not, why in plain words. The workbook
 * reads the OData feed of the server that served this pane (its address is the page's own), so
 * it needs the add-in served by its own server (src/host), and a place to save the file.
 */

/** What the pane found at `<origin>/odata/`: a feed, none, or not known yet. */
export type FeedPresence = "feed" | "none" | "checking";

/** Ready: saved by the pane itself, or (Excel for Mac) made by the add-in's server and opened in the browser. */
export type PowerQueryAvailability = { ready: true; route: "download" | "host" } | { ready: false; reason: string };

export const POWER_QUERY_READY_NOTE =
  "Open in Power Query saves an Excel file whose table refreshes from this add-in's server with Data > Refresh All, without the add-in. The Power BI file opens the same numbers in Power BI Desktop.";

export function powerQueryAvailability(facts: {
  feed: FeedPresence;
  downloadsWork: boolean;
  hostMakesFiles: boolean;
}): PowerQueryAvailability {
  if (facts.feed === "checking")
    return { ready: false, reason: "Checking whether this add-in's server offers its numbers to Power Query…" };
  if (facts.feed === "none") {
    return {
      ready: false,
      reason:
        "Open in Power Query needs the add-in to come from its own server, which offers the numbers to Power Query. This copy comes from a server that does not: ask whoever installed the add-in.",
    };
  }
  if (!facts.downloadsWork) {
    if (facts.hostMakesFiles) return { ready: true, route: "host" };
    return {
      ready: false,
      reason:
        "Excel for Mac does not let add-ins save files, and this add-in's server cannot open them in your browser. Open this pane in Excel on the web or on Windows to get the Power Query file.",
    };
  }
  return { ready: true, route: "download" };
}

/**
 * True for an answer of an OData v4 service: the feed answers its service document (or, asked
 * without a credential, 401) with an `OData-Version: 4.0` header. A static host or the dev
 * server answers 404 or its page.
 */
export function isODataAnswer(status: number, odataVersion: string | null): boolean {
  return (status === 200 || status === 401) && odataVersion !== null && /^4\./.test(odataVersion.trim());
}
