import {
  AbortedError,
  AnswerTooLargeError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RedirectError,
  ServerError,
  TimeoutError,
} from "../../../src/client/errors";
import { createRedactor } from "../../../src/client/redact";
import { DEFAULT_RETRY_POLICY } from "../../../src/client/retry-policy";
import {
  createTransport,
  DEFAULT_MAX_EXPORT_BYTES,
  DEFAULT_MAX_JSON_BYTES,
  defaultSleep,
  type RetryEvent,
  type TransportRequest,
} from "../../../src/client/transport";
import { fakeClock, fakeTransportOptions, flushPromises, json, lazyBody, scriptedFetch, text } from "./fakes";

const request: TransportRequest = { method: "GET", url: "https://service.test/dates", route: "/dates" };

describe("transport: answers", () => {
  it("returns the status, headers and text of a 2xx answer after one attempt", async () => {
    const fetch = scriptedFetch(json({ from: "2024-01-01" }, 200, { "x-request-id": "r1" }));
    const response = await createTransport(fakeTransportOptions(fetch)).request(request);
    expect(response).toMatchObject({ status: 200, body: '{"from":"2024-01-01"}', attempts: 1 });
    expect(response.headers.get("x-request-id")).toBe("r1");
  });

  it("reads bytes when asked", async () => {
    const fetch = scriptedFetch(new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { status: 200 }));
    const response = await createTransport(fakeTransportOptions(fetch)).request({ ...request, responseType: "bytes" });
    expect(Array.from(response.body)).toEqual([0x50, 0x4b, 3, 4]);
  });

  it("sends the method, headers and body it is given", async () => {
    const fetch = scriptedFetch(json({}));
    await createTransport(fakeTransportOptions(fetch)).request({
      ...request,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(fetch.calls[0]).toMatchObject({
      method: "POST",
      url: request.url,
      headers: { "content-type": "application/json" },
      body: "{}",
    });
  });
});

describe("transport: retries", () => {
  it.each([408, 429, 500, 502, 503, 504])("retries %i up to maxRetries, then throws the last error", async (status) => {
    const fetch = scriptedFetch(text("busy", status));
    const options = fakeTransportOptions(fetch, { maxRetries: 3 });
    await expect(createTransport(options).request(request)).rejects.toMatchObject({ status });
    expect(fetch.calls).toHaveLength(4);
    expect(options.sleep.delays).toHaveLength(3);
  });

  it("succeeds when a retry succeeds", async () => {
    const fetch = scriptedFetch(text("", 503), text("", 502), json({ ok: true }));
    const response = await createTransport(fakeTransportOptions(fetch)).request(request);
    expect(response.attempts).toBe(3);
    expect(fetch.calls).toHaveLength(3);
  });

  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
  ])("never retries %i", async (status, errorClass) => {
    const fetch = scriptedFetch(text("no", status));
    const options = fakeTransportOptions(fetch);
    await expect(createTransport(options).request(request)).rejects.toBeInstanceOf(errorClass);
    expect(fetch.calls).toHaveLength(1);
    expect(options.sleep.delays).toEqual([]);
  });

  it("retries network failures and reports a ConnectionError when they persist", async () => {
    const fetch = scriptedFetch(new TypeError("fetch failed"));
    const options = fakeTransportOptions(fetch, { maxRetries: 2 });
    const failure = createTransport(options).request(request);
    await expect(failure).rejects.toBeInstanceOf(ConnectionError);
    await expect(failure).rejects.toMatchObject({ retryable: true, detail: "TypeError: fetch failed" });
    expect(fetch.calls).toHaveLength(3);
  });

  it("backs off exponentially with the injected jitter, capped", async () => {
    const fetch = scriptedFetch(text("", 500));
    const options = fakeTransportOptions(fetch, { maxRetries: 6, random: () => 0.999_999 });
    await expect(createTransport(options).request(request)).rejects.toBeInstanceOf(ServerError);
    expect(options.sleep.delays).toEqual([499, 999, 1_999, 3_999, 7_999, 7_999]);
  });

  it("honours Retry-After in seconds", async () => {
    const fetch = scriptedFetch(text("", 429, { "retry-after": "3" }), json({}));
    const options = fakeTransportOptions(fetch);
    await createTransport(options).request(request);
    expect(options.sleep.delays).toEqual([3_000]);
  });

  it("honours Retry-After as an HTTP date, against the injected clock", async () => {
    const fetch = scriptedFetch(text("", 503, { "retry-after": "Wed, 15 Jan 2025 12:00:07 GMT" }), json({}));
    const options = fakeTransportOptions(fetch);
    await createTransport(options).request(request);
    expect(options.sleep.delays).toEqual([7_000]);
  });

  it("does not sit through a Retry-After beyond the cap: the 429 reaches the caller with the wait", async () => {
    const fetch = scriptedFetch(text("", 429, { "retry-after": "3600" }));
    const options = fakeTransportOptions(fetch);
    const failure = createTransport(options).request(request);
    await expect(failure).rejects.toBeInstanceOf(RateLimitError);
    await expect(failure).rejects.toMatchObject({
      retryAfterSeconds: 3600,
      message: expect.stringContaining("Wait 60 minutes"),
    });
    expect(fetch.calls).toHaveLength(1);
  });

  it("tells onRetry and log about each retry, redacted", async () => {
    const events: RetryEvent[] = [];
    const lines: string[] = [];
    const fetch = scriptedFetch(text("", 503), json({}));
    const options = fakeTransportOptions(fetch, {
      onRetry: (event) => events.push(event),
      log: (line) => lines.push(line),
    });
    await createTransport(options).request({ ...request, redactor: createRedactor(["s3cr3t-value"]) });
    expect(events).toEqual([{ route: "/dates", retry: 1, delayMs: 250, reason: expect.stringContaining("HTTP 503") }]);
    expect(lines).toEqual([expect.stringMatching(/^GET \/dates: retry 1 of 3 in 250 ms/)]);
  });

  it("names the service's wait on a retry event only when the service asked for it (not for 0 or a past date)", async () => {
    const events: RetryEvent[] = [];
    const fetch = scriptedFetch(
      text("", 429, { "retry-after": "4" }),
      text("", 429, { "retry-after": "0" }),
      text("", 503, { "retry-after": "Wed, 15 Jan 2025 11:00:00 GMT" }),
      json({}),
    );
    await createTransport(fakeTransportOptions(fetch, { onRetry: (event) => events.push(event) })).request(request);
    expect(events.map(({ delayMs, retryAfterMs }) => ({ delayMs, retryAfterMs }))).toEqual([
      { delayMs: 4_000, retryAfterMs: 4_000 },
      { delayMs: 500, retryAfterMs: undefined },
      { delayMs: 1_000, retryAfterMs: undefined },
    ]);
    expect(events.filter((event) => "retryAfterMs" in event)).toHaveLength(1);
  });

  it("a 429 whose Retry-After is 0 asks for no wait: its message gives the usual one", async () => {
    const fetch = scriptedFetch(text("", 429, { "retry-after": "0" }));
    const failure = await createTransport(fakeTransportOptions(fetch, { maxRetries: 0 }))
      .request(request)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ retryAfterSeconds: undefined, message: expect.stringContaining("Wait a minute") });
  });
});

