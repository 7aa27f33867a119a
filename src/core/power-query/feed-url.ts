import { periodOfWord, type DateRange } from "../periods";
import { FEED_ENTITY_SET, type FeedRequest } from "./feed-request";
import { queryValue } from "./odata-text";

/** A piece of the feed's URL: text already encoded, or where the first or last day goes. */
export type UrlPiece = string | { day: "from" | "to" };

/** `https://addin.example/odata/`: the feed of the server that served the pane. */
export function feedRoot(origin: string): string {
  return `${origin.replace(/\/+$/, "")}/odata/`;
}

/**
 * The URL of `request` on the feed at `root`, in pieces: the days are left as slots, so that the
 * M query can fill them with date arithmetic and a fixed file with the days themselves.
 */
export function feedUrlPieces(root: string, request: FeedRequest): UrlPiece[] {
  const select = [...request.groups, ...request.metrics].join(",");
  const rest = request.clauses.map((clause) => ` and ${clause}`).join("");
  const pieces: UrlPiece[] = [
    `${root}${FEED_ENTITY_SET}?$select=${queryValue(select)}&$filter=${queryValue("date ge ")}`,
    { day: "from" },
    queryValue(" and date le "),
    { day: "to" },
    queryValue(rest),
  ];
  if (request.orderby.length > 0) pieces.push(`&$orderby=${queryValue(request.orderby.join(","))}`);
  if (request.top !== undefined) pieces.push(`&$top=${request.top}`);
  if (request.skip !== undefined) pieces.push(`&$skip=${request.skip}`);
  return pieces;
}

/** The days a request covers on `today`: a period word's days as of today, fixed days as they are. */
export function daysOf(request: FeedRequest, today: string): DateRange {
  return "word" in request.period ? periodOfWord(request.period.word, today) : request.period;
}

/** The URL with its days written in (`Edm.Date` literals are unquoted `YYYY-MM-DD`). */
export function fixedFeedUrl(pieces: readonly UrlPiece[], days: DateRange): string {
  return pieces.map((piece) => (typeof piece === "string" ? piece : days[piece.day])).join("");
}
