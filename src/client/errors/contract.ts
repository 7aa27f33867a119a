import { commandWording } from "../command-text";
import { patternRedactor, type Redactor } from "../redact";

/**
 * One contract for every error a user sees, whatever the surface: what kind of failure it is,
 * the message a cell shows, the message the task pane shows, and the underlying `cause`. The
 * surfaces map on `kind` alone (src/core/cell-errors.ts for cells, src/taskpane/shell/status.ts for
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
    if (init.cause !== undefined)
      Object.defineProperty(this, "cause", {
        value: init.cause,
        enumerable: false,
        writable: true,
        configurable: true,
      });
    // Explicit names survive minification, unlike `new.target.name`.
    this.name = "ReportingError";
    this.code = init.code;
    this.kind = init.kind;
    this.userMessage = userMessage;
    this.cellMessage = init.cellMessage === undefined ? userMessage : redactor.redact(init.cellMessage);
    this.paneMessage = init.paneMessage === undefined ? userMessage : redactor.redact(init.paneMessage);
    this.commandMessage =
      init.commandMessage === undefined ? commandWording(this.paneMessage) : redactor.redact(init.commandMessage);
    this.retryable = init.retryable;
  }
}

/** True for any error of the contract, from this bundle or another realm. */
export function isReportingError(error: unknown): error is ReportingError {
  return (
    typeof error === "object" && error !== null && (error as { [REPORTING_ERROR]?: unknown })[REPORTING_ERROR] === true
  );
}

/**
 * True for an Error of any realm: fetch's failures come from the host's realm, which is not the
 * add-in's in a test sandbox (and `instanceof Error` is false there).
 */
export function isErrorLike(value: unknown): value is Error {
  return (
    value instanceof Error ||
    (typeof value === "object" &&
      value !== null &&
      typeof (value as Error).message === "string" &&
      typeof (value as Error).name === "string")
  );
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
    if (inner !== undefined && depth < 2)
      Object.defineProperty(copy, "cause", {
        value: redactedCause(inner, redactor, depth + 1),
        enumerable: false,
        writable: true,
        configurable: true,
      });
  }
  // The copy's own stack points here, not at the failure's origin: keep only the redacted line.
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}
