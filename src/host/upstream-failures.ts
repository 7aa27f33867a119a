import { connectFailureOf, type ConnectFailure } from "../client/connect-failure";

/** How this server answers a call to the service that failed: a status and the service's error shape. */
export interface UpstreamReply {
  status: 502 | 504;
  code: string;
  message: string;
}

const ASK_ADMINISTRATOR = "Try again later; if it persists, tell the server's administrator.";

/**
 * Each cause has a code of its own: the pane tells a service that refuses connections (down, or
 * the wrong port) from an address naming no computer (a setting to correct), which the system's
 * code alone would leave to the reader of a log. The client reads these codes (the `server_error:`
 * entries of src/client/errors/messages.ts); the dev server's proxy (scripts/webpack/service-proxy.js) sends the same.
 */
const UNREACHABLE_REPLIES: Record<ConnectFailure, Omit<UpstreamReply, "message"> & { reason: string }> = {
  refused: {
    status: 502,
    code: "upstream_refused",
    reason: "The Reporting service refused the add-in server's connection",
  },
  unknown_host: {
    status: 502,
    code: "upstream_unknown_host",
    reason: "The add-in server could not find the Reporting service's host name",
  },
  timeout: {
    status: 504,
    code: "upstream_timeout",
    reason: "The Reporting service did not accept the add-in server's connection in time",
  },
  unreachable: {
    status: 502,
    code: "upstream_unreachable",
    reason: "The add-in server could not reach the Reporting service",
  },
};

/** The service could not be reached: why, by the failure's system code, which the message keeps for the administrator. */
export function unreachableFailure(systemCode: string | undefined): UpstreamReply {
  const { status, code, reason } = UNREACHABLE_REPLIES[connectFailureOf(systemCode) ?? "unreachable"];
  return { status, code, message: `${reason}${systemCode ? ` (${systemCode})` : ""}. ${ASK_ADMINISTRATOR}` };
}

/** The service took the connection but not its answer within this server's timeout. */
export function answerTimeoutFailure(timeoutMs: number): UpstreamReply {
  return {
    status: 504,
    code: "upstream_timeout",
    message: `The Reporting service did not answer within ${timeoutMs / 1000} seconds. Try again, or ask for less data.`,
  };
}
