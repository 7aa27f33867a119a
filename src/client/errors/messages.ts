import type { PlainIssue } from "../issues";
import { commandWording } from "../command-text";
import { IN_PROFILE, supportReference, withoutInternalTerms } from "../pane-text";
import type { ErrorKind } from "./contract";
import {
  clip,
  formatDuration,
  formatMegabytes,
  formatSeconds,
  lowerFirst,
  MAX_SERVICE_MESSAGE_CHARS,
  sentence,
} from "./formatting";

/**
 * Every message the client's errors show, in one table (as fastify keeps its errors in one
 * list): for each message, the error's code and kind, whether trying again may help, and its
 * wordings. `cell` is what a cell shows (the error's `message`): a cell has no context, so it
 * names routes and statuses. `pane` is what the task pane shows, in the profile's terms. The
 * command line's wording is the pane's with its places renamed (command-text.ts). The classes
 * (api-errors.ts, transport-errors.ts, answer-errors.ts) pick an entry and add what is not
 * wording: an ApiError's cell message adds the service's reason and its pane message a
 * reference for support. test/unit/client/error-messages.test.ts checks that every entry
 * says what to do next and that no entry leaks a secret.
 */

/** The facts a message may quote; each entry reads the ones it needs. */
export interface MessageFacts {
  /** The route asked, e.g. `/stats` (never the URL, which may hold credentials). */
  route: string;
  status?: number | undefined;
  /** The service's own words, unclipped: a cell quotes them, the pane without internal terms. */
  serviceMessage?: string | undefined;
  retryAfterSeconds?: number | undefined;
  limitBytes?: number | undefined;
  timeoutMs?: number | undefined;
  /** Where a redirect leads: an origin, or the scheme of what is no web address. */
  target?: string | undefined;
  scheme?: string | undefined;
  hops?: number | undefined;
  issues?: readonly PlainIssue[] | undefined;
  /** How many problems there were, when `issues` lists only the first ones. */
  issueCount?: number | undefined;
}

export interface MessageEntry {
  code: string;
  kind: ErrorKind;
  /** True when trying the same request again later may succeed. */
  retryable: boolean;
  cell(facts: MessageFacts): string;
  pane(facts: MessageFacts): string;
}

const CONNECT_HINT = "the Reporting task pane (Connect)";
const CHECK_ADDRESS = `Check the service address in ${CONNECT_HINT}.`;
const PANE_CHECK_ADDRESS = `Check the service address ${IN_PROFILE}`;
const PROXY_HINT = `Enter the add-in's proxy address for the service in ${CONNECT_HINT}, or ask your IT team to set one up.`;
const PANE_PROXY_HINT = `Enter the add-in server's address for the service ${IN_PROFILE} (your IT team knows it), or ask them to set one up.`;

/** `: <the service's words>` for a cell sentence; `otherwise` without words. */
function cellSaid(serviceMessage: string | undefined, otherwise: string): string {
  return serviceMessage ? `: ${sentence(clip(serviceMessage, MAX_SERVICE_MESSAGE_CHARS))}` : otherwise;
}

/** `: <the service's words>` for a pane sentence, without internal terms; empty without words. */
function paneSaid(serviceMessage: string | undefined): string {
  const words =
    serviceMessage === undefined ? "" : sentence(withoutInternalTerms(clip(serviceMessage, MAX_SERVICE_MESSAGE_CHARS)));
  return words === "" ? "" : `: ${words}`;
}

/** The wait the service asked for, or a minute when it did not say. */
function waitOf(facts: MessageFacts): string {
  return facts.retryAfterSeconds === undefined ? "a minute" : formatSeconds(facts.retryAfterSeconds);
}

/** A wording that quotes no fact. */
const fixed = (text: string) => () => text;

/**
 * The add-in's own server (src/host) answers 502, 503 and 504 in the service's error shape when
 * it cannot reach the service for the pane, or refuses a Mac export (src/host/exports); its codes
 * say why, so the pane can say who to ask. Keyed `server_error:<the server's code>`.
 */
