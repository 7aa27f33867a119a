import {
  AbortedError,
  AnswerTooLargeError,
  ApiError,
  AuthenticationError,
  ConnectionError,
  errorFromResponse,
  InvalidRequestError,
  RedirectError,
  ResponseValidationError,
  TimeoutError,
  type ConnectionCause,
  type ReportingError,
} from "../../../src/client/errors";
import { supportReference, withoutInternalTerms } from "../../../src/client/pane-text";
import { MissingCredentialsError } from "../../../src/core/missing-credentials";

const ours = (code: string, message: string) => JSON.stringify({ error: { code, message } });
const CAUSES: ConnectionCause[] = [
  "network",
  "offline",
  "refused",
  "unknown_host",
  "unreachable",
  "cross_origin",
  "insecure_address",
  "interrupted",
];

const EVERY_PANE_ERROR: [string, ReportingError][] = [
  [
    "a 400 quoting an option name",
    errorFromResponse(
      400,
      ours("limit_exceeded", "The period covers 2000 days, more than 1096 (maxPeriodDays): split it."),
      "/stats",
    ),
  ],
  ["a 401 with a token", errorFromResponse(401, "", "/details", { credentials: "token" })],
  ["a 401 with a key", errorFromResponse(401, "", "/reporting/v1/applications", { credentials: "apiKey" })],
  ["a 403", errorFromResponse(403, "", "/stats")],
  [
    "a 404 naming the route",
    errorFromResponse(404, ours("not_found", "There is no route /api/wrong/details here."), "/details"),
  ],
  ["a 408", errorFromResponse(408, "", "/stats")],
  ["a 413", errorFromResponse(413, "", "/stats")],
  ["a 418", errorFromResponse(418, ours("teapot", "No coffee (brewMode)"), "/stats")],
  ["a 429", errorFromResponse(429, "", "/stats", { retryAfterSeconds: 30 })],
  ["a 500", errorFromResponse(500, "", "/stats")],
  ["a host's refused 502", errorFromResponse(502, ours("upstream_refused", "refused (ECONNREFUSED)"), "/details")],
  ...CAUSES.map((cause): [string, ReportingError] => [
    `a connection failure (${cause})`,
    new ConnectionError({ route: "/details", likelyCause: cause }),
  ]),
  [
    "a redirect elsewhere",
    new RedirectError({ route: "/details", problem: "elsewhere", target: "https://elsewhere.test" }),
  ],
  ["a redirect loop", new RedirectError({ route: "/details", problem: "loop", hops: 5 })],
  ["an HTML page", new ResponseValidationError({ route: "/details", issues: [], unreadable: "not_json" })],
  [
    "an answer nested too deep",
    new ResponseValidationError({ route: "/reporting/v1/stats", issues: [], unreadable: "too_deep" }),
  ],
  [
    "an answer with too many headers",
    new ResponseValidationError({ route: "/stats", issues: [], unreadable: "too_many_headers" }),
  ],
  ["an answer that is not HTTP", new ResponseValidationError({ route: "/stats", issues: [], unreadable: "not_http" })],
  ["a redirect to javascript:", new RedirectError({ route: "/details", problem: "elsewhere", scheme: "javascript:" })],
  [
    "an answer of a wrong shape",
    new ResponseValidationError({
      route: "/stats",
      issues: [{ path: "stats[3].metrics", message: "expected a number" }],
    }),
  ],
  ["a timeout", new TimeoutError({ route: "/stats", timeoutMs: 45_000 })],
  ["a cancellation", new AbortedError({ route: "/stats" })],
  ["a huge answer", new AnswerTooLargeError({ route: "/stats", limitBytes: 64 * 1024 * 1024 })],
  [
    "a request checked before sending",
    new InvalidRequestError({ issues: [{ path: "limit", message: "the limit must be at least 1 (minLimit)" }] }),
  ],
  ["no profile", new MissingCredentialsError()],
  ["a profile without a token", new MissingCredentialsError({ needs: "bearer" })],
];

/** The message before its reference for support: what the user reads as advice. */
function advice(message: string): string {
  return message.split(" Reference for support: ")[0] ?? "";
}