describe("transport: timeouts", () => {
  it("turns a fetch that never answers into a TimeoutError naming the timeout", async () => {
    const fetch = scriptedFetch("hang");
    const failure = createTransport(fakeTransportOptions(fetch, { timeoutMs: 20 })).request(request);
    await expect(failure).rejects.toBeInstanceOf(TimeoutError);
    await expect(failure).rejects.toMatchObject({
      timeoutMs: 20,
      route: "/dates",
      message: expect.stringContaining("did not answer within 20 milliseconds"),
    });
  });

  it("aborts the fetch it gave up on", async () => {
    const fetch = scriptedFetch("hang-until-aborted");
    await expect(
      createTransport(fakeTransportOptions(fetch, { timeoutMs: 20 })).request(request),
    ).rejects.toBeInstanceOf(TimeoutError);
    expect(fetch.calls[0]?.signal.aborted).toBe(true);
  });

  it("does not retry a timeout by default, and does when asked", async () => {
    const once = scriptedFetch("hang");
    await expect(
      createTransport(fakeTransportOptions(once, { timeoutMs: 20 })).request(request),
    ).rejects.toBeInstanceOf(TimeoutError);
    expect(once.calls).toHaveLength(1);

    const twice = scriptedFetch("hang", json({}));
    const response = await createTransport(
      fakeTransportOptions(twice, { timeoutMs: 20, retry: { retryOnTimeout: true } }),
    ).request(request);
    expect(response.attempts).toBe(2);
  });

  it("covers reading the body, not only the headers", async () => {
    const stalledBody = new ReadableStream<Uint8Array>({ start: () => {} });
    const fetch = scriptedFetch(() => new Response(stalledBody, { status: 200 }));
    await expect(
      createTransport(fakeTransportOptions(fetch, { timeoutMs: 20 })).request(request),
    ).rejects.toBeInstanceOf(TimeoutError);
  });

  it("defaults to 45 seconds, below Excel on Mac's limit", async () => {
    const fetch = scriptedFetch("hang");
    let timeoutMs = 0;
    const spy = jest.spyOn(globalThis, "setTimeout").mockImplementation(((handler: () => void, ms?: number) => {
      timeoutMs = ms ?? 0;
      handler();
      return 0 as unknown as ReturnType<typeof setTimeout>;
    }) as typeof setTimeout);
    try {
      await expect(createTransport({ fetch }).request(request)).rejects.toMatchObject({ timeoutMs: 45_000 });
    } finally {
      spy.mockRestore();
    }
    expect(timeoutMs).toBe(45_000);
  });
});

