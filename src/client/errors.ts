import { errorBody } from "../api/stats-response";
import type { PlainIssue } from "./issues";
import { commandWording } from "./command-text";
import { answeredReference, IN_PROFILE, requestReference, supportReference, withoutInternalTerms } from "./pane-text";
import { patternRedactor, type Redactor } from "./redact";

/**
 * One contract for every error a user sees, whatever the surface: what kind of failure it is,
 * the message a cell shows, the message the task pane shows, and the underlying `cause`. The
 * surfaces map on `kind` alone (src/core/cell-errors.ts for cells, src/taskpane/status.ts for
 * the pane), never on class names or message text. All text that reaches an error (the
 * service's words, bodies, underlying failures) passes through a redactor before `super()`
 * runs, so that not even the stack can hold a credential.
 */

/** Which credentials a request carried, so that a refusal names the right thing to check. */
export type CredentialKind = "token" | "apiKey";

/**
 * What went wrong, as the surfaces need to know it. Only `input` is the user's own doing
 * (a cell shows #VALUE!); every other kind is about the connection, the service or Excel (#N/A).
 */
export type ErrorKind =
  /** An argument, a profile field or a request the service refused as malformed: fix the input. */
  | "input"
  /** No credentials, or credentials the service refused: sign in again. */
  | "sign_in"
  /** The credentials work but may not see this data. */
  | "access"
  | "not_found"
  | "rate_limited"
  /** The service failed or could not be reached. */
  | "unavailable"
  /** No answer in time: the transport's timeout, 408, or the last-resort deadline of a cell. */
  | "timeout"
  | "cancelled"
  /** An answer the add-in cannot use (wrong shape, rows missing between pages). */
  | "bad_answer"
  /** More than one request or file can carry: narrow the query. */
  | "too_large"
  /** Any other refusal by the service. */
  | "refused"
  /** Excel refused or cannot do a write. */
  | "workbook"
  /** The add-in's own files could not be loaded from where it is served (a part fetched on first use). */
  | "host";

const CONNECT_HINT = "the Reporting task pane (Connect)";
/** Enough of a body to diagnose; an HTML error page can be megabytes. */
const MAX_BODY_CHARS = 2_000;
const MAX_SERVICE_MESSAGE_CHARS = 300;
/** Marks the contract across bundles and realms, where `instanceof` may not hold. */
const REPORTING_ERROR = Symbol.for("reporting-addin.error");

export interface ReportingErrorInit {
  code: string;
  kind: ErrorKind;
  /** What happened and what to do next, in plain words: both surfaces' message unless set below. */
  userMessage: string;
  /** The cell's message when it says more than `userMessage` (the service's reason, say). */
  cellMessage?: string | undefined;
  /** The pane's message when it says more than `userMessage` (a reference for support, say). */
  paneMessage?: string | undefined;
  /** A command line's message (the headless refresh); the pane's, with its places renamed, unless set. */
  commandMessage?: string | undefined;
  retryable: boolean;
  /** The underlying failure; redacted by the caller (see `redactedCause`). */
  cause?: unknown;
  redactor?: Redactor | undefined;
}

export class ReportingError extends Error {
  /** Stable machine-readable code, e.g. `bad_request`, `timeout`. */
  readonly code: string;
  readonly kind: ErrorKind;
  /** What happened and what to do next, in plain words; the same text as `message`. */
  readonly userMessage: string;
  /** What a cell shows (the surface clips it to Excel's length). */
  readonly cellMessage: string;
  /** What the task pane shows. */
  readonly paneMessage: string;
  /** What a command line shows an operator (npm run refresh-workbook): no tab, no add-in to reload. */
  readonly commandMessage: string;
  /** True when trying the same request again later may succeed. */
  readonly retryable: boolean;
  readonly [REPORTING_ERROR] = true;

  constructor(init: ReportingErrorInit) {
    const redactor = init.redactor ?? patternRedactor;
    const userMessage = redactor.redact(init.userMessage);
    super(userMessage);
    // Set here rather than through super's options, which older web views ignore.
    if (init.cause !== undefined) Object.defineProperty(this, "cause", { value: init.cause, enumerable: false, writable: true, configurable: true });
    // Explicit names survive minification, unlike `new.target.name`.
    this.name = "ReportingError";
    this.code = init.code;
    this.kind = init.kind;
    this.userMessage = userMessage;
    this.cellMessage = init.cellMessage === undefined ? userMessage : redactor.redact(init.cellMessage);
    this.paneMessage = init.paneMessage === undefined ? userMessage : redactor.redact(init.paneMessage);
    this.commandMessage = init.commandMessage === undefined ? commandWording(this.paneMessage) : redactor.redact(init.commandMessage);
    this.retryable = init.retryable;
  }
}

