import { errorBody } from "../api/stats-response";
import type { PlainIssue } from "./issues";
import { patternRedactor, type Redactor } from "./redact";

/**
 * One hierarchy for everything that can go wrong between a cell and the service. Every error
 * carries `userMessage` (also its `message`): plain words a finance user can act on. All text
 * that reaches an error (the service's words, bodies, underlying failures) passes through a
 * redactor before `super()` runs, so that not even the stack can hold a credential.
 */

/** Which credentials a request carried, so that a refusal names the right thing to check. */
export type CredentialKind = "token" | "apiKey";

const CONNECT_HINT = "the Reporting task pane (Connect)";
/** Enough of a body to diagnose; an HTML error page can be megabytes. */
const MAX_BODY_CHARS = 2_000;
const MAX_SERVICE_MESSAGE_CHARS = 300;

export interface ReportingErrorInit {
  code: string;
  userMessage: string;
  retryable: boolean;
  redactor?: Redactor | undefined;
}

export class ReportingError extends Error {
  /** Stable machine-readable kind, e.g. `bad_request`, `timeout`. */
  readonly code: string;
  /** What happened and what to do next, in plain words; the same text as `message`. */
  readonly userMessage: string;
  /** True when trying the same request again later may succeed. */
  readonly retryable: boolean;

  constructor(init: ReportingErrorInit) {
    const userMessage = (init.redactor ?? patternRedactor).redact(init.userMessage);
    super(userMessage);
    // Explicit names survive minification, unlike `new.target.name`.
    this.name = "ReportingError";
    this.code = init.code;
    this.userMessage = userMessage;
    this.retryable = init.retryable;
  }
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
  redactor?: Redactor | undefined;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function sentence(text: string): string {
  return text.trim().replace(/[.\s]+$/, "");
}

/**
 * For a status without a class of its own. Another 4xx refuses this very request, so trying
 * again cannot help (unlike 408): the user learns what to change, or that the add-in is at fault.
 */
function unclassifiedMessage(init: ApiErrorInit): string {
  const { status, route } = init;
  if (status === 408) {
    return `The service gave up waiting for the request (HTTP 408). Try again in a moment; if it keeps happening, try a shorter period.`;
  }
  if (status === 413) {
    return `The request to ${route} is too large for the service (HTTP 413). Use fewer values in the filters, or split the request into several, then refresh.`;
  }
  if (status >= 400 && status <= 499) {
    const said = init.serviceMessage ? `: ${sentence(clip(init.serviceMessage, MAX_SERVICE_MESSAGE_CHARS))}` : "";
    return `The service refused the request to ${route} (HTTP ${status})${said}. Trying again will not help: the add-in may need an update, so contact support.`;
  }
  return `The service answered ${route} with an unexpected error (HTTP ${status}). Try again; if it keeps happening, contact support.`;
}

export class ApiError extends ReportingError {
  readonly status: number;
  readonly route: string;
  /** The service's own error code, when its body had one. */
  readonly serviceCode: string | undefined;
  /** The service's own error message (redacted), when its body had one. */
  readonly serviceMessage: string | undefined;
  /** The answer's body, redacted and shortened. */
  readonly body: string;

  constructor(init: ApiErrorInit, kind?: Omit<ReportingErrorInit, "redactor">) {
    const redactor = init.redactor ?? patternRedactor;
    super({
      code: kind?.code ?? (init.status === 408 ? "request_timeout" : "http_error"),
      userMessage: kind?.userMessage ?? unclassifiedMessage(init),
      retryable: kind?.retryable ?? init.status === 408,
      redactor,
    });
    this.name = "ApiError";
    this.status = init.status;
    this.route = init.route;
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
      userMessage: `The service rejected the request${said}. Check the dates, filters and groups, then try again.`,
      retryable: false,
    });
    this.name = "BadRequestError";
  }
}

export class AuthenticationError extends ApiError {
  constructor(init: ApiErrorInit) {
    super(init, {
      code: "authentication_failed",
      userMessage:
        init.credentials === "apiKey"
          ? `The service refused the API key and secret. Check them in ${CONNECT_HINT} and connect again.`
          : `The service refused the access token. Check the token in ${CONNECT_HINT} and sign in again.`,
      retryable: false,
    });
    this.name = "AuthenticationError";
  }
}