describe("transport: cancellation", () => {
  it("refuses to start when the signal is already aborted", async () => {
    const fetch = scriptedFetch(json({}));
    const controller = new AbortController();
    controller.abort();
    await expect(
      createTransport(fakeTransportOptions(fetch)).request({ ...request, signal: controller.signal }),
    ).rejects.toBeInstanceOf(AbortedError);
    expect(fetch.calls).toHaveLength(0);
  });

  it("aborts mid-request, passes the abort to fetch, and does not retry", async () => {
    const fetch = scriptedFetch("hang-until-aborted");
    const controller = new AbortController();
    const options = fakeTransportOptions(fetch);
    const pending = createTransport(options).request({ ...request, signal: controller.signal });
    await flushPromises();
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
    expect(fetch.calls).toHaveLength(1);
    expect(fetch.calls[0]?.signal.aborted).toBe(true);
    expect(options.sleep.delays).toEqual([]);
  });

  it("aborts mid-request even when fetch ignores the signal", async () => {
    const fetch = scriptedFetch("hang");
    const controller = new AbortController();
    const pending = createTransport(fakeTransportOptions(fetch)).request({ ...request, signal: controller.signal });
    await flushPromises();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: "aborted", retryable: false });
  });

  it("aborts during the backoff sleep, at once, without another attempt", async () => {
    const fetch = scriptedFetch(text("", 503));
    const controller = new AbortController();
    let sleeping: (() => void) | undefined;
    const sleepStarted = new Promise<void>((resolve) => (sleeping = resolve));
    // A sleep that would wait an hour: only the abort can end it.
    const options = fakeTransportOptions(fetch, {
      sleep: (ms, signal) => {
        sleeping?.();
        return defaultSleep(ms * 3_600, signal);
      },
    });
    const pending = createTransport(options).request({ ...request, signal: controller.signal });
    await sleepStarted;
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
    expect(fetch.calls).toHaveLength(1);
  });

  it("aborts during the backoff even when the injected sleep ignores the signal", async () => {
    const fetch = scriptedFetch(text("", 503));
    const controller = new AbortController();
    let sleeping: (() => void) | undefined;
    const sleepStarted = new Promise<void>((resolve) => (sleeping = resolve));
    const options = fakeTransportOptions(fetch, {
      sleep: () => {
        sleeping?.();
        return new Promise<void>(() => {});
      },
    });
    const pending = createTransport(options).request({ ...request, signal: controller.signal });
    await sleepStarted;
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
    expect(fetch.calls).toHaveLength(1);
  });
});

describe("defaultSleep", () => {
  it("resolves after the delay and rejects when aborted", async () => {
    await expect(defaultSleep(1)).resolves.toBeUndefined();
    const controller = new AbortController();
    const pending = defaultSleep(60_000, controller.signal);
    controller.abort(new Error("stop"));
    await expect(pending).rejects.toThrow("stop");
  });
});

