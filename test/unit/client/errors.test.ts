import {
  AbortedError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  errorFromResponse,
  formatDuration,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  readServiceError,
  ReportingError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
} from "../../../src/client/errors";

const ours = (code: string, message: string) => JSON.stringify({ error: { code, message } });

describe("errorFromResponse", () => {
  it.each([
    [400, BadRequestError, "bad_request", false],
    [422, BadRequestError, "bad_request", false],
    [401, AuthenticationError, "authentication_failed", false],
    [403, PermissionDeniedError, "permission_denied", false],
    [404, NotFoundError, "not_found", false],
    [429, RateLimitError, "rate_limited", true],
    [500, ServerError, "server_error", true],
    [503, ServerError, "server_error", true],
    [408, ApiError, "request_timeout", true],
    [409, ApiError, "http_error", false],
  ])("maps HTTP %i to %p", (status, errorClass, code, retryable) => {
    const error = errorFromResponse(status, "", "/stats");
    expect(error).toBeInstanceOf(errorClass);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(ReportingError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ status, code, retryable, route: "/stats" });
    expect(error.message).toBe(error.userMessage);
  });

  it("reads the service's code and message from our error body", () => {
    const error = errorFromResponse(400, ours("period_too_long", "The period may span at most 1096 days."), "/stats");
    expect(error).toMatchObject({
      serviceCode: "period_too_long",
      serviceMessage: "The period may span at most 1096 days.",
    });
    expect(error.message).toBe(
      "The service rejected the request: The period may span at most 1096 days. Check the dates, filters and groups, then try again.",
    );
  });

  it.each([
    ["HTML", "<html><body><h1>502 Bad Gateway</h1></body></html>"],
    ["plain text", "upstream connect error"],
    ["empty", ""],
    ["truncated JSON", '{"error": {"code": "x", "mess'],
    ["JSON of another shape", "[1, 2, 3]"],
    ["JSON null", "null"],
  ])("copes with a %s body", (_kind, body) => {
    const error = errorFromResponse(502, body, "/stats");
    expect(error).toBeInstanceOf(ServerError);
    expect(error.serviceMessage).toBeUndefined();
    expect(error.body).toBe(body);
    expect(error.message).toBe(
      "The reporting service is unavailable right now (HTTP 502). Try again in a few minutes.",
    );
  });

  it("says a 413 is about the size of the request, without advising to try the same again", () => {
    const error = errorFromResponse(
      413,
      ours("body_too_large", "The request body is larger than the 1000000 bytes the service accepts."),
      "/stats",
    );
    expect(error).toMatchObject({ code: "http_error", retryable: false, serviceCode: "body_too_large" });
    expect(error.message).toBe(
      "The request to /stats is too large for the service (HTTP 413). Use fewer values in the filters, or split the request into several, then refresh.",
    );
  });

  it.each([405, 409, 415])(
    "says another %i refuses this request, quotes the service and does not advise trying again",
    (status) => {
      const quoted = errorFromResponse(
        status,
        ours("unsupported_media_type", "The request body must be JSON."),
        "/stats",
      );
      expect(quoted.message).toBe(
        `The service refused the request to /stats (HTTP ${status}): The request body must be JSON. Trying again will not help: the add-in may need an update, so contact support.`,
      );
      expect(quoted.retryable).toBe(false);
      expect(errorFromResponse(status, "", "/dates").message).toBe(
        `The service refused the request to /dates (HTTP ${status}). Trying again will not help: the add-in may need an update, so contact support.`,
      );
    },
  );

  it("keeps advising a later try for statuses that are not a refusal of the request", () => {
    expect(errorFromResponse(304, "", "/stats").message).toBe(
      "The service answered /stats with an unexpected error (HTTP 304). Try again; if it keeps happening, contact support.",
    );
  });

  it("keeps the body short", () => {
    const error = errorFromResponse(500, "x".repeat(10_000), "/stats");
    expect(error.body.length).toBeLessThan(2_100);
  });

  it("tolerates an undefined body", () => {
    expect(errorFromResponse(401, undefined, "/stats").body).toBe("");
  });
});

describe("readServiceError", () => {
  it("reads common shapes beyond ours", () => {
    expect(readServiceError('{"message":"Token expired"}')).toEqual({ serviceMessage: "Token expired" });
    expect(readServiceError('{"error":"invalid_token","error_description":"expired"}')).toEqual({
      serviceMessage: "invalid_token",
    });
    expect(readServiceError('{"code":"E1","detail":"Nope"}')).toEqual({ serviceCode: "E1", serviceMessage: "Nope" });
  });
});

