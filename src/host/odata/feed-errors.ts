import { isReportingError, type ReportingError } from "../../client/errors";
import { wordingsOf } from "../../client/errors/messages";
import type { Redactor } from "../../client/redact";
import { FeedRefusal } from "../../core/odata/refusal";
import { sendError } from "../error-reply";
import { UpstreamBusy } from "./upstream-limits";

type Reply = Parameters<typeof sendError>[0];

/** The realm Power Query names when it asks for a password; the same on every 401. */
export const BASIC_CHALLENGE = 'Basic realm="Reporting feed", charset="UTF-8"';

export const SIGN_IN_HELP =
  "In Excel or Power BI: Data source settings > this feed > Edit permissions, then enter your Reporting access token as the password of Basic (any user name), or as the Web API key.";

/** A refusal said in OData's error shape, with OData's headers; 401 asks again for a password. */
export function sendFeedError(reply: Reply, status: number, code: string, message: string): Reply {
  reply.header("odata-version", "4.0");
  if (status === 401) reply.header("www-authenticate", BASIC_CHALLENGE);
  return sendError(reply, status, code, message);
}

function statusOf(error: ReportingError): { status: number; message?: string } {
  switch (error.kind) {
    case "sign_in":
      return { status: 401, message: `The Reporting service refused these credentials. ${SIGN_IN_HELP}` };
    case "access":
      return { status: 403 };
    case "input":
      return { status: 400 };
    case "rate_limited":
      return { status: 429 };
    case "timeout":
      return { status: 504 };
    case "too_large":
      return {
        status: 400,
        message:
          "The answer is larger than the Reporting service sends at once: ask for a shorter period, fewer columns or more filters.",
      };
    case "bad_answer":
    case "cancelled":
    case "host":
    case "not_found":
    case "refused":
    case "unavailable":
    case "workbook":
      return { status: 502 };
  }
}

/**
 * Any failure of a feed request as an OData error: a refusal of the feed itself names the option
 * at fault, a failure of the service keeps the add-in's own plain message (the one error contract
 * of src/client), and nothing else says more than that the server failed. Every text is passed
 * through the request's redactor: no credential it carried is ever echoed.
 */
export function sendFeedFailure(reply: Reply, error: unknown, redactor: Redactor): Reply | undefined {
  if (error instanceof FeedRefusal)
    return sendFeedError(reply, error.status, error.code, redactor.redact(error.message));
  if (error instanceof UpstreamBusy) {
    // The add-in's client reads this code as its own "busy" message (server_error:upstream_busy), and says the same.
    reply.header("retry-after", String(error.retryAfterSeconds));
    const { pane } = wordingsOf("server_error:upstream_busy", {
      route: "",
      retryAfterSeconds: error.retryAfterSeconds,
    });
    return sendFeedError(reply, 503, "upstream_busy", pane);
  }
  if (isReportingError(error)) {
    const { status, message } = statusOf(error);
    return sendFeedError(reply, status, error.code, redactor.redact(message ?? error.userMessage));
  }
  return undefined;
}