describe("the pane's messages (written for the pane, not for a cell)", () => {
  it.each(EVERY_PANE_ERROR)(
    "%s: no route, option name, HTTP status or cell wording before the reference for support",
    (_name, error) => {
      const text = advice(error.paneMessage);
      expect(text).not.toMatch(/\/(stats|details|dates|reporting|api)\b/);
      expect(text).not.toMatch(/\([a-z]+[A-Z_][A-Za-z_]*\)/);
      expect(text).not.toMatch(/\bHTTP\b|\b[45]\d\d\b/);
      expect(text).not.toMatch(/task pane \(Connect\)|Reporting task pane|refresh\b/i);
      // The last sentence says what to do: every message ends in a full stop after the advice.
      expect(error.paneMessage).toMatch(/\.$/);
      // A cell still gets its own short text.
      expect(error.cellMessage.length).toBeLessThanOrEqual(400);
    },
  );

  it("tells every way of not getting an answer apart", () => {
    const texts = CAUSES.map((cause) => new ConnectionError({ route: "/details", likelyCause: cause }).paneMessage);
    expect(new Set(texts).size).toBe(CAUSES.length);
    const [network, offline, refused, unknownHost, unreachable, crossOrigin, insecure] = texts;
    expect(offline).toMatch(/not connected to the internet/);
    expect(refused).toMatch(/Nothing accepted the connection/);
    expect(unknownHost).toMatch(/cannot be found/);
    expect(unreachable).toMatch(/Nothing answers at the service address/);
    expect(crossOrigin).toMatch(/browser blocked the service's answers/);
    expect(insecure).toMatch(/starts with http:\/\//);
    for (const text of [refused, unknownHost, unreachable, crossOrigin, insecure])
      expect(text).not.toMatch(/internet connection/);
    expect(network).toMatch(/network connection/);
  });

  it("says which part of the host's proxy failed, by the code the host answers", () => {
    const message = (code: string, status = 502) =>
      advice(errorFromResponse(status, ours(code, "x"), "/details").paneMessage);
    expect(message("upstream_refused")).toMatch(/refused the connection/);
    expect(message("upstream_unknown_host")).toMatch(/names no known computer/);
    expect(message("upstream_timeout", 504)).toMatch(/did not answer the add-in's server in time/);
    expect(message("proxy_not_configured", 503)).toMatch(/no reporting service set up/);
    expect(message("upstream_unreachable")).toMatch(/could not reach the reporting service/);
    expect(message("__proto__")).toBe("The reporting service has a problem right now. Try again in a few minutes.");
  });

  it("keeps the route, status, the service's code and request id for support, at the end", () => {
    const error = errorFromResponse(404, "", "/details", { requestId: "r-9" });
    expect(error.paneMessage).toBe(
      "Nothing was found at this service address: it is probably wrong or incomplete. Copy it again from where you got it and paste it in the profile on the Connect tab. Reference for support: HTTP 404 on /details, request r-9.",
    );
    expect(error.cellMessage).toContain("/details (HTTP 404)");
  });

  it("tells a wrong address (404, a web page) from a refused credential", () => {
    const notFound = advice(errorFromResponse(404, "", "/details").paneMessage);
    const webPage = advice(
      new ResponseValidationError({ route: "/details", issues: [], unreadable: "not_json" }).paneMessage,
    );
    const token = advice(errorFromResponse(401, "", "/details").paneMessage);
    expect(notFound).toMatch(/service address/);
    expect(webPage).toMatch(/something other than the reporting service/);
    expect(token).toMatch(/did not accept the access token/);
    expect(token).not.toMatch(/address/);
  });

  it("quotes the service's reason in the pane without its internal terms", () => {
    const error = errorFromResponse(
      400,
      ours("limit_exceeded", "The period covers 2000 days, more than 1096 (maxPeriodDays): split it."),
      "/stats",
    );
    expect(advice(error.paneMessage)).toBe(
      "The service did not accept the query: The period covers 2000 days, more than 1096: split it. Check the dates, filters and groups, then try again.",
    );
    expect(error.cellMessage).toContain("(maxPeriodDays)");
  });
});

describe("withoutInternalTerms and supportReference", () => {
  it("drops identifiers and statuses in parentheses, keeps plain words in them", () => {
    expect(withoutInternalTerms("More than 1096 days (maxPeriodDays): split it.")).toBe(
      "More than 1096 days: split it.",
    );
    expect(withoutInternalTerms("Found nothing (HTTP 404) here (date_group_limit).")).toBe("Found nothing here.");
    expect(withoutInternalTerms("Use fewer values (for example two).")).toBe("Use fewer values (for example two).");
  });

  it("adds a reference only when there is something to refer to", () => {
    expect(supportReference([undefined, false, " "])).toBe("");
    expect(supportReference(["HTTP 404 on /details", undefined, "request r-1"])).toBe(
      " Reference for support: HTTP 404 on /details, request r-1.",
    );
  });
});

// The class itself is what other surfaces map on; this only shows ApiError keeps the reference for an unclassified status.
it("an unclassified status keeps its reference for support", () => {
  expect(new ApiError({ status: 409, route: "/stats" }).paneMessage).toMatch(
    /Reference for support: HTTP 409 on \/stats\.$/,
  );
  expect(new AuthenticationError({ status: 401, route: "/stats", credentials: "apiKey" }).paneMessage).toMatch(
    /API key and secret/,
  );
});