describe("transport: network failures on another origin", () => {
  const crossOrigin: TransportRequest = {
    method: "GET",
    url: "https://reporting.example.com/api/dates",
    route: "/dates",
  };

  async function connectionErrorFor(url: string, pageOrigin: string | undefined): Promise<ConnectionError> {
    const fetch = scriptedFetch(new TypeError("Failed to fetch"));
    const options = fakeTransportOptions(fetch, pageOrigin === undefined ? {} : { pageOrigin });
    const failure = await createTransport(options)
      .request({ ...crossOrigin, url })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConnectionError);
    return failure as ConnectionError;
  }

  it("point 7: a failure on another origin says the browser most likely blocked it and points to the proxy and the IT team", async () => {
    const error = await connectionErrorFor("https://reporting.example.com/api/dates", "https://addin.example.org");
    expect(error.message).toMatch(/most likely blocked/);
    expect(error.message).toMatch(/proxy/);
    expect(error.message).toMatch(/IT team/);
    expect(error.message).not.toMatch(/internet connection/);
    expect(error).toMatchObject({ likelyCause: "cross_origin", kind: "unavailable" });
  });

  it("point 7: an http:// address from an https:// page says so", async () => {
    const error = await connectionErrorFor("http://reporting.example.com/api/dates", "https://addin.example.org");
    expect(error.message).toMatch(/starts with http:\/\/ but the add-in runs on https:\/\//);
    expect(error.message).toMatch(/proxy/);
    expect(error).toMatchObject({ likelyCause: "insecure_address" });
  });

  it("point 7: an http:// loopback address is not mixed content (browsers allow it), only another origin", async () => {
    const error = await connectionErrorFor("http://127.0.0.1:3001/api/dates", "https://localhost:3000");
    expect(error).toMatchObject({ likelyCause: "cross_origin" });
  });

  it("point 7: a failure on the page's own origin, or with no origin known, keeps the connection message", async () => {
    for (const error of [
      await connectionErrorFor("https://addin.example.org/service/bearer/dates", "https://addin.example.org"),
      await connectionErrorFor("https://reporting.example.com/api/dates", undefined),
    ]) {
      expect(error.message).toMatch(/^Could not reach the reporting service\. Check the internet connection/);
      expect(error).toMatchObject({ likelyCause: "network" });
    }
  });

  it("every message of a request the browser most likely blocked fits a cell", async () => {
    for (const url of ["https://reporting.example.com/x", "http://reporting.example.com/x"]) {
      expect((await connectionErrorFor(url, "https://addin.example.org")).cellMessage.length).toBeLessThanOrEqual(255);
    }
  });
});