const serverError = (pane: (facts: MessageFacts) => string): MessageEntry => ({
  code: "server_error",
  kind: "unavailable",
  retryable: true,
  cell: (facts) => `The reporting service is unavailable right now (HTTP ${facts.status}). Try again in a few minutes.`,
  pane,
});

const unexpectedStatus = (kind: ErrorKind): MessageEntry => ({
  code: "http_error",
  kind,
  retryable: false,
  cell: (facts) =>
    `The service answered ${facts.route} with an unexpected error (HTTP ${facts.status}). Try again; if it keeps happening, contact support.`,
  pane: fixed("The service answered with an unexpected error. Try again; if it keeps happening, contact support."),
});

/** A request that got no answer; the pane's words carry their own reference for support. Keyed by ConnectionCause. */
const connectionFailed = (cell: string, pane: string): MessageEntry => ({
  code: "connection_failed",
  kind: "unavailable",
  retryable: true,
  cell: fixed(cell),
  pane: fixed(pane),
});

/** An answer that could not be read at all; keyed by UnreadableAnswer. */
const unreadable = (cell: (route: string) => string, pane: (answer: string) => string): MessageEntry => ({
  code: "unexpected_response",
  kind: "bad_answer",
  retryable: false,
  cell: (facts) => cell(facts.route),
  pane: (facts) => pane(`answer to ${facts.route}`),
});

function redirectTarget(facts: MessageFacts): string {
  if (facts.scheme !== undefined) return `a ${facts.scheme.slice(0, 20)} address, which is not a web address`;
  return facts.target === undefined ? "another address" : `another site (${facts.target})`;
}

/** The first problem of an answer of the wrong form, where it is and what it is, and how many more. */
function firstIssue(facts: MessageFacts): { where: string; what: string; more: string } {
  const issues = facts.issues ?? [];
  const [first] = issues;
  const others = Math.max(facts.issueCount ?? 0, issues.length) - 1;
  return {
    where: first && first.path !== "" ? ` at ${first.path}` : "",
    what: first ? ` (${first.message})` : "",
    more: others > 0 ? `, and ${others} more problem${others === 1 ? "" : "s"}` : "",
  };
}

function problemsOf(facts: MessageFacts): { problems: string; these: string } {
  const issues = facts.issues ?? [];
  return {
    problems: issues.map((issue) => sentence(issue.message)).join("; "),
    these: issues.length === 1 ? "this" : "these",
  };
}