describe("messages a finance user can act on", () => {
  it("401 with a token names the token and where to fix it", () => {
    expect(errorFromResponse(401, "", "/stats").message).toBe(
      "The service refused the access token. Check the token in the Reporting task pane (Connect) and sign in again.",
    );
  });

  it("401 with a key and secret names them instead", () => {
    expect(errorFromResponse(401, "", "/reporting/v1/stats", { credentials: "apiKey" }).message).toBe(
      "The service refused the API key and secret. Check them in the Reporting task pane (Connect) and connect again.",
    );
  });

  it("429 says how long to wait when the service said so, rounding up", () => {
    expect(errorFromResponse(429, "", "/stats", { retryAfterSeconds: 30 }).message).toBe(
      "The service is receiving too many requests. Wait 30 seconds and refresh.",
    );
    expect(errorFromResponse(429, "", "/stats", { retryAfterSeconds: 0.2 }).message).toContain("Wait 1 second and");
    expect(errorFromResponse(429, "", "/stats").message).toContain("Wait a minute and refresh.");
  });

  it("429 speaks of a long wait in minutes or hours, and of an absurd one plainly", () => {
    const wait = (seconds: number) => errorFromResponse(429, "", "/stats", { retryAfterSeconds: seconds }).message;
    expect(wait(119)).toContain("Wait 119 seconds and");
    expect(wait(3_600)).toContain("Wait 60 minutes and");
    expect(wait(3 * 3_600)).toContain("Wait 3 hours and");
    expect(wait(99_999_999_999)).toContain("Wait a day or more and");
  });

  it("404 without a service message names the route", () => {
    expect(errorFromResponse(404, "", "/dates").message).toContain("found nothing at /dates (HTTP 404)");
  });

  it("timeouts name the time and suggest a smaller query", () => {
    expect(new TimeoutError({ route: "/stats", timeoutMs: 45_000 }).message).toBe(
      "The service did not answer within 45 seconds. Try a shorter period or fewer groups, then refresh.",
    );
  });

  it("other failures say what to check", () => {
    expect(new ConnectionError({ route: "/stats" }).message).toMatch(
      /^Could not reach the reporting service\. Check the internet connection/,
    );
    expect(new AbortedError({ route: "/stats" })).toMatchObject({
      code: "aborted",
      retryable: false,
      name: "AbortedError",
    });
  });

  it("a response problem names the route, the field and what was expected", () => {
    const error = new ResponseValidationError({
      route: "/stats",
      issues: [{ path: "stats[3].metrics.revenues", message: "expected a number" }],
    });
    expect(error.message).toBe(
      "The service answered /stats with an unexpected value at stats[3].metrics.revenues (expected a number). The add-in may need an update; contact support if this keeps happening.",
    );
  });

  it("a response problem counts the problems it does not name", () => {
    const issues = [
      { path: "a", message: "missing" },
      { path: "b", message: "missing" },
    ];
    expect(new ResponseValidationError({ route: "/x", issues, issueCount: 40 }).message).toContain(
      "(missing), and 39 more problems.",
    );
  });

  it("an invalid request lists every problem", () => {
    const error = new InvalidRequestError({
      issues: [
        { path: "filters.from", message: "filters.from must be a real date written YYYY-MM-DD" },
        { path: "limit", message: "limit must be 0 or more" },
      ],
    });
    expect(error.message).toBe(
      "The request was not sent: filters.from must be a real date written YYYY-MM-DD; limit must be 0 or more. Correct these and try again.",
    );
  });
});

describe("formatDuration", () => {
  it("speaks in seconds from one second up, in milliseconds below", () => {
    expect(formatDuration(45_000)).toBe("45 seconds");
    expect(formatDuration(1_000)).toBe("1 second");
    expect(formatDuration(1_500)).toBe("1.5 seconds");
    expect(formatDuration(20)).toBe("20 milliseconds");
  });
});

describe("names", () => {
  it("every class names itself, so that logs and cells can tell them apart", () => {
    const names = [
      errorFromResponse(400, "", "/"),
      errorFromResponse(401, "", "/"),
      errorFromResponse(403, "", "/"),
      errorFromResponse(404, "", "/"),
      errorFromResponse(429, "", "/"),
      errorFromResponse(500, "", "/"),
      errorFromResponse(418, "", "/"),
      new ConnectionError({ route: "/" }),
      new TimeoutError({ route: "/", timeoutMs: 1 }),
      new AbortedError({ route: "/" }),
      new ResponseValidationError({ route: "/", issues: [] }),
      new InvalidRequestError({ issues: [] }),
    ].map((error) => error.name);
    expect(names).toEqual([
      "BadRequestError",
      "AuthenticationError",
      "PermissionDeniedError",
      "NotFoundError",
      "RateLimitError",
      "ServerError",
      "ApiError",
      "ConnectionError",
      "TimeoutError",
      "AbortedError",
      "ResponseValidationError",
      "InvalidRequestError",
    ]);
  });
});