/** True for any error of the contract, from this bundle or another realm. */
export function isReportingError(error: unknown): error is ReportingError {
  return typeof error === "object" && error !== null && (error as { [REPORTING_ERROR]?: unknown })[REPORTING_ERROR] === true;
}

/**
 * True for an Error of any realm: fetch's failures come from the host's realm, which is not the
 * add-in's in a test sandbox (and `instanceof Error` is false there).
 */
export function isErrorLike(value: unknown): value is Error {
  return value instanceof Error || (typeof value === "object" && value !== null && typeof (value as Error).message === "string" && typeof (value as Error).name === "string");
}

/**
 * A copy of an underlying failure that keeps its name and (redacted) message, and its own
 * cause one level down, but not its stack or properties, which may hold a URL or a header.
 */
export function redactedCause(failure: unknown, redactor: Redactor = patternRedactor, depth = 0): Error {
  const copy = new Error(redactor.redact(isErrorLike(failure) ? failure.message : String(failure)));
  if (isErrorLike(failure)) {
    copy.name = redactor.redact(failure.name);
    const inner = (failure as { cause?: unknown }).cause;
    if (inner !== undefined && depth < 2) Object.defineProperty(copy, "cause", { value: redactedCause(inner, redactor, depth + 1), enumerable: false, writable: true, configurable: true });
  }
  // The copy's own stack points here, not at the failure's origin: keep only the redacted line.
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}

export interface ApiErrorInit {
  status: number;
  /** The route asked, e.g. `/stats` (never the full URL, which may carry credentials). */
  route: string;
  /** The answer's body as text; stored redacted and shortened. */
  body?: string | undefined;
  serviceCode?: string | undefined;
  serviceMessage?: string | undefined;
  credentials?: CredentialKind | undefined;
  /** From `Retry-After`, when the service sent one. */
  retryAfterSeconds?: number | undefined;
  /** The service's id of this request (a request id header), for support. */
  requestId?: string | undefined;
  redactor?: Redactor | undefined;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function sentence(text: string): string {
  return text.trim().replace(/[.\s]+$/, "");
}

function unclassifiedKind(init: ApiErrorInit): ApiErrorKind {
  const texts = unclassifiedMessages(init);
  if (init.status === 408) return { code: "request_timeout", kind: "timeout", ...texts, retryable: true };
  const kind: ErrorKind = init.status === 413 ? "too_large" : init.status >= 500 ? "unavailable" : "refused";
  return { code: "http_error", kind, ...texts, retryable: false };
}

/** `: <the service's words>` for a pane sentence, without internal terms; empty without words. */
function serviceSaid(serviceMessage: string | undefined): string {
  const words = serviceMessage === undefined ? "" : sentence(withoutInternalTerms(clip(serviceMessage, MAX_SERVICE_MESSAGE_CHARS)));
  return words === "" ? "" : `: ${words}`;
}

/**
 * For a status without a class of its own. Another 4xx refuses this very request, so trying
 * again cannot help (unlike 408): the user learns what to change, or that the add-in is at fault.
 */
function unclassifiedMessages(init: ApiErrorInit): { userMessage: string; paneMessage: string } {
  const { status, route } = init;
  if (status === 408) {
    return {
      userMessage: `The service gave up waiting for the request (HTTP 408). Try again in a moment; if it keeps happening, try a shorter period.`,
      paneMessage: "The service gave up waiting for the request. Try again in a moment; if it keeps happening, choose a shorter period.",
    };
  }
  if (status === 413) {
    return {
      userMessage: `The request to ${route} is too large for the service (HTTP 413). Use fewer values in the filters, or split the request into several, then refresh.`,
      paneMessage: "The request is too large for the service. Use fewer values in the filters, or split it into several requests.",
    };
  }
  if (status >= 400 && status <= 499) {
    const said = init.serviceMessage ? `: ${sentence(clip(init.serviceMessage, MAX_SERVICE_MESSAGE_CHARS))}` : "";
    return {
      userMessage: `The service refused the request to ${route} (HTTP ${status})${said}. Trying again will not help: the add-in may need an update, so contact support.`,
      paneMessage: `The service refused this request${serviceSaid(init.serviceMessage)}. Trying again will not help: the add-in may need an update, so contact support.`,
    };
  }
  return {
    userMessage: `The service answered ${route} with an unexpected error (HTTP ${status}). Try again; if it keeps happening, contact support.`,
    paneMessage: "The service answered with an unexpected error. Try again; if it keeps happening, contact support.",
  };
}

/** The cell's message: the plain one, then the service's own reason when it adds something. */
function withServiceReason(userMessage: string, serviceMessage: string | undefined): string {
  const reason = serviceMessage?.trim();
  return reason && !userMessage.includes(reason) ? `${userMessage} The service said: ${reason}` : userMessage;
}

/** What a subclass decides; `paneMessage` comes without the reference for support, which ApiError adds. */
type ApiErrorKind = Pick<ReportingErrorInit, "code" | "kind" | "userMessage" | "retryable"> & { paneMessage: string };

export class ApiError extends ReportingError {
  readonly status: number;
  readonly route: string;
  /** The service's id of this request, when it sent one: what support asks for. */
  readonly requestId: string | undefined;
  /** The service's own error code, when its body had one. */
  readonly serviceCode: string | undefined;
  /** The service's own error message (redacted), when its body had one. */
  readonly serviceMessage: string | undefined;
  /** The answer's body, redacted and shortened. */
  readonly body: string;

