import type { PlainIssue } from "../issues";
import { patternRedactor, type Redactor } from "../redact";
import { ReportingError } from "./contract";
import { errorInitOf } from "./messages";

/** The errors of an answer the add-in cannot use, and of a request it would not send. */

/**
 * `not_json`: something else entirely (a proxy's sign-in page); `empty`; `cut_off`: JSON that
 * stops before its end; `malformed`: JSON from start to end, yet broken; `damaged`: marked as
 * compressed but not unpacking; `too_deep`: JSON nested far deeper than any answer of the
 * service, which the readers refuse before walking it (a walk that deep overflows the stack);
 * `too_many_headers`: a head past the HTTP client's limit (16 KB in Node's fetch); `not_http`:
 * the address answered, but not in HTTP (another protocol, or a broken proxy).
 */
export type UnreadableAnswer =
  "not_json" | "empty" | "cut_off" | "malformed" | "damaged" | "too_deep" | "too_many_headers" | "not_http";

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

export class ResponseValidationError extends ReportingError {
  readonly route: string;
  readonly issues: readonly PlainIssue[];
  /** Why the answer could not be read at all, when it could not: `not_json` points at a wrong address. */
  readonly unreadable: UnreadableAnswer | undefined;

  constructor(init: ResponseValidationErrorInit) {
    const redactor = init.redactor ?? patternRedactor;
    const facts = { route: init.route, issues: init.issues, issueCount: init.issueCount };
    super({
      ...errorInitOf(
        init.unreadable === undefined ? "unexpected_response" : `unexpected_response:${init.unreadable}`,
        facts,
      ),
      redactor,
    });
    this.name = "ResponseValidationError";
    this.route = init.route;
    this.unreadable = init.unreadable;
    this.issues = init.issues.map((issue) => ({
      path: redactor.redact(issue.path),
      message: redactor.redact(issue.message),
    }));
  }
}

export class InvalidRequestError extends ReportingError {
  /** Every problem, each a complete sentence such as `filters.from must be a real date written YYYY-MM-DD`. */
  readonly issues: readonly PlainIssue[];

  constructor(init: { issues: PlainIssue[]; redactor?: Redactor | undefined }) {
    const redactor = init.redactor ?? patternRedactor;
    // Requests checked before sending have no route: the messages name the problems instead.
    super({ ...errorInitOf("invalid_request", { route: "", issues: init.issues }), redactor });
    this.name = "InvalidRequestError";
    this.issues = init.issues.map((issue) => ({
      path: redactor.redact(issue.path),
      message: redactor.redact(issue.message),
    }));
  }
}
