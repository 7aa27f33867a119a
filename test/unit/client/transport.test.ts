import {
  AbortedError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from "../../../src/client/errors";
import { createRedactor } from "../../../src/client/redact";
import { createTransport, defaultSleep, type RetryEvent, type TransportRequest } from "../../../src/client/transport";
import { fakeTransportOptions, flushPromises, json, scriptedFetch, text } from "./fakes";

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
    await createTransport(fakeTransportOptions(fetch)).request({ ...request, method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(fetch.calls[0]).toMatchObject({ method: "POST", url: request.url, headers: { "content-type": "application/json" }, body: "{}" });
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
    const fetch = scriptedFetch(text("", 503, { "retry-after": "Wed, 15 Jan 2025 12:00:20 GMT" }), json({}));
    const options = fakeTransportOptions(fetch);
    await createTransport(options).request(request);
    expect(options.sleep.delays).toEqual([20_000]);
  });

  it("does not sit through a Retry-After beyond the cap: the 429 reaches the caller with the wait", async () => {
    const fetch = scriptedFetch(text("", 429, { "retry-after": "3600" }));
    const options = fakeTransportOptions(fetch);
    const failure = createTransport(options).request(request);
    await expect(failure).rejects.toBeInstanceOf(RateLimitError);
    await expect(failure).rejects.toMatchObject({ retryAfterSeconds: 3600, message: expect.stringContaining("Wait 3600 seconds") });
    expect(fetch.calls).toHaveLength(1);
  });

  it("tells onRetry and log about each retry, redacted", async () => {
    const events: RetryEvent[] = [];
    const lines: string[] = [];
    const fetch = scriptedFetch(text("", 503), json({}));
    const options = fakeTransportOptions(fetch, { onRetry: (event) => events.push(event), log: (line) => lines.push(line) });
    await createTransport(options).request({ ...request, redactor: createRedactor(["s3cr3t-value"]) });
    expect(events).toEqual([{ route: "/dates", retry: 1, delayMs: 250, reason: expect.stringContaining("HTTP 503") }]);
    expect(lines).toEqual([expect.stringMatching(/^GET \/dates: retry 1 of 3 in 250 ms/)]);
  });
});

describe("transport: timeouts", () => {
  it("turns a fetch that never answers into a TimeoutError naming the timeout", async () => {
    const fetch = scriptedFetch("hang");
    const failure = createTransport(fakeTransportOptions(fetch, { timeoutMs: 20 })).request(request);
    await expect(failure).rejects.toBeInstanceOf(TimeoutError);
    await expect(failure).rejects.toMatchObject({ timeoutMs: 20, route: "/dates", message: expect.stringContaining("did not answer within 20 milliseconds") });
  });

  it("aborts the fetch it gave up on", async () => {
    const fetch = scriptedFetch("hang-until-aborted");
    await expect(createTransport(fakeTransportOptions(fetch, { timeoutMs: 20 })).request(request)).rejects.toBeInstanceOf(TimeoutError);
    expect(fetch.calls[0]?.signal.aborted).toBe(true);
  });

  it("does not retry a timeout by default, and does when asked", async () => {
    const once = scriptedFetch("hang");
    await expect(createTransport(fakeTransportOptions(once, { timeoutMs: 20 })).request(request)).rejects.toBeInstanceOf(TimeoutError);
    expect(once.calls).toHaveLength(1);

    const twice = scriptedFetch("hang", json({}));
    const response = await createTransport(fakeTransportOptions(twice, { timeoutMs: 20, retry: { retryOnTimeout: true } })).request(request);
    expect(response.attempts).toBe(2);
  });

  it("covers reading the body, not only the headers", async () => {
    const stalledBody = new ReadableStream<Uint8Array>({ start: () => {} });
    const fetch = scriptedFetch(() => new Response(stalledBody, { status: 200 }));
    await expect(createTransport(fakeTransportOptions(fetch, { timeoutMs: 20 })).request(request)).rejects.toBeInstanceOf(TimeoutError);
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
    await expect(createTransport(fakeTransportOptions(fetch)).request({ ...request, signal: controller.signal })).rejects.toBeInstanceOf(AbortedError);
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
