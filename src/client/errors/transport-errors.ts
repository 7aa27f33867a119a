import { patternRedactor, type Redactor } from "../redact";
import { redactedCause, ReportingError } from "./contract";
import { clip, MAX_SERVICE_MESSAGE_CHARS } from "./formatting";
import { errorInitOf } from "./messages";

/** The errors of a request that got no usable answer: no connection, a redirect, too large, too late, cancelled. */

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
export type ConnectionCause =
  | "network"
  | "offline"
  | "refused"
  | "unknown_host"
  | "unreachable"
  | "cross_origin"
  | "insecure_address"
  | "interrupted";

export interface ConnectionErrorInit {
  route: string;
  /** What the underlying failure said (redacted), for support; never shown as the message. */
  detail?: string | undefined;
  /** The underlying failure (fetch's TypeError); kept as `cause`, redacted. */
  cause?: unknown;
  likelyCause?: ConnectionCause | undefined;
  redactor?: Redactor | undefined;
}

export class ConnectionError extends ReportingError {
  readonly route: string;
  readonly detail: string | undefined;
  readonly likelyCause: ConnectionCause;

  constructor(init: ConnectionErrorInit) {
    const redactor = init.redactor ?? patternRedactor;
    const likelyCause = init.likelyCause ?? "network";
    super({
      ...errorInitOf(`connection_failed:${likelyCause}`, { route: init.route }),
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
    const facts = { route: init.route, target: init.target, scheme: init.scheme, hops: init.hops };
    super({
      ...errorInitOf(init.problem === "loop" ? "redirect_loop" : "redirected_elsewhere", facts),
      redactor: init.redactor,
    });
    this.name = "RedirectError";
    this.route = init.route;
    this.target = init.target === undefined ? undefined : (init.redactor ?? patternRedactor).redact(init.target);
  }
}

/** An answer larger than the add-in reads at once; it was cut off, not read whole. */
export class AnswerTooLargeError extends ReportingError {
  readonly route: string;
  readonly limitBytes: number;

  constructor(init: {
    route: string;
    limitBytes: number;
    isExport?: boolean | undefined;
    redactor?: Redactor | undefined;
  }) {
    const facts = { route: init.route, limitBytes: init.limitBytes };
    super({
      ...errorInitOf(init.isExport ? "answer_too_large:file" : "answer_too_large:answer", facts),
      redactor: init.redactor,
    });
    this.name = "AnswerTooLargeError";
    this.route = init.route;
    this.limitBytes = init.limitBytes;
  }
}

export class TimeoutError extends ReportingError {
  readonly route: string;
  readonly timeoutMs: number;

  constructor(init: { route: string; timeoutMs: number; redactor?: Redactor | undefined }) {
    super({ ...errorInitOf("timeout", { route: init.route, timeoutMs: init.timeoutMs }), redactor: init.redactor });
    this.name = "TimeoutError";
    this.route = init.route;
    this.timeoutMs = init.timeoutMs;
  }
}

export class AbortedError extends ReportingError {
  readonly route: string;

  constructor(init: { route: string; redactor?: Redactor | undefined }) {
    super({ ...errorInitOf("aborted", { route: init.route }), redactor: init.redactor });
    this.name = "AbortedError";
    this.route = init.route;
  }
}