export const MESSAGES = {
  // The service refused a request (ApiError and its classes, by status).
  bad_request: {
    code: "bad_request",
    kind: "input",
    retryable: false,
    cell: (facts) =>
      `The service rejected the request${cellSaid(facts.serviceMessage, ` (HTTP ${facts.status})`)}. Check the dates, filters and groups, then try again.`,
    pane: (facts) =>
      `The service did not accept the query${paneSaid(facts.serviceMessage)}. Check the dates, filters and groups, then try again.`,
  },
  "authentication_failed:token": {
    code: "authentication_failed",
    kind: "sign_in",
    retryable: false,
    cell: fixed(`The service refused the access token. Check the token in ${CONNECT_HINT} and sign in again.`),
    pane: fixed(
      `The service did not accept the access token. Copy it again from where you got it and paste it ${IN_PROFILE}.`,
    ),
  },
  "authentication_failed:apiKey": {
    code: "authentication_failed",
    kind: "sign_in",
    retryable: false,
    cell: fixed(`The service refused the API key and secret. Check them in ${CONNECT_HINT} and connect again.`),
    pane: fixed(
      `The service did not accept the API key and secret. Copy them again from where you got them and paste them ${IN_PROFILE}.`,
    ),
  },
  permission_denied: {
    code: "permission_denied",
    kind: "access",
    retryable: false,
    cell: fixed(
      "This account is not allowed to see the requested data. Check the organizations, assets and ad units in the filters, or ask your administrator for access.",
    ),
    pane: fixed(
      "This account may not see the data asked for. Remove from the filters what it cannot see (organizations, assets, ad units), or ask your administrator for access.",
    ),
  },
  not_found: {
    code: "not_found",
    kind: "not_found",
    retryable: false,
    cell: (facts) =>
      `The service found nothing${cellSaid(facts.serviceMessage, ` at ${facts.route} (HTTP 404)`)}. Check the service address in ${CONNECT_HINT} and the values in the filters.`,
    // The service's own words name the route: they stay in the cell's message and the body.
    pane: fixed(
      `Nothing was found at this service address: it is probably wrong or incomplete. Copy it again from where you got it and paste it ${IN_PROFILE}.`,
    ),
  },
  rate_limited: {
    code: "rate_limited",
    kind: "rate_limited",
    retryable: true,
    cell: (facts) => `The service is receiving too many requests. Wait ${waitOf(facts)} and refresh.`,
    pane: (facts) => `The service is receiving too many requests. Wait ${waitOf(facts)}, then try again.`,
  },
  server_error: serverError(fixed("The reporting service has a problem right now. Try again in a few minutes.")),
  "server_error:upstream_refused": serverError(
    fixed(
      "The add-in's server reached the reporting service's computer, but the service refused the connection: it may be down. Try again later; if it keeps happening, tell your IT team.",
    ),
  ),
  "server_error:upstream_unknown_host": serverError(
    fixed(
      "The add-in's server could not find the reporting service: the address it was set up with names no known computer. Tell your IT team.",
    ),
  ),
  "server_error:upstream_timeout": serverError(
    fixed(
      "The reporting service did not answer the add-in's server in time. Try again, or ask for less data (a shorter period or fewer groups).",
    ),
  ),
  "server_error:upstream_unreachable": serverError(
    fixed(
      "The add-in's server could not reach the reporting service. Try again later; if it keeps happening, tell your IT team.",
    ),
  ),
  "server_error:proxy_not_configured": serverError(
    fixed(
      "The add-in's server has no reporting service set up behind this address. Tell your IT team, who sets it up on the server.",
    ),
  ),
  "server_error:exports_busy": serverError(
    (facts) =>
      `The add-in's server is busy with other exports. Try again in ${waitOf(facts)}, or export less data (a shorter period or fewer groups).`,
  ),
  "server_error:upstream_busy": serverError(
    (facts) =>
      `The add-in's server is busy with many other requests to the reporting service. Try again in ${waitOf(facts)}.`,
  ),
  "server_error:too_many_exports": serverError(
    (facts) =>
      `You have as many exports waiting for their download as the add-in's server keeps for one person. Download them, or export again in ${waitOf(facts)}, when they expire.`,
  ),
  "server_error:export_too_large": serverError(
    fixed(
      "This export is larger than the add-in's server can prepare. Export less data: a shorter period or fewer groups.",
    ),
  ),
  // A status without a class of its own. Another 4xx refuses this very request, so trying again
  // cannot help (unlike 408): the user learns what to change, or that the add-in is at fault.
  request_timeout: {
    code: "request_timeout",
    kind: "timeout",
    retryable: true,
    cell: fixed(
      `The service gave up waiting for the request (HTTP 408). Try again in a moment; if it keeps happening, try a shorter period.`,
    ),
    pane: fixed(
      "The service gave up waiting for the request. Try again in a moment; if it keeps happening, choose a shorter period.",
    ),
  },
  "http_error:too_large": {
    code: "http_error",
    kind: "too_large",
    retryable: false,
    cell: (facts) =>
      `The request to ${facts.route} is too large for the service (HTTP 413). Use fewer values in the filters, or split the request into several, then refresh.`,
    pane: fixed(
      "The request is too large for the service. Use fewer values in the filters, or split it into several requests.",
    ),
  },
  "http_error:refused": {
    code: "http_error",
    kind: "refused",
    retryable: false,
    cell: (facts) =>
      `The service refused the request to ${facts.route} (HTTP ${facts.status})${cellSaid(facts.serviceMessage, "")}. Trying again will not help: the add-in may need an update, so contact support.`,
    pane: (facts) =>
      `The service refused this request${paneSaid(facts.serviceMessage)}. Trying again will not help: the add-in may need an update, so contact support.`,
  },
  "http_error:server": unexpectedStatus("unavailable"),
  "http_error:other": unexpectedStatus("refused"),

  // No answer: what most likely stopped the request (ConnectionCause).
  "connection_failed:network": connectionFailed(
    `Could not reach the reporting service. Check the internet connection and the service address in ${CONNECT_HINT}, then refresh.`,
    `Could not reach the reporting service. Check the network connection and the service address ${IN_PROFILE}, then try again.`,
  ),
  "connection_failed:offline": connectionFailed(
    "This computer is offline. Connect it to the internet, then refresh.",
    "This computer is not connected to the internet. Connect it, then try again.",
  ),
  "connection_failed:refused": connectionFailed(
    `Nothing accepted the connection at the service address: its port may be wrong, or the service is not running. ${CHECK_ADDRESS}`,
    `Nothing accepted the connection at the service address: the number after the colon (the port) may be wrong, or the service is not running. ${PANE_CHECK_ADDRESS}; if it is right, try again later.${supportReference(["connection refused"])}`,
  ),
  "connection_failed:unknown_host": connectionFailed(
    `The service address names a computer that cannot be found. ${CHECK_ADDRESS}`,
    `The service address names a computer that cannot be found. ${PANE_CHECK_ADDRESS} for a typing mistake.${supportReference(["host name not found"])}`,
  ),
  "connection_failed:unreachable": connectionFailed(
    `Nothing answers at the service address: it may be wrong, or the service is down. ${CHECK_ADDRESS}`,
    `Nothing answers at the service address: it may be wrong (the computer's name or the number after the colon), or the service is down. ${PANE_CHECK_ADDRESS}; if it is right, try again later.${supportReference(["connection refused or host not found"])}`,
  ),
  "connection_failed:cross_origin": connectionFailed(
    `The browser most likely blocked the request: the reporting service does not accept calls from the add-in's page. ${PROXY_HINT}`,
    `The browser blocked the service's answers: the service does not accept calls from the add-in's page. ${PANE_PROXY_HINT}${supportReference(["no CORS headers allowing the add-in's origin"])}`,
  ),
  "connection_failed:insecure_address": connectionFailed(
    `The browser most likely blocked the request: the service address starts with http:// but the add-in runs on https://. ${PROXY_HINT}`,
    `The browser blocked the request because the service address starts with http:// (not secure) while the add-in runs on https://. Use the service's https:// address, or ${lowerFirst(PANE_PROXY_HINT)}${supportReference(["mixed content"])}`,
  ),
  "connection_failed:interrupted": connectionFailed(
    "The connection to the reporting service broke while the answer was arriving. Refresh to try again; if it keeps happening, check the internet connection.",
    "The connection broke while the service's answer was arriving. Try again; if it keeps happening, check the network connection.",
  ),

  // A redirect the add-in will not follow: it would carry the credentials elsewhere.
  redirected_elsewhere: {
    code: "redirected_elsewhere",
    kind: "unavailable",
    retryable: false,
    cell: (facts) =>
      `The service address sends the add-in on to ${redirectTarget(facts)}. To keep your credentials safe, the add-in does not follow it. ${CHECK_ADDRESS}`,
    pane: (facts) =>
      `The service address sends the add-in on to ${redirectTarget(facts)}. To keep your credentials safe, the add-in does not follow. ${PANE_CHECK_ADDRESS}.` +
      supportReference([`redirect on ${facts.route}`]),
  },
  redirect_loop: {
    code: "redirect_loop",
    kind: "unavailable",
    retryable: false,
    cell: (facts) =>
      `The service address keeps redirecting (more than ${facts.hops ?? 0} times in a row). ${CHECK_ADDRESS}`,
    pane: (facts) =>
      `The service address keeps sending the add-in on from one address to the next. ${PANE_CHECK_ADDRESS}.` +
      supportReference([`redirect on ${facts.route}`]),
  },

  // An answer larger than the add-in reads at once, cut off rather than read whole.
  "answer_too_large:answer": {
    code: "answer_too_large",
    kind: "too_large",
    retryable: false,
    cell: (facts) =>
      `The service's answer to ${facts.route} is larger than ${formatMegabytes(facts.limitBytes ?? 0)}, more than the add-in reads at once. Choose a shorter period, fewer groups or more filters, then refresh.`,
    pane: (facts) =>
      `The answer is larger than ${formatMegabytes(facts.limitBytes ?? 0)}, more than the add-in reads at once. Choose a shorter period, fewer groups or more filters, then try again.`,
  },
  "answer_too_large:file": {
    code: "answer_too_large",
    kind: "too_large",
    retryable: false,
    cell: (facts) =>
      `The file from ${facts.route} is larger than ${formatMegabytes(facts.limitBytes ?? 0)}, more than the add-in takes at once. Choose a shorter period or fewer groups, then try again.`,
    pane: (facts) =>
      `The file is larger than ${formatMegabytes(facts.limitBytes ?? 0)}, more than the add-in takes at once. Choose a shorter period or fewer groups, then try again.`,
  },
  timeout: {
    code: "timeout",
    kind: "timeout",
    retryable: true,
    cell: (facts) =>
      `The service did not answer within ${formatDuration(facts.timeoutMs ?? 0)}. Try a shorter period or fewer groups, then refresh.`,
    pane: (facts) =>
      `The service did not answer within ${formatDuration(facts.timeoutMs ?? 0)}. Try again; for a query, choose a shorter period or fewer groups.`,
  },
  // The user (or the add-in on their behalf) cancelled: there is nothing to do next.
  aborted: {
    code: "aborted",
    kind: "cancelled",
    retryable: false,
    cell: fixed("The request was cancelled before the service answered."),
    pane: fixed("Cancelled before the service answered."),
  },

  // An answer the add-in cannot use. The pane's words say what to do first, the route and field for support last.
  "unexpected_response:not_json": unreadable(
    (route) =>
      `The service answered ${route} with something that is not JSON (for example a sign-in page of a proxy). Check the service address in ${CONNECT_HINT}.`,
    (answer) =>
      `The service address leads to something other than the reporting service (a web page, say). ${PANE_CHECK_ADDRESS}.${supportReference([`${answer} is not JSON`])}`,
  ),
  "unexpected_response:empty": unreadable(
    (route) =>
      `The service sent an empty answer to ${route}. Refresh to try again; if it keeps happening, check the service address in ${CONNECT_HINT}.`,
    (answer) =>
      `The service sent an empty answer. Try again; if it keeps happening, ${lowerFirst(PANE_CHECK_ADDRESS)}.${supportReference([`empty ${answer}`])}`,
  ),
  "unexpected_response:cut_off": unreadable(
    (route) =>
      `The service's answer to ${route} was cut off before its end. Refresh to try again; if it keeps happening, check the connection and the service address in ${CONNECT_HINT}.`,
    (answer) =>
      `The service's answer was cut off before its end. Try again; if it keeps happening, check the network connection.${supportReference([`${answer} cut off`])}`,
  ),
  "unexpected_response:malformed": unreadable(
    (route) =>
      `The service answered ${route} with broken JSON. Refresh to try again; if it keeps happening, contact support.`,
    (answer) =>
      `The service's answer was broken. Try again; if it keeps happening, contact support.${supportReference([`malformed JSON in the ${answer}`])}`,
  ),
  "unexpected_response:damaged": unreadable(
    (route) =>
      `The service's answer to ${route} arrived damaged (it could not be unpacked). Refresh to try again; if it keeps happening, check the service address in ${CONNECT_HINT}.`,
    (answer) =>
      `The service's answer arrived damaged. Try again; if it keeps happening, ${lowerFirst(PANE_CHECK_ADDRESS)}.${supportReference([`${answer} could not be unpacked`])}`,
  ),
  "unexpected_response:too_deep": unreadable(
    (route) =>
      `The service's answer to ${route} could not be read: it is nested far deeper than the reporting service's answers are. Check the service address in ${CONNECT_HINT}; if it is right, contact support.`,
    (answer) =>
      `The service's answer could not be read: it is nested far deeper than the reporting service's answers are. ${PANE_CHECK_ADDRESS}; if it is right, contact support.${supportReference([`${answer} nested too deep`])}`,
  ),
  "unexpected_response:too_many_headers": unreadable(
    (route) =>
      `The service's answer to ${route} could not be read: it came with more headers than the add-in accepts, which usually comes from a proxy or gateway on the way. Try again; if it keeps happening, check the service address in ${CONNECT_HINT} or ask your IT team to check the proxy.`,
    (answer) =>
      `The service's answer could not be read: it came with more headers than the add-in accepts, which usually comes from a proxy or gateway on the way. Try again; if it keeps happening, ${lowerFirst(PANE_CHECK_ADDRESS)} or ask your IT team to check the proxy.${supportReference([`${answer}: response headers over the client's limit`])}`,
  ),
  "unexpected_response:not_http": unreadable(
    (route) =>
      `The service address answered ${route} with something that is not a web (HTTP) answer. Check the service address and its port in ${CONNECT_HINT}; if they are right, ask your IT team to check the proxy.`,
    (answer) =>
      `The service address answered with something that is not a web answer (another kind of server, or a broken proxy). ${PANE_CHECK_ADDRESS}, its port included; if it is right, ask your IT team to check the proxy.${supportReference([`${answer} is not HTTP`])}`,
  ),
  unexpected_response: {
    code: "unexpected_response",
    kind: "bad_answer",
    retryable: false,
    cell: (facts) => {
      const { where, what, more } = firstIssue(facts);
      return `The service answered ${facts.route} with an unexpected value${where}${what}${more}. The add-in may need an update; contact support if this keeps happening.`;
    },
    pane: (facts) => {
      const { where, what } = firstIssue(facts);
      return `The service's answer had an unexpected form. The add-in may need an update; contact support if this keeps happening.${supportReference([`answer to ${facts.route}${where}${what}`])}`;
    },
  },

  // A request checked before sending: each issue is a complete sentence.
  invalid_request: {
    code: "invalid_request",
    kind: "input",
    retryable: false,
    cell: (facts) => {
      const { problems, these } = problemsOf(facts);
      return `The request was not sent: ${problems}. Correct ${these} and try again.`;
    },
    pane: (facts) => {
      const { problems, these } = problemsOf(facts);
      return `The request was not sent: ${withoutInternalTerms(problems)}. Correct ${these} and try again.`;
    },
  },
} satisfies Record<string, MessageEntry>;

export type MessageId = keyof typeof MESSAGES;

/** True for an id of the table: looks up a code that came from outside (a server's) without the prototype's names. */
export function isMessageId(id: string): id is MessageId {
  return Object.prototype.hasOwnProperty.call(MESSAGES, id);
}

/** An entry's three wordings for the facts: what a cell, the pane and a command line show (before an error class adds to them). */
export function wordingsOf(id: MessageId, facts: MessageFacts): { cell: string; pane: string; command: string } {
  const entry: MessageEntry = MESSAGES[id];
  const pane = entry.pane(facts);
  return { cell: entry.cell(facts), pane, command: commandWording(pane) };
}

/** What a ReportingError takes from an entry: its code, kind and whether to retry, and its wordings for the facts. */
export function errorInitOf(
  id: MessageId,
  facts: MessageFacts,
): { code: string; kind: ErrorKind; retryable: boolean; userMessage: string; paneMessage: string } {
  const entry: MessageEntry = MESSAGES[id];
  return {
    code: entry.code,
    kind: entry.kind,
    retryable: entry.retryable,
    userMessage: entry.cell(facts),
    paneMessage: entry.pane(facts),
  };
}
