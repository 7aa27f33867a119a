import {
  AbortedError,
  AnswerTooLargeError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  errorFromResponse,
  InvalidRequestError,
  isReportingError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RedirectError,
  ReportingError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
  type ErrorKind,
} from "../../../src/client/errors";
import { createTransport } from "../../../src/client/transport";
import { ArgumentError } from "../../../src/core/arguments/argument-error";
import { DeadlineError } from "../../../src/core/deadline";
import { MissingCredentialsError } from "../../../src/core/missing-credentials";
import { ProfileError } from "../../../src/core/profiles/profile";
import { fakeTransportOptions, scriptedFetch } from "./fakes";

const EVERY_ERROR: [string, ReportingError, ErrorKind][] = [
  ["an argument", new ArgumentError("groups", '"colour" is not a group'), "input"],
  ["a profile field", new ProfileError("The token is missing."), "input"],
  [
    "a request checked before sending",
    new InvalidRequestError({ issues: [{ path: "filters.from", message: "from is wrong" }] }),
    "input",
  ],
  ["a 400", new BadRequestError({ status: 400, route: "/stats" }), "input"],
  ["no credentials", new MissingCredentialsError(), "sign_in"],
  ["a 401", new AuthenticationError({ status: 401, route: "/stats" }), "sign_in"],
  ["a 403", new PermissionDeniedError({ status: 403, route: "/stats" }), "access"],
  ["a 404", new NotFoundError({ status: 404, route: "/stats" }), "not_found"],
  ["a 429", new RateLimitError({ status: 429, route: "/stats" }), "rate_limited"],
  ["a 500", new ServerError({ status: 500, route: "/stats" }), "unavailable"],
  ["a network failure", new ConnectionError({ route: "/stats" }), "unavailable"],
  [
    "a request the browser most likely blocked",
    new ConnectionError({ route: "/stats", likelyCause: "cross_origin" }),
    "unavailable",
  ],
  [
    "a redirect to another site",
    new RedirectError({ route: "/stats", problem: "elsewhere", target: "https://elsewhere.test" }),
    "unavailable",
  ],
  ["a redirect loop", new RedirectError({ route: "/stats", problem: "loop", hops: 5 }), "unavailable"],
  ["a timeout", new TimeoutError({ route: "/stats", timeoutMs: 1000 }), "timeout"],
  ["a 408", new ApiError({ status: 408, route: "/stats" }), "timeout"],
  ["a cell's deadline", new DeadlineError(120_000), "timeout"],
  ["a cancellation", new AbortedError({ route: "/stats" }), "cancelled"],
  [
    "a malformed answer",
    new ResponseValidationError({ route: "/stats", issues: [{ path: "stats.0", message: "bad" }] }),
    "bad_answer",
  ],
  ["a 413", new ApiError({ status: 413, route: "/stats" }), "too_large"],
  [
    "an answer past the size limit",
    new AnswerTooLargeError({ route: "/stats", limitBytes: 64 * 1024 * 1024 }),
    "too_large",
  ],
  ["a 418", new ApiError({ status: 418, route: "/stats" }), "refused"],
];

describe("the error contract", () => {
  it.each(EVERY_ERROR)("gives %s a kind, a cell message and a pane message", (_name, error, kind) => {
    expect(isReportingError(error)).toBe(true);
    expect(error.kind).toBe(kind);
    expect(error.cellMessage.length).toBeGreaterThan(10);
    expect(error.paneMessage.length).toBeGreaterThan(10);
    expect(error.message).toBe(error.userMessage);
  });

  it("does not take a look-alike for an error of the contract", () => {
    expect(isReportingError({ kind: "input", cellMessage: "x", paneMessage: "x" })).toBe(false);
    expect(isReportingError(new Error("plain"))).toBe(false);
    expect(isReportingError(undefined)).toBe(false);
  });

  it("keeps what support needs on an API error: status, the service's code, its request id and a redacted excerpt", () => {
    const error = errorFromResponse(
      503,
      JSON.stringify({ error: { code: "maintenance", message: "Back at 10:00" } }),
      "/stats",
      {
        requestId: "req-8c1f",
      },
    );
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 503, serviceCode: "maintenance", requestId: "req-8c1f", route: "/stats" });
    expect(error.body).toContain("Back at 10:00");
    // The pane has room for the reference; a cell of 255 characters keeps the service's reason instead.
    expect(error.paneMessage).toMatch(
      / Reference for support: HTTP 503 on \/stats, code maintenance, request req-8c1f\.$/,
    );
    expect(error.cellMessage).not.toContain("req-8c1f");
    expect(error.cellMessage).toContain("The service said: Back at 10:00");
  });

  it("reads the request id from the answer's headers", async () => {
    const fetch = scriptedFetch(new Response("no", { status: 403, headers: { "X-Request-Id": "  abc-123 " } }));
    const transport = createTransport(fakeTransportOptions(fetch, { maxRetries: 0 }));
    const failure = await transport
      .request({ method: "GET", url: "https://service.test/stats", route: "/stats" })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PermissionDeniedError);
    expect((failure as ApiError).requestId).toBe("abc-123");
  });

  it("keeps the network failure as a redacted cause of a connection error", async () => {
    const token = `${"ab".repeat(32)}_0f8fad5b-d9cb-469f-a165-70867728950e`;
    const refused = Object.assign(new Error(`connect ECONNREFUSED 10.0.0.1:443 Bearer ${token}`), {
      code: "ECONNREFUSED",
    });
    const fetch = scriptedFetch(new TypeError("fetch failed", { cause: refused }));
    const transport = createTransport(fakeTransportOptions(fetch, { maxRetries: 0 }));
    const failure = await transport
      .request({
        method: "GET",
        url: "https://service.test/stats",
        route: "/stats",
        headers: { authorization: `Bearer ${token}` },
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConnectionError);
    const cause = (failure as Error).cause as Error;
    expect(cause).toBeInstanceOf(Error);
    expect(`${cause.name}: ${cause.message}`).toBe("TypeError: fetch failed");
    const inner = cause.cause as Error;
    expect(inner.message).toContain("ECONNREFUSED 10.0.0.1:443");
    expect(inner.message).not.toContain(token);
    expect(inner.stack).not.toContain(token);
  });
});