  constructor(init: ApiErrorInit, kind: ApiErrorKind = unclassifiedKind(init)) {
    const redactor = init.redactor ?? patternRedactor;
    const serviceMessage = init.serviceMessage === undefined ? undefined : clip(init.serviceMessage, MAX_SERVICE_MESSAGE_CHARS);
    const requestId = init.requestId?.trim() ? clip(init.requestId.trim(), 100) : undefined;
    super({
      ...kind,
      cellMessage: withServiceReason(kind.userMessage, serviceMessage),
      paneMessage:
        kind.paneMessage +
        supportReference([answeredReference(init.status, init.route), init.serviceCode && `code ${init.serviceCode}`, requestReference(requestId)]),
      redactor,
    });
    this.name = "ApiError";
    this.status = init.status;
    this.route = init.route;
    this.requestId = requestId === undefined ? undefined : redactor.redact(requestId);
    this.serviceCode = init.serviceCode === undefined ? undefined : redactor.redact(init.serviceCode);
    this.serviceMessage =
      init.serviceMessage === undefined ? undefined : clip(redactor.redact(init.serviceMessage), MAX_SERVICE_MESSAGE_CHARS);
    this.body = clip(redactor.redact(init.body ?? ""), MAX_BODY_CHARS);
  }
}

export class BadRequestError extends ApiError {
  constructor(init: ApiErrorInit) {
    const said = init.serviceMessage ? `: ${sentence(clip(init.serviceMessage, MAX_SERVICE_MESSAGE_CHARS))}` : ` (HTTP ${init.status})`;
    super(init, {
      code: "bad_request",
      kind: "input",
      userMessage: `The service rejected the request${said}. Check the dates, filters and groups, then try again.`,
      paneMessage: `The service did not accept the query${serviceSaid(init.serviceMessage)}. Check the dates, filters and groups, then try again.`,
      retryable: false,
    });
    this.name = "BadRequestError";
  }
}

export class AuthenticationError extends ApiError {
  constructor(init: ApiErrorInit) {
    super(init, {
      code: "authentication_failed",
      kind: "sign_in",
      userMessage:
        init.credentials === "apiKey"
          ? `The service refused the API key and secret. Check them in ${CONNECT_HINT} and connect again.`
          : `The service refused the access token. Check the token in ${CONNECT_HINT} and sign in again.`,
      paneMessage:
        init.credentials === "apiKey"
          ? `The service did not accept the API key and secret. Copy them again from where you got them and paste them ${IN_PROFILE}.`
          : `The service did not accept the access token. Copy it again from where you got it and paste it ${IN_PROFILE}.`,
      retryable: false,
    });
    this.name = "AuthenticationError";
  }
}

export class PermissionDeniedError extends ApiError {
  constructor(init: ApiErrorInit) {
    super(init, {
      code: "permission_denied",
      kind: "access",
      userMessage:
        "This account is not allowed to see the requested data. Check the organizations, assets and ad units in the filters, or ask your administrator for access.",
      paneMessage:
        "This account may not see the data asked for. Remove from the filters what it cannot see (organizations, assets, ad units), or ask your administrator for access.",
      retryable: false,
    });
    this.name = "PermissionDeniedError";
  }
}

export class NotFoundError extends ApiError {
  constructor(init: ApiErrorInit) {
    const said = init.serviceMessage ? `: ${sentence(clip(init.serviceMessage, MAX_SERVICE_MESSAGE_CHARS))}` : ` at ${init.route} (HTTP 404)`;
    super(init, {
      code: "not_found",
      kind: "not_found",
      userMessage: `The service found nothing${said}. Check the service address in ${CONNECT_HINT} and the values in the filters.`,
      // The service's own words name the route: they stay in the cell's message and the body.
      paneMessage: `Nothing was found at this service address: it is probably wrong or incomplete. Copy it again from where you got it and paste it ${IN_PROFILE}.`,
      retryable: false,
    });
    this.name = "NotFoundError";
  }
}

/** A wait in the unit a person would say it in: "45 seconds", "5 minutes", "2 hours". */
export function formatSeconds(seconds: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 120) return plural(whole, "second");
  if (whole < 2 * 3_600) return plural(Math.ceil(whole / 60), "minute");
  // A service asking for days (or a garbled header) is not worth converting into a date.
  if (whole <= 48 * 3_600) return plural(Math.ceil(whole / 3_600), "hour");
  return "a day or more";
}

