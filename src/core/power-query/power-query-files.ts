import type { HeaderStyle } from "../arguments/options";
import { exportFileName } from "../exports/file-name";
import type { StatsQueryModel } from "../formula-text";
import type { DateRange } from "../periods";
import { feedRequestOf, PowerQueryRefusal } from "./feed-request";
import { daysOf, feedRoot, feedUrlPieces, fixedFeedUrl } from "./feed-url";
import { outputColumnNames, statsMQuery } from "./m-query";
import { pbidsText } from "./pbids";

/** What "Open in Power Query" hands out for one query of the pane. */
export interface PowerQueryFiles {
  /** The M expression of the workbook's query. */
  mQuery: string;
  /** The `.pbids` file's text, for the days the query covers today. */
  pbids: string;
  /** The names of the query table's columns, in order. */
  columns: string[];
  /** The feed's URL for those days (what the .pbids opens). */
  fixedUrl: string;
  /** The days covered today. */
  days: DateRange;
  /** `stats_2026-10-01_2026-10-31_by-date_power-query` + `.xlsx` or `.pbids`. */
  fileStem: string;
}

export const POWER_QUERY_NAME = "Reporting stats";

/**
 * OData.Feed refuses a URL longer than its MaxUriLength, 2,048 characters unless told otherwise
 * (Microsoft's OData.Feed reference); Power Query adds the Web API key to it, so room is left.
 */
export const MAX_FEED_URL_LENGTH = 1_800;

/**
 * The query text and the Power BI file of `model`, reading the feed of the server at `origin`;
 * throws a PowerQueryRefusal (feed-request.ts) for a query the feed cannot answer.
 */
export function powerQueryFiles(
  model: StatsQueryModel,
  options: { origin: string; today: string; headers?: HeaderStyle },
): PowerQueryFiles {
  const request = feedRequestOf(model);
  const pieces = feedUrlPieces(feedRoot(options.origin), request);
  const days = daysOf(request, options.today);
  const fixedUrl = fixedFeedUrl(pieces, days);
  if (fixedUrl.length > MAX_FEED_URL_LENGTH) {
    throw new PowerQueryRefusal(
      `The filters make a web address of ${fixedUrl.length.toLocaleString("en-US")} characters, longer than the ${MAX_FEED_URL_LENGTH.toLocaleString("en-US")} Power Query takes: pick fewer filter values, then try again.`,
    );
  }
  const stem = exportFileName({
    prefix: "stats",
    period: days,
    groups: model.groups,
    filters: model.filters,
    extension: "xlsx",
  }).replace(/\.xlsx$/, "");
  return {
    mQuery: statsMQuery(pieces, request, options.headers),
    columns: outputColumnNames(request, options.headers),
    pbids: pbidsText(fixedUrl),
    fixedUrl,
    days,
    fileStem: `${stem}_power-query`,
  };
}
