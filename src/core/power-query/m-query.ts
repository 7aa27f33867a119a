import { GROUPS, type GroupName, type MetricName } from "../../api";
import { withCurrency } from "../currency";
import { PERIOD_LABELS } from "../periods";
import { READABLE_GROUP_HEADERS, READABLE_METRIC_HEADERS } from "../rows/headers";
import type { HeaderStyle } from "../arguments/options";
import type { FeedRequest } from "./feed-request";
import { fixedFeedUrl, type UrlPiece } from "./feed-url";
import { mText, mTextList } from "./m-text";
import { mIsoDate, PERIOD_EXPRESSIONS, TODAY_STEP } from "./period-m";

/**
 * The query parameter Power Query puts the user's key in when they choose "Web API" as the
 * credential (OData.Feed's ApiKeyName); the feed reads it there. The key itself is never in the
 * file: Power Query keeps it in the user's own credential store.
 */
export const FEED_API_KEY_NAME = "access_token";

const FEED_OPTIONS = `[Implementation = "2.0", ApiKeyName = ${mText(FEED_API_KEY_NAME)}]`;

/** The M type of each column: days as dates, counts as whole numbers, money as fixed decimals. */
function columnType(name: GroupName | MetricName): string {
  if (name === "date") return "type date";
  if ((GROUPS as readonly string[]).includes(name)) return "type text";
  return name === "impressions" || name === "requests" ? "Int64.Type" : "Currency.Type";
}

function readableName(name: GroupName | MetricName): string {
  if ((GROUPS as readonly string[]).includes(name)) return READABLE_GROUP_HEADERS[name as GroupName];
  const metric = name as MetricName;
  return metric === "revenues" || metric === "ecpm"
    ? withCurrency(READABLE_METRIC_HEADERS[metric])
    : READABLE_METRIC_HEADERS[metric];
}

/** The columns of the query's table, as the query names them. */
export function outputColumnNames(request: FeedRequest, headers: HeaderStyle = "readable"): string[] {
  const columns = [...request.groups, ...request.metrics];
  return headers === "readable" ? columns.map(readableName) : columns;
}

/** The feed's URL as an M expression: one literal, or literals joined to the days' arithmetic. */
function urlExpression(pieces: readonly UrlPiece[], request: FeedRequest): string {
  if (!("word" in request.period)) return mText(fixedFeedUrl(pieces, request.period));
  return pieces
    .map((piece) => (typeof piece === "string" ? mText(piece) : mIsoDate(piece.day === "from" ? "From" : "To")))
    .join(" & ");
}

/**
 * The Power Query (M) expression of a query: OData.Feed on the feed's URL, the columns in the
 * pane's order, typed, and named as the query's header style asks (a table needs a header row,
 * so "none" keeps the service's names).
 */
export function statsMQuery(
  pieces: readonly UrlPiece[],
  request: FeedRequest,
  headers: HeaderStyle = "readable",
): string {
  const columns = [...request.groups, ...request.metrics];
  const steps: string[] = [];
  if ("word" in request.period) {
    const days = PERIOD_EXPRESSIONS[request.period.word];
    steps.push(
      `// ${PERIOD_LABELS[request.period.word]}: worked out again at every refresh, from the date of the computer that refreshes.`,
      `${TODAY_STEP},`,
      `From = ${days.from},`,
      `To = ${days.to},`,
    );
  }
  steps.push(
    `Source = OData.Feed(${urlExpression(pieces, request)}, null, ${FEED_OPTIONS}),`,
    `Columns = Table.SelectColumns(Source, ${mTextList(columns)}),`,
    `Typed = Table.TransformColumnTypes(Columns, {${columns.map((name) => `{${mText(name)}, ${columnType(name)}}`).join(", ")}})`,
  );
  let last = "Typed";
  if (headers === "readable") {
    steps[steps.length - 1] += ",";
    steps.push(
      `Named = Table.RenameColumns(Typed, {${columns.map((name) => `{${mText(name)}, ${mText(readableName(name))}}`).join(", ")}})`,
    );
    last = "Named";
  }
  return ["let", ...steps.map((step) => `    ${step}`), "in", `    ${last}`].join("\n");
}