export class RateLimitError extends ApiError {
  /** How long the service asked to wait, when it said so. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: ApiErrorInit) {
    const wait = init.retryAfterSeconds === undefined ? "a minute" : formatSeconds(init.retryAfterSeconds);
    super(init, {
      code: "rate_limited",
      kind: "rate_limited",
      userMessage: `The service is receiving too many requests. Wait ${wait} and refresh.`,
      paneMessage: `The service is receiving too many requests. Wait ${wait}, then try again.`,
      retryable: true,
    });
    this.name = "RateLimitError";
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/**
 * The add-in's own server (src/host) answers 502, 503 and 504 in the service's error shape when
 * it cannot reach the service for the pane; its codes say why, so the pane can say who to ask.
 */
const HOST_FAILURES = new Map<string, string>(Object.entries({
  upstream_refused:
    "The add-in's server reached the reporting service's computer, but the service refused the connection: it may be down. Try again later; if it keeps happening, tell your IT team.",
  upstream_unknown_host:
    "The add-in's server could not find the reporting service: the address it was set up with names no known computer. Tell your IT team.",
  upstream_timeout: "The reporting service did not answer the add-in's server in time. Try again, or ask for less data (a shorter period or fewer groups).",
  upstream_unreachable: "The add-in's server could not reach the reporting service. Try again later; if it keeps happening, tell your IT team.",
  proxy_not_configured: "The add-in's server has no reporting service set up behind this address. Tell your IT team, who sets it up on the server.",
}));

/** The add-in's server refusing a Mac export (src/host/exports): what to do, and when, in its words. */
const HOST_EXPORT_REFUSALS = new Map<string, (wait: string) => string>(Object.entries({
  exports_busy: (wait: string) => `The add-in's server is busy with other exports. Try again in ${wait}, or export less data (a shorter period or fewer groups).`,
  too_many_exports: (wait: string) =>
    `You have as many exports waiting for their download as the add-in's server keeps for one person. Download them, or export again in ${wait}, when they expire.`,
  export_too_large: () => "This export is larger than the add-in's server can prepare. Export less data: a shorter period or fewer groups.",
}));

function serverPaneMessage(init: ApiErrorInit): string {
  const { serviceCode } = init;
  if (serviceCode === undefined) return "The reporting service has a problem right now. Try again in a few minutes.";
  const refusal = HOST_EXPORT_REFUSALS.get(serviceCode);
  if (refusal) return refusal(init.retryAfterSeconds === undefined ? "a minute" : formatSeconds(init.retryAfterSeconds));
  return HOST_FAILURES.get(serviceCode) ?? "The reporting service has a problem right now. Try again in a few minutes.";
}

export class ServerError extends ApiError {
  constructor(init: ApiErrorInit) {
    super(init, {
      code: "server_error",
      kind: "unavailable",
      userMessage: `The reporting service is unavailable right now (HTTP ${init.status}). Try again in a few minutes.`,
      paneMessage: serverPaneMessage(init),
      retryable: true,
    });
    this.name = "ServerError";
  }
}

/**
 * What most likely stopped a request that got no answer, as far as the add-in can tell: a
 * browser hides why it refused a request, but the addresses, the failure's code (outside a
 * browser) and a probe without credentials say a lot (see src/client/unanswered.ts).
 * - `offline`: the computer has no network at all;
 * - `insecure_address`: an http:// service called from an https:// page (mixed content);
 * - `refused`: the service's computer answered, but nothing listens at the address's port;
 * - `unknown_host`: the address names no known computer (DNS);
 * - `unreachable`: nothing answers at the address (refused or unknown: a browser does not say);
 * - `cross_origin`: the service answers, but on another origin than the add-in's page and
 *   without CORS headers (the real service is not known to send them), so the browser blocks it;
 * - `interrupted`: the answer had begun to arrive, so the address works;
 * - `network`: anything else (a page's own server not answering, no origin known).
 */
export type ConnectionCause = "network" | "offline" | "refused" | "unknown_host" | "unreachable" | "cross_origin" | "insecure_address" | "interrupted";

export interface ConnectionErrorInit {
  route: string;
  /** What the underlying failure said (redacted), for support; never shown as the message. */
  detail?: string | undefined;
  /** The underlying failure (fetch's TypeError); kept as `cause`, redacted. */
  cause?: unknown;
  likelyCause?: ConnectionCause | undefined;
  redactor?: Redactor | undefined;
}

const PROXY_HINT = `Enter the add-in's proxy address for the service in ${CONNECT_HINT}, or ask your IT team to set one up.`;
const CHECK_ADDRESS = `Check the service address in ${CONNECT_HINT}.`;
const PANE_CHECK_ADDRESS = `Check the service address ${IN_PROFILE}`;
const PANE_PROXY_HINT = `Enter the add-in server's address for the service ${IN_PROFILE} (your IT team knows it), or ask them to set one up.`;

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** `userMessage` for cells; `paneMessage` for the pane, its reference for support included. */
const CONNECTION_MESSAGES: Record<ConnectionCause, { userMessage: string; paneMessage: string }> = {
  network: {
    userMessage: `Could not reach the reporting service. Check the internet connection and the service address in ${CONNECT_HINT}, then refresh.`,
    paneMessage: `Could not reach the reporting service. Check the network connection and the service address ${IN_PROFILE}, then try again.`,
  },
  offline: {
    userMessage: "This computer is offline. Connect it to the internet, then refresh.",
    paneMessage: "This computer is not connected to the internet. Connect it, then try again.",
  },
  refused: {
    userMessage: `Nothing accepted the connection at the service address: its port may be wrong, or the service is not running. ${CHECK_ADDRESS}`,
    paneMessage: `Nothing accepted the connection at the service address: the number after the colon (the port) may be wrong, or the service is not running. ${PANE_CHECK_ADDRESS}; if it is right, try again later.${supportReference(["connection refused"])}`,
  },
  unknown_host: {
    userMessage: `The service address names a computer that cannot be found. ${CHECK_ADDRESS}`,
    paneMessage: `The service address names a computer that cannot be found. ${PANE_CHECK_ADDRESS} for a typing mistake.${supportReference(["host name not found"])}`,
  },
  unreachable: {
    userMessage: `Nothing answers at the service address: it may be wrong, or the service is down. ${CHECK_ADDRESS}`,
    paneMessage: `Nothing answers at the service address: it may be wrong (the computer's name or the number after the colon), or the service is down. ${PANE_CHECK_ADDRESS}; if it is right, try again later.${supportReference(["connection refused or host not found"])}`,
  },
  cross_origin: {
    userMessage: `The browser most likely blocked the request: the reporting service does not accept calls from the add-in's page. ${PROXY_HINT}`,
    paneMessage: `The browser blocked the service's answers: the service does not accept calls from the add-in's page. ${PANE_PROXY_HINT}${supportReference(["no CORS headers allowing the add-in's origin"])}`,
  },
  insecure_address: {
    userMessage: `The browser most likely blocked the request: the service address starts with http:// but the add-in runs on https://. ${PROXY_HINT}`,
    paneMessage: `The browser blocked the request because the service address starts with http:// (not secure) while the add-in runs on https://. Use the service's https:// address, or ${lowerFirst(PANE_PROXY_HINT)}${supportReference(["mixed content"])}`,
  },
  interrupted: {
    userMessage: "The connection to the reporting service broke while the answer was arriving. Refresh to try again; if it keeps happening, check the internet connection.",
    paneMessage: "The connection broke while the service's answer was arriving. Try again; if it keeps happening, check the network connection.",
  },
};

export class ConnectionError extends ReportingError {
  readonly route: string;
  readonly detail: string | undefined;
  readonly likelyCause: ConnectionCause;