describe("transport: redirects never carry credentials elsewhere", () => {
  const withToken: TransportRequest = {
    method: "POST",
    url: "https://service.test/api/stats",
    route: "/stats",
    headers: { authorization: "Bearer t0k3n", "content-type": "application/json" },
    body: "{}",
    credentials: "token",
  };
  const redirectTo = (location: string, status = 302) => new Response(null, { status, headers: { location } });

  it("point 8: a request carrying credentials asks fetch not to follow redirects", async () => {
    const fetch = scriptedFetch(json({}));
    await createTransport(fakeTransportOptions(fetch)).request(withToken);
    expect(fetch.calls[0]?.redirect).toBe("manual");
  });

  it("point 8: a redirect to another origin is one non-retryable error naming that origin, and is not followed", async () => {
    const fetch = scriptedFetch(redirectTo("https://elsewhere.test:8443/collect?x=1"), json({}));
    const options = fakeTransportOptions(fetch);
    const failure = await createTransport(options)
      .request(withToken)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RedirectError);
    expect(failure).toMatchObject({
      code: "redirected_elsewhere",
      kind: "unavailable",
      retryable: false,
      target: "https://elsewhere.test:8443",
    });
    expect((failure as Error).message).toMatch(/Check the service address in the Reporting task pane \(Connect\)/);
    expect(fetch.calls).toHaveLength(1);
    expect(options.sleep.delays).toEqual([]);
  });

  it("point 8: a browser's opaque redirect (status 0) is the same error, without a target", async () => {
    const opaque = {
      status: 0,
      type: "opaqueredirect",
      headers: new Headers(),
      body: null,
      text: async () => "",
      arrayBuffer: async () => new ArrayBuffer(0),
    };
    const fetch = scriptedFetch(() => opaque as unknown as Response);
    const failure = await createTransport(fakeTransportOptions(fetch))
      .request(withToken)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "redirected_elsewhere", retryable: false, target: undefined });
    expect(fetch.calls).toHaveLength(1);
  });

  it("point 8: a redirect within the same origin is followed with the credentials, keeping a POST for 307", async () => {
    const fetch = scriptedFetch(redirectTo("/v2/stats", 307), json({ ok: true }));
    const response = await createTransport(fakeTransportOptions(fetch)).request(withToken);
    expect(response.body).toBe('{"ok":true}');
    expect(fetch.calls.map((call) => [call.method, call.url, call.headers.authorization, call.body])).toEqual([
      ["POST", "https://service.test/api/stats", "Bearer t0k3n", "{}"],
      ["POST", "https://service.test/v2/stats", "Bearer t0k3n", "{}"],
    ]);
  });

  it("point 8: a same-origin 303 continues as a GET without the body, as fetch would", async () => {
    const fetch = scriptedFetch(redirectTo("https://service.test/result", 303), json({}));
    await createTransport(fakeTransportOptions(fetch)).request(withToken);
    expect(fetch.calls[1]).toMatchObject({ method: "GET", body: undefined });
  });

  it("point 8: a redirect loop is one clear error after a few hops, not retried", async () => {
    const fetch = scriptedFetch(redirectTo("https://service.test/api/stats"));
    const options = fakeTransportOptions(fetch);
    const failure = await createTransport(options)
      .request(withToken)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "redirect_loop", retryable: false });
    expect((failure as Error).message).toMatch(/keeps redirecting/);
    expect(fetch.calls.length).toBeLessThanOrEqual(6);
    expect(options.sleep.delays).toEqual([]);
  });
});

describe("transport: Retry-After against the cell's deadline", () => {
  it("point 10: Retry-After: 60 ends at once with the wait, instead of three 60-second waits", async () => {
    const fetch = scriptedFetch(text("", 429, { "retry-after": "60" }));
    const clock = fakeClock();
    const failure = await createTransport(fakeTransportOptions(fetch, clock))
      .request(request)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RateLimitError);
    expect((failure as Error).message).toBe("The service is receiving too many requests. Wait 60 seconds and refresh.");
    expect(fetch.calls).toHaveLength(1);
    expect(clock.delays).toEqual([]);
  });

  it("point 10: a Retry-After date in the past backs off instead of three instant retries", async () => {
    const fetch = scriptedFetch(text("", 503, { "retry-after": "Wed, 15 Jan 2025 11:00:00 GMT" }));
    const clock = fakeClock();
    await expect(createTransport(fakeTransportOptions(fetch, clock)).request(request)).rejects.toBeInstanceOf(
      ServerError,
    );
    expect(clock.delays).toEqual([250, 500, 1_000]);
  });

  it("point 10: no wait starts that would end past the retry budget: attempts that took long leave no time to wait", async () => {
    const clock = fakeClock();
    // Each attempt takes 25 s before the service fails it.
    const fetch = scriptedFetch(() => {
      clock.advance(25_000);
      return text("", 503);
    });
    await expect(createTransport(fakeTransportOptions(fetch, clock)).request(request)).rejects.toBeInstanceOf(
      ServerError,
    );
    const waitedUntil = clock.delays.reduce((sum, delay) => sum + delay, 0) + fetch.calls.length * 25_000;
    expect(fetch.calls).toHaveLength(3);
    expect(waitedUntil).toBeLessThanOrEqual(DEFAULT_RETRY_POLICY.retryBudgetMs + 25_000);
  });
});

