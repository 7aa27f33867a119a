import { errorFromResponse } from "../../../src/client/errors";
import SYSTEM_CODES from "../../../src/client/connect-failure-codes.json";
import { answerTimeoutFailure, unreachableFailure, type UpstreamReply } from "../../../src/host/upstream-failures";
import { upstreamFailure } from "../../../scripts/webpack/service-proxy";

const CODES = [...Object.keys(SYSTEM_CODES), "ECONNRESET", undefined];

function paneMessage(reply: UpstreamReply): string {
  return errorFromResponse(
    reply.status,
    JSON.stringify({ error: { code: reply.code, message: reply.message } }),
    "/details",
  ).paneMessage;
}

describe("the add-in server's answer when the service gives none", () => {
  it.each([
    ["ECONNREFUSED", 502, "upstream_refused"],
    ["ENOTFOUND", 502, "upstream_unknown_host"],
    ["EAI_AGAIN", 502, "upstream_unknown_host"],
    ["UND_ERR_CONNECT_TIMEOUT", 504, "upstream_timeout"],
    ["ETIMEDOUT", 504, "upstream_timeout"],
    ["EHOSTUNREACH", 502, "upstream_unreachable"],
    ["ECONNRESET", 502, "upstream_unreachable"],
    [undefined, 502, "upstream_unreachable"],
  ])("%s: %i %s", (systemCode, status, code) => {
    expect(unreachableFailure(systemCode)).toMatchObject({ status, code });
  });

  it("keeps the system's code in the message for the administrator, and says what to do", () => {
    expect(unreachableFailure("ECONNREFUSED").message).toBe(
      "The Reporting service refused the add-in server's connection (ECONNREFUSED). Try again later; if it persists, tell the server's administrator.",
    );
    expect(unreachableFailure(undefined).message).toBe(
      "The add-in server could not reach the Reporting service. Try again later; if it persists, tell the server's administrator.",
    );
  });

  it("every code it answers gives the pane a message of its own, not the service's generic one", () => {
    const generic = errorFromResponse(502, "", "/details").paneMessage;
    const messages = new Set([
      ...CODES.map((code) => paneMessage(unreachableFailure(code))),
      paneMessage(answerTimeoutFailure(30_000)),
    ]);
    expect(messages.has(generic)).toBe(false);
    // refused, unknown host, timeout (a connection or an answer) and unreachable.
    expect(messages.size).toBe(4);
  });

  it("the dev server's proxy answers the same status and code for every system code", () => {
    for (const code of CODES) {
      const { status, code: replyCode } = unreachableFailure(code);
      expect([code, upstreamFailure(code)]).toEqual([code, { status, code: replyCode }]);
    }
  });
});