  constructor(init: ConnectionErrorInit) {
    const redactor = init.redactor ?? patternRedactor;
    const likelyCause = init.likelyCause ?? "network";
    const { userMessage, paneMessage } = CONNECTION_MESSAGES[likelyCause];
    super({
      code: "connection_failed",
      kind: "unavailable",
      userMessage,
      paneMessage,
      retryable: true,
      cause: init.cause === undefined ? undefined : redactedCause(init.cause, redactor),
      redactor,
    });
    this.name = "ConnectionError";
    this.route = init.route;
    this.likelyCause = likelyCause;
    this.detail = init.detail === undefined ? undefined : clip(redactor.redact(init.detail), MAX_SERVICE_MESSAGE_CHARS);
  }
}

export interface RedirectErrorInit {
  route: string;
  /** `elsewhere`: to another origin, or a browser would not say where; `loop`: too many hops. */
  problem: "elsewhere" | "loop";
  /** The origin the service redirected to, when the answer said (a browser hides it). */
  target?: string | undefined;
  /** The scheme of a redirect to something that is no web address (`javascript:`, `file:`), which has no origin to name. */
  scheme?: string | undefined;
  hops?: number | undefined;
  redactor?: Redactor | undefined;
}

/**
 * The service address answered with a redirect the add-in will not follow: fetch drops
 * `Authorization` on a redirect to another origin but keeps custom headers, so the legacy key
 * and secret would go to whatever site the redirect names.
 */
export class RedirectError extends ReportingError {
  readonly route: string;
  readonly target: string | undefined;