describe("transport: answer sizes", () => {
  const MB = 1024 * 1024;

  it("point 11: an error body is read only up to a small cap, and the rest is cancelled", async () => {
    const huge = lazyBody(50 * MB);
    const fetch = scriptedFetch(() => new Response(huge.stream, { status: 404 }));
    const failure = await createTransport(fakeTransportOptions(fetch))
      .request(request)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NotFoundError);
    // The cap, plus the few chunks a stream queues ahead of its reader.
    expect(huge.state.pulledBytes).toBeLessThanOrEqual(4 * 64 * 1024);
    expect(huge.state.cancelled).toBe(true);
  });

  it("point 11: a JSON answer announcing more than the limit is refused before it is read", async () => {
    const huge = lazyBody(80 * MB);
    const fetch = scriptedFetch(
      () => new Response(huge.stream, { status: 200, headers: { "content-length": String(80 * MB) } }),
    );
    const options = fakeTransportOptions(fetch);
    const failure = await createTransport(options)
      .request(request)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AnswerTooLargeError);
    expect(failure).toMatchObject({ kind: "too_large", retryable: false, limitBytes: 64 * MB });
    expect((failure as Error).message).toMatch(/larger than 64 MB/);
    expect(huge.state.pulledBytes).toBeLessThanOrEqual(64 * 1024);
    expect(fetch.calls).toHaveLength(1);
  });

  it("point 11: a streamed JSON answer is aborted as soon as it passes the limit", async () => {
    const huge = lazyBody(8 * MB);
    const fetch = scriptedFetch(() => new Response(huge.stream, { status: 200 }));
    const failure = await createTransport(fakeTransportOptions(fetch, { maxJsonBytes: 1 * MB }))
      .request(request)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AnswerTooLargeError);
    expect(huge.state.pulledBytes).toBeLessThanOrEqual(1 * MB + 4 * 64 * 1024);
    expect(huge.state.cancelled).toBe(true);
  });

  it("point 11: the default JSON limit holds the widest legitimate 10,000-row page many times over", async () => {
    const row = {
      group: {
        date: "2025-01-01",
        organization: "org_0123456789",
        asset: "asset_0123456789abcdef",
        asset_type: "ANDROID",
        country: "FR",
        ad_unit: "1234567_interstitial_rewarded",
        format: "interstitial",
        integration_type: "sdk",
        device_types: "mobile",
      },
      metrics: { revenues: 1234.567891, impressions: 123456789, ecpm: 12.345678, requests: 987654321 },
    };
    const page = JSON.stringify({ stats: Array.from({ length: 10_000 }, () => row), total: 10_000 });
    // All nine groups and four metrics: the emulator's widest page measures 3.8 MB.
    expect(page.length).toBeGreaterThan(3 * MB);
    const fetch = scriptedFetch(
      () => new Response(page, { status: 200, headers: { "content-length": String(page.length) } }),
    );
    const response = await createTransport(fakeTransportOptions(fetch)).request(request);
    expect(response.body).toBe(page);
    expect(DEFAULT_MAX_JSON_BYTES).toBeGreaterThanOrEqual(15 * page.length);
  });

  it("point 11: exports have their own, larger limit", async () => {
    const limits = { maxJsonBytes: 1 * MB, maxExportBytes: 4 * MB };
    const bytes = (size: number) => () => new Response(lazyBody(size).stream, { status: 200 });
    const file = await createTransport(fakeTransportOptions(scriptedFetch(bytes(2 * MB)), limits)).request({
      ...request,
      responseType: "bytes",
    });
    expect(file.body.length).toBe(2 * MB);
    const csv = await createTransport(fakeTransportOptions(scriptedFetch(bytes(2 * MB)), limits)).request({
      ...request,
      isExport: true,
    });
    expect(csv.body.length).toBe(2 * MB);
    const tooBig = createTransport(fakeTransportOptions(scriptedFetch(bytes(5 * MB)), limits)).request({
      ...request,
      responseType: "bytes",
    });
    await expect(tooBig).rejects.toMatchObject({ code: "answer_too_large", limitBytes: 4 * MB });
    expect(DEFAULT_MAX_EXPORT_BYTES).toBeGreaterThan(DEFAULT_MAX_JSON_BYTES);
  });

  it("point 11: a body that breaks off mid-way says the connection broke while the answer arrived", async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"stats":['));
        controller.error(new TypeError("terminated"));
      },
    });
    const fetch = scriptedFetch(() => new Response(broken, { status: 200 }), json({}));
    const options = fakeTransportOptions(fetch, { maxRetries: 0 });
    const failure = await createTransport(options)
      .request(request)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConnectionError);
    expect(failure).toMatchObject({ likelyCause: "interrupted", retryable: true });
    expect((failure as Error).message).toMatch(/broke while/);
  });
});
