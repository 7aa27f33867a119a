import { answeredReference, requestReference, supportReference } from "../pane-text";
import { patternRedactor, type Redactor } from "../redact";
import { ReportingError, type CredentialKind } from "./contract";
import { clip, MAX_BODY_CHARS, MAX_SERVICE_MESSAGE_CHARS } from "./formatting";
import { isMessageId, MESSAGES, type MessageEntry, type MessageId } from "./messages";

/** The errors of an answer the service gave with a status outside 2xx, one class per status the user can act on. */

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

/** The message of a status without a class of its own. */
function unclassifiedMessage(status: number): MessageId {
  if (status === 408) return "request_timeout";
  if (status === 413) return "http_error:too_large";
  if (status >= 400 && status <= 499) return "http_error:refused";
  return status >= 500 ? "http_error:server" : "http_error:other";
}

/** The cell's message: the plain one, then the service's own reason when it adds something. */
function withServiceReason(userMessage: string, serviceMessage: string | undefined): string {
  const reason = serviceMessage?.trim();
  return reason && !userMessage.includes(reason) ? `${userMessage} The service said: ${reason}` : userMessage;
}

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

  /** `message` names the entry of MESSAGES a subclass words itself with; the pane's gets the reference for support here. */
  constructor(init: ApiErrorInit, message: MessageId = unclassifiedMessage(init.status)) {
    const redactor = init.redactor ?? patternRedactor;
    const serviceMessage =
      init.serviceMessage === undefined ? undefined : clip(init.serviceMessage, MAX_SERVICE_MESSAGE_CHARS);
    const requestId = init.requestId?.trim() ? clip(init.requestId.trim(), 100) : undefined;
    const entry: MessageEntry = MESSAGES[message];
    const facts = {
      route: init.route,
      status: init.status,
      serviceMessage: init.serviceMessage,
      retryAfterSeconds: init.retryAfterSeconds,
    };
    const userMessage = entry.cell(facts);
    super({
      code: entry.code,
      kind: entry.kind,
      userMessage,
      retryable: entry.retryable,
      cellMessage: withServiceReason(userMessage, serviceMessage),
      paneMessage:
        entry.pane(facts) +
        supportReference([
          answeredReference(init.status, init.route),
          init.serviceCode && `code ${init.serviceCode}`,
          requestReference(requestId),
        ]),
      redactor,
    });
    this.name = "ApiError";
    this.status = init.status;
    this.route = init.route;
    this.requestId = requestId === undefined ? undefined : redactor.redact(requestId);
    this.serviceCode = init.serviceCode === undefined ? undefined : redactor.redact(init.serviceCode);
    this.serviceMessage =
      init.serviceMessage === undefined
        ? undefined
        : clip(redactor.redact(init.serviceMessage), MAX_SERVICE_MESSAGE_CHARS);
    this.body = clip(redactor.redact(init.body ?? ""), MAX_BODY_CHARS);
  }
}

export class BadRequestError extends ApiError {
  constructor(init: ApiErrorInit) {
    super(init, "bad_request");
    this.name = "BadRequestError";
  }
}

export class AuthenticationError extends ApiError {
  constructor(init: ApiErrorInit) {
    super(init, init.credentials === "apiKey" ? "authentication_failed:apiKey" : "authentication_failed:token");
    this.name = "AuthenticationError";
  }
}

export class PermissionDeniedError extends ApiError {
  constructor(init: ApiErrorInit) {
    super(init, "permission_denied");
    this.name = "PermissionDeniedError";
  }
}

export class NotFoundError extends ApiError {
  constructor(init: ApiErrorInit) {
    super(init, "not_found");
    this.name = "NotFoundError";
  }
}

export class RateLimitError extends ApiError {
  /** How long the service asked to wait, when it said so. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init, "rate_limited");
    this.name = "RateLimitError";
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** The add-in's own server (src/host) names why it could not serve the pane with a code of its own: the pane says who to ask. */
function serverMessage(serviceCode: string | undefined): MessageId {
  const own = `server_error:${serviceCode}`;
  return serviceCode !== undefined && isMessageId(own) ? own : "server_error";
}

export class ServerError extends ApiError {
  constructor(init: ApiErrorInit) {
    super(init, serverMessage(init.serviceCode));
    this.name = "ServerError";
  }
}