  constructor(init: RedirectErrorInit) {
    const where =
      init.scheme !== undefined
        ? `a ${init.scheme.slice(0, 20)} address, which is not a web address`
        : init.target === undefined
          ? "another address"
          : `another site (${init.target})`;
    const check = `Check the service address in ${CONNECT_HINT}.`;
    super({
      code: init.problem === "loop" ? "redirect_loop" : "redirected_elsewhere",
      kind: "unavailable",
      userMessage:
        init.problem === "loop"
          ? `The service address keeps redirecting (more than ${init.hops ?? 0} times in a row). ${check}`
          : `The service address sends the add-in on to ${where}. To keep your credentials safe, the add-in does not follow it. ${check}`,
      paneMessage:
        (init.problem === "loop"
          ? `The service address keeps sending the add-in on from one address to the next. ${PANE_CHECK_ADDRESS}.`
          : `The service address sends the add-in on to ${where}. To keep your credentials safe, the add-in does not follow. ${PANE_CHECK_ADDRESS}.`) +
        supportReference([`redirect on ${init.route}`]),
      retryable: false,
      redactor: init.redactor,
    });
    this.name = "RedirectError";
    this.route = init.route;
    this.target = init.target === undefined ? undefined : (init.redactor ?? patternRedactor).redact(init.target);
  }
}

/** Sizes in the unit people know from files: binary megabytes, called MB as Windows does. */
function formatMegabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/** An answer larger than the add-in reads at once; it was cut off, not read whole. */
export class AnswerTooLargeError extends ReportingError {
  readonly route: string;
  readonly limitBytes: number;

  constructor(init: { route: string; limitBytes: number; isExport?: boolean | undefined; redactor?: Redactor | undefined }) {
    const size = formatMegabytes(init.limitBytes);
    super({
      code: "answer_too_large",
      kind: "too_large",
      userMessage: init.isExport
        ? `The file from ${init.route} is larger than ${size}, more than the add-in takes at once. Choose a shorter period or fewer groups, then try again.`
        : `The service's answer to ${init.route} is larger than ${size}, more than the add-in reads at once. Choose a shorter period, fewer groups or more filters, then refresh.`,
      paneMessage: init.isExport
        ? `The file is larger than ${size}, more than the add-in takes at once. Choose a shorter period or fewer groups, then try again.`
        : `The answer is larger than ${size}, more than the add-in reads at once. Choose a shorter period, fewer groups or more filters, then try again.`,
      retryable: false,
      redactor: init.redactor,
    });
    this.name = "AnswerTooLargeError";
    this.route = init.route;
    this.limitBytes = init.limitBytes;
  }
}

export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} milliseconds`;
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} second${seconds === 1 ? "" : "s"}`;
}

export class TimeoutError extends ReportingError {
  readonly route: string;
  readonly timeoutMs: number;

  constructor(init: { route: string; timeoutMs: number; redactor?: Redactor | undefined }) {
    super({
      code: "timeout",
      kind: "timeout",
      userMessage: `The service did not answer within ${formatDuration(init.timeoutMs)}. Try a shorter period or fewer groups, then refresh.`,
      paneMessage: `The service did not answer within ${formatDuration(init.timeoutMs)}. Try again; for a query, choose a shorter period or fewer groups.`,
      retryable: true,
      redactor: init.redactor,
    });
    this.name = "TimeoutError";
    this.route = init.route;
    this.timeoutMs = init.timeoutMs;
  }
}

export class AbortedError extends ReportingError {
  readonly route: string;

  constructor(init: { route: string; redactor?: Redactor | undefined }) {
    super({
      code: "aborted",
      kind: "cancelled",
      userMessage: "The request was cancelled before the service answered.",
      paneMessage: "Cancelled before the service answered.",
      retryable: false,
      redactor: init.redactor,
    });
    this.name = "AbortedError";
    this.route = init.route;
  }
}