export class PermissionDeniedError extends ApiError {
  constructor(init: ApiErrorInit) {
    super(init, {
      code: "permission_denied",
      userMessage:
        "This account is not allowed to see the requested data. Check the organizations, assets and ad units in the filters, or ask your administrator for access.",
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
      userMessage: `The service found nothing${said}. Check the service address in ${CONNECT_HINT} and the values in the filters.`,
      retryable: false,
    });
    this.name = "NotFoundError";
  }
}

export function formatSeconds(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  return `${whole} second${whole === 1 ? "" : "s"}`;
}

export class RateLimitError extends ApiError {
  /** How long the service asked to wait, when it said so. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: ApiErrorInit) {
    const wait = init.retryAfterSeconds === undefined ? "a minute" : formatSeconds(init.retryAfterSeconds);
    super(init, {
      code: "rate_limited",
      userMessage: `The service is receiving too many requests. Wait ${wait} and refresh.`,
      retryable: true,
    });
    this.name = "RateLimitError";
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export class ServerError extends ApiError {
  constructor(init: ApiErrorInit) {
    super(init, {
      code: "server_error",
      userMessage: `The reporting service is unavailable right now (HTTP ${init.status}). Try again in a few minutes.`,
      retryable: true,
    });
    this.name = "ServerError";
  }
}

export interface ConnectionErrorInit {
  route: string;
  /** What the underlying failure said (redacted), for support; never shown as the message. */
  detail?: string | undefined;
  redactor?: Redactor | undefined;
}

export class ConnectionError extends ReportingError {
  readonly route: string;
  readonly detail: string | undefined;

  constructor(init: ConnectionErrorInit) {
    const redactor = init.redactor ?? patternRedactor;
    super({
      code: "connection_failed",
      userMessage: `Could not reach the reporting service. Check the internet connection and the service address in ${CONNECT_HINT}, then refresh.`,
      retryable: true,
      redactor,
    });
    this.name = "ConnectionError";
    this.route = init.route;
    this.detail = init.detail === undefined ? undefined : clip(redactor.redact(init.detail), MAX_SERVICE_MESSAGE_CHARS);
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
      userMessage: `The service did not answer within ${formatDuration(init.timeoutMs)}. Try a shorter period or fewer groups, then refresh.`,
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
      userMessage: "The request was cancelled before the service answered.",
      retryable: false,
      redactor: init.redactor,
    });
    this.name = "AbortedError";
    this.route = init.route;
  }
}

export interface ResponseValidationErrorInit {
  route: string;
  /** Each problem: where in the answer, and what was expected there. */
  issues: PlainIssue[];
  /** How many problems there were, when `issues` lists only the first ones. */
  issueCount?: number | undefined;
  /** True when the answer was not JSON at all (a proxy's sign-in page, a truncated body). */
  notJson?: boolean;
  redactor?: Redactor | undefined;
}

function describeAnswerProblem(init: ResponseValidationErrorInit): string {
  if (init.notJson) {
    return `The service answered ${init.route} with something that is not JSON (for example a sign-in page of a proxy). Check the service address in ${CONNECT_HINT}.`;
  }
  const [first] = init.issues;
  const where = first && first.path !== "" ? ` at ${first.path}` : "";
  const what = first ? ` (${first.message})` : "";
  const others = Math.max(init.issueCount ?? 0, init.issues.length) - 1;
  const more = others > 0 ? `, and ${others} more problem${others === 1 ? "" : "s"}` : "";
  return `The service answered ${init.route} with an unexpected value${where}${what}${more}. The add-in may need an update; contact support if this keeps happening.`;
}

export class ResponseValidationError extends ReportingError {
  readonly route: string;
  readonly issues: readonly PlainIssue[];

  constructor(init: ResponseValidationErrorInit) {
    const redactor = init.redactor ?? patternRedactor;
    super({ code: "unexpected_response", userMessage: describeAnswerProblem(init), retryable: false, redactor });
    this.name = "ResponseValidationError";
    this.route = init.route;
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
      userMessage: `The request was not sent: ${problems}. Correct ${init.issues.length === 1 ? "this" : "these"} and try again.`,
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
