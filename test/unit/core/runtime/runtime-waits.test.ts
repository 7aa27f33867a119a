import { AbortedError, type FetchLike, type RetryEvent } from "../../../../src/client";
import { readStatsQuery } from "../../../../src/core/arguments/stats-query";
import { memoryStorage } from "../../../../src/core/profiles/memory-storage";
import { ProfileStore } from "../../../../src/core/profiles/profile-store";
import { createReportingRuntime } from "../../../../src/core/runtime/reporting-runtime";
import { fakeTransportOptions, json, type RecordedCall } from "../../client/fakes";
import { deferred, settle } from "../deferred";
import { bearer } from "../profiles/fixtures";

const STATS_BODY = { stats: [{ group: { country: "FR" }, metrics: { revenues: 12.5 } }], total: 1 };

async function runtimeOver(fetch: FetchLike, transportRetries: RetryEvent[] = []) {
  const store = new ProfileStore({ storage: memoryStorage() });
  await store.save(bearer("Finance"));
  await store.activate("Finance");
  const runtime = createReportingRuntime({
    store,
    today: () => "2026-06-30",
    transport: fakeTransportOptions(fetch, { onRetry: (event) => transportRetries.push(event) }),
  });
  await runtime.ready;
  return runtime;
}

const query = () =>
  readStatsQuery(
    { from: "2026-06-01", to: "2026-06-30", groups: [["country"]], metrics: [["revenues"]] },
    () => "2026-06-30",
  );

describe("the runtime's retry events", () => {
  it("tells each listener of a wait the service asked for, and of our own backoff, until unsubscribed", async () => {
    const answers = [
      json({ error: { code: "rate_limited", message: "slow down" } }, 429, { "Retry-After": "7" }),
      json({ error: { code: "internal", message: "oops" } }, 503),
      json(STATS_BODY),
    ];
    const fetch: FetchLike = async () => answers.shift() ?? json(STATS_BODY);
    const fromTransport: RetryEvent[] = [];
    const runtime = await runtimeOver(fetch, fromTransport);
    const heard: RetryEvent[] = [];
    const stop = runtime.onRetry((event) => heard.push(event));

    await runtime.functions.statsTable(query());
    expect(heard.map(({ route, retry, retryAfterMs }) => ({ route, retry, retryAfterMs }))).toEqual([
      { route: "/stats", retry: 1, retryAfterMs: 7_000 },
      { route: "/stats", retry: 2, retryAfterMs: undefined },
    ]);
    expect(heard[0]?.delayMs).toBe(7_000);
    // The transport's own listener (the page's) still hears them.
    expect(fromTransport).toHaveLength(2);

    stop();
    answers.push(json({ error: { code: "internal", message: "oops" } }, 503), json(STATS_BODY));
    await runtime.refreshAll();
    await runtime.functions.statsTable(query());
    expect(heard).toHaveLength(2);
    expect(fromTransport).toHaveLength(3);
  });

  it("keeps a failing listener from breaking the request", async () => {
    const answers = [json({}, 503), json(STATS_BODY)];
    const runtime = await runtimeOver(async () => answers.shift() ?? json(STATS_BODY));
    runtime.onRetry(() => {
      throw new Error("listener broke");
    });
    await expect(runtime.functions.statsTable(query())).resolves.toMatchObject({ dataRowCount: 1 });
  });
});

describe("cancelling the pane's preview", () => {
  it("leaves a formula cell waiting on the same answer in flight untouched", async () => {
    const answer = deferred<Response>();
    const calls: RecordedCall[] = [];
    const fetch: FetchLike = async (url, init) => {
      calls.push({ url, method: init.method, headers: init.headers, body: init.body, signal: init.signal });
      return answer.promise;
    };
    const runtime = await runtimeOver(fetch);
    const cell = runtime.functions.stats("2026-06-01", "2026-06-30", [["country"]], [["revenues"]]);
    const cancel = new AbortController();
    const preview = runtime.functions.statsTable(query(), cancel.signal);
    await settle();
    expect(calls).toHaveLength(1);

    cancel.abort();
    await expect(preview).rejects.toBeInstanceOf(AbortedError);
    // The one request both share goes on for the cell.
    expect(calls[0]?.signal.aborted).toBe(false);
    answer.resolve(json(STATS_BODY));
    expect((await cell).rows[1]).toEqual(["FR", 12.5]);
    expect(calls).toHaveLength(1);
  });

  it("stops the request when nobody else waits for it", async () => {
    const calls: RecordedCall[] = [];
    const fetch: FetchLike = (url, init) => {
      calls.push({ url, method: init.method, headers: init.headers, body: init.body, signal: init.signal });
      return new Promise<never>((_resolve, reject) =>
        init.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
      );
    };
    const runtime = await runtimeOver(fetch);
    const cancel = new AbortController();
    const preview = runtime.functions.statsTable(query(), cancel.signal);
    await settle();
    cancel.abort();
    await expect(preview).rejects.toBeInstanceOf(AbortedError);
    await settle();
    expect(calls[0]?.signal.aborted).toBe(true);
  });
});