/**
 * `not_json`: something else entirely (a proxy's sign-in page); `empty`; `cut_off`: JSON that
 * stops before its end; `malformed`: JSON from start to end, yet broken; `damaged`: marked as
 * compressed but not unpacking; `too_deep`: JSON nested far deeper than any answer of the
 * service, which the readers refuse before walking it (a walk that deep overflows the stack);
 * `too_many_headers`: a head past the HTTP client's limit (16 KB in Node's fetch); `not_http`:
 * the address answered, but not in HTTP (another protocol, or a broken proxy).
 */
export type UnreadableAnswer = "not_json" | "empty" | "cut_off" | "malformed" | "damaged" | "too_deep" | "too_many_headers" | "not_http";

export interface ResponseValidationErrorInit {
  route: string;
  /** Each problem: where in the answer, and what was expected there. */
  issues: PlainIssue[];
  /** How many problems there were, when `issues` lists only the first ones. */
  issueCount?: number | undefined;
  /** Why the answer could not be read at all, when it could not. */
  unreadable?: UnreadableAnswer | undefined;
  redactor?: Redactor | undefined;
}

/** The cell's and the pane's words; the pane's say what to do first, the route and field for support last. */
function describeAnswerProblem(init: ResponseValidationErrorInit): { userMessage: string; paneMessage: string } {
  const route = `answer to ${init.route}`;
  switch (init.unreadable) {
    case "not_json":
      return {
        userMessage: `The service answered ${init.route} with something that is not JSON (for example a sign-in page of a proxy). Check the service address in ${CONNECT_HINT}.`,
        paneMessage: `The service address leads to something other than the reporting service (a web page, say). ${PANE_CHECK_ADDRESS}.${supportReference([`${route} is not JSON`])}`,
      };
    case "empty":
      return {
        userMessage: `The service sent an empty answer to ${init.route}. Refresh to try again; if it keeps happening, check the service address in ${CONNECT_HINT}.`,
        paneMessage: `The service sent an empty answer. Try again; if it keeps happening, ${lowerFirst(PANE_CHECK_ADDRESS)}.${supportReference([`empty ${route}`])}`,
      };
    case "cut_off":
      return {
        userMessage: `The service's answer to ${init.route} was cut off before its end. Refresh to try again; if it keeps happening, check the connection and the service address in ${CONNECT_HINT}.`,
        paneMessage: `The service's answer was cut off before its end. Try again; if it keeps happening, check the network connection.${supportReference([`${route} cut off`])}`,
      };
    case "malformed":
      return {
        userMessage: `The service answered ${init.route} with broken JSON. Refresh to try again; if it keeps happening, contact support.`,
        paneMessage: `The service's answer was broken. Try again; if it keeps happening, contact support.${supportReference([`malformed JSON in the ${route}`])}`,
      };
    case "damaged":
      return {
        userMessage: `The service's answer to ${init.route} arrived damaged (it could not be unpacked). Refresh to try again; if it keeps happening, check the service address in ${CONNECT_HINT}.`,
        paneMessage: `The service's answer arrived damaged. Try again; if it keeps happening, ${lowerFirst(PANE_CHECK_ADDRESS)}.${supportReference([`${route} could not be unpacked`])}`,
      };
    case "too_deep":
      return {
        userMessage: `The service's answer to ${init.route} could not be read: it is nested far deeper than the reporting service's answers are. Check the service address in ${CONNECT_HINT}; if it is right, contact support.`,
        paneMessage: `The service's answer could not be read: it is nested far deeper than the reporting service's answers are. ${PANE_CHECK_ADDRESS}; if it is right, contact support.${supportReference([`${route} nested too deep`])}`,
      };
    case "too_many_headers":
      return {
        userMessage: `The service's answer to ${init.route} could not be read: it came with more headers than the add-in accepts, which usually comes from a proxy or gateway on the way. Try again; if it keeps happening, check the service address in ${CONNECT_HINT} or ask your IT team to check the proxy.`,
        paneMessage: `The service's answer could not be read: it came with more headers than the add-in accepts, which usually comes from a proxy or gateway on the way. Try again; if it keeps happening, ${lowerFirst(PANE_CHECK_ADDRESS)} or ask your IT team to check the proxy.${supportReference([`${route}: response headers over the client's limit`])}`,
      };
    case "not_http":
      return {
        userMessage: `The service address answered ${init.route} with something that is not a web (HTTP) answer. Check the service address and its port in ${CONNECT_HINT}; if they are right, ask your IT team to check the proxy.`,
        paneMessage: `The service address answered with something that is not a web answer (another kind of server, or a broken proxy). ${PANE_CHECK_ADDRESS}, its port included; if it is right, ask your IT team to check the proxy.${supportReference([`${route} is not HTTP`])}`,
      };
    case undefined:
      break;
  }
  const [first] = init.issues;
  const where = first && first.path !== "" ? ` at ${first.path}` : "";
  const what = first ? ` (${first.message})` : "";
  const others = Math.max(init.issueCount ?? 0, init.issues.length) - 1;
  const more = others > 0 ? `, and ${others} more problem${others === 1 ? "" : "s"}` : "";
  return {
    userMessage: `The service answered ${init.route} with an unexpected value${where}${what}${more}. The add-in may need an update; contact support if this keeps happening.`,
    paneMessage: `The service's answer had an unexpected form. The add-in may need an update; contact support if this keeps happening.${supportReference([`${route}${where}${what}`])}`,
  };
}

export class ResponseValidationError extends ReportingError {
  readonly route: string;
  readonly issues: readonly PlainIssue[];
  /** Why the answer could not be read at all, when it could not: `not_json` points at a wrong address. */
  readonly unreadable: UnreadableAnswer | undefined;

  constructor(init: ResponseValidationErrorInit) {
    const redactor = init.redactor ?? patternRedactor;
    super({
      code: "unexpected_response",
      kind: "bad_answer",
      ...describeAnswerProblem(init),
      retryable: false,
      redactor,
    });
    this.name = "ResponseValidationError";
    this.route = init.route;
    this.unreadable = init.unreadable;
    this.issues = init.issues.map((issue) => ({ path: redactor.redact(issue.path), message: redactor.redact(issue.message) }));
  }
}

export class InvalidRequestError extends ReportingError {
  /** Every problem, each a complete sentence such as `filters.from must be a real date written YYYY-MM-DD`. */
  readonly issues: readonly PlainIssue[];

  constructor(init: { issues: PlainIssue[]; redactor?: Redactor | undefined }) {
    const redactor = init.redactor ?? patternRedactor;
    const problems = init.issues.map((issue) => sentence(issue.message)).join("; ");
    super({
      code: "invalid_request",
      kind: "input",
      userMessage: `The request was not sent: ${problems}. Correct ${init.issues.length === 1 ? "this" : "these"} and try again.`,
      paneMessage: `The request was not sent: ${withoutInternalTerms(problems)}. Correct ${init.issues.length === 1 ? "this" : "these"} and try again.`,
      retryable: false,
      redactor,
    });
    this.name = "InvalidRequestError";
    this.issues = init.issues.map((issue) => ({ path: redactor.redact(issue.path), message: redactor.redact(issue.message) }));
  }
}

/** The service's code and message from an error body: our `errorBody` first, then common shapes. */
export function readServiceError(body: string | undefined): { serviceCode?: string; serviceMessage?: string } {
  if (!body || !/^\s*[{[]/.test(body)) return {};
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return {};
  }
  const ours = errorBody.safeParse(json);
  if (ours.success) return { serviceCode: ours.data.error.code, serviceMessage: ours.data.error.message };
  if (typeof json !== "object" || json === null) return {};
  const record = json as Record<string, unknown>;
  const nested = typeof record.error === "object" && record.error !== null ? (record.error as Record<string, unknown>) : {};
  const message = [record.message, nested.message, record.error, record.detail, record.error_description].find(
    (value): value is string => typeof value === "string" && value.trim() !== "",
  );
  const code = [nested.code, record.code].find((value): value is string => typeof value === "string");
  return { ...(code === undefined ? {} : { serviceCode: code }), ...(message === undefined ? {} : { serviceMessage: message }) };
}

export interface ErrorContext {
  credentials?: CredentialKind | undefined;
  retryAfterSeconds?: number | undefined;
  requestId?: string | undefined;
  redactor?: Redactor | undefined;
}

/** The error for a non-2xx answer; copes with any body (JSON, text, HTML, empty). */
export function errorFromResponse(status: number, body: string | undefined, route: string, context: ErrorContext = {}): ApiError {
  const init: ApiErrorInit = { status, route, body, ...readServiceError(body), ...context };
  if (status === 400 || status === 422) return new BadRequestError(init);
  if (status === 401) return new AuthenticationError(init);
  if (status === 403) return new PermissionDeniedError(init);
  if (status === 404) return new NotFoundError(init);
  if (status === 429) return new RateLimitError(init);
  if (status >= 500 && status <= 599) return new ServerError(init);
  return new ApiError(init);
}
