import type { FetchLike, RetryEvent } from "../../../../../src/client";
import { readStatsQuery } from "../../../../../src/core/arguments/stats-query";
import { memoryStorage } from "../../../../../src/core/profiles/memory-storage";
import { ProfileStore } from "../../../../../src/core/profiles/profile-store";
import { createReportingRuntime } from "../../../../../src/core/runtime/reporting-runtime";
import { onOwnRetries } from "../../../../../src/taskpane/tabs/query/own-retries";
import { deferred, settle } from "../../../core/deferred";
import { fakeTransportOptions, json, text } from "../../../client/fakes";
import { bearer } from "../../../core/profiles/fixtures";

const STATS_BODY = { stats: [{ group: { country: "FR" }, metrics: { revenues: 12.5 } }], total: 1 };
const rateLimited = (seconds: number) =>
  json({ error: { code: "rate_limited", message: "slow down" } }, 429, { "Retry-After": String(seconds) });

/** A service whose first answer to each request body is a 429 with its own Retry-After, then the data. */
function rateLimitedService(waitOf: (body: string) => number, held?: Promise<void>) {
  const seen = new Set<string>();
  const fetch: FetchLike = async (url, init) => {
    await held;
    const key = `${new URL(url).pathname} ${init.body ?? ""}`;
    if (!seen.has(key)) {
      seen.add(key);
      return rateLimited(waitOf(init.body ?? ""));
    }
    return new URL(url).pathname === "/stats/csv"
      ? text("country,revenues\r\nFR,12.5\r\n", 200, { "content-type": "text/csv" })
      : json(STATS_BODY);
  };
  return fetch;
}

async function runtimeOver(fetch: FetchLike) {
  const store = new ProfileStore({ storage: memoryStorage() });
  await store.save(bearer("Finance"));
  await store.activate("Finance");
  const runtime = createReportingRuntime({ store, today: () => "2026-06-30", transport: fakeTransportOptions(fetch) });
  await runtime.ready;
  return runtime;
}

const queryFrom = (from: string) =>
  readStatsQuery({ from, to: "2026-06-30", groups: [["country"]], metrics: [["revenues"]] }, () => "2026-06-30");
const waitsOf = (events: RetryEvent[]) => events.map((event) => event.retryAfterMs);

describe("the retries an action hears", () => {
  it("are those of its own requests, not a formula cell's asked at the same time", async () => {
    // The cell's period starts on the 1st and is asked to wait 9 s; the preview's, on the 2nd, 4 s.
    const runtime = await runtimeOver(rateLimitedService((body) => (body.includes("2026-06-01") ? 9 : 4)));
    const action = new AbortController();
    const heardByAction: RetryEvent[] = [];
    const heardByPage: RetryEvent[] = [];
    const stopPage = runtime.onRetry((event) => heardByPage.push(event));
    const stop = onOwnRetries(
      (listener) => runtime.onRetry(listener),
      action.signal,
      (event) => heardByAction.push(event),
    );

    await Promise.all([
      runtime.functions.stats(
        "2026-06-01",
        "2026-06-30",
        [["country"]],
        [["revenues"]],
        undefined,
        undefined,
        undefined,
        new AbortController().signal,
      ),
      runtime.functions.statsTable(queryFrom("2026-06-02"), action.signal),
    ]);
    expect(waitsOf(heardByAction)).toEqual([4_000]);
    expect(waitsOf(heardByPage).sort()).toEqual([4_000, 9_000]);

    // An export asks the service directly with the action's signal.
    await runtime.clients().reporting?.statsCsv(queryFrom("2026-06-03").request, { signal: action.signal });
    expect(waitsOf(heardByAction)).toEqual([4_000, 4_000]);
    stop();
    stopPage();
  });

  it("include the wait of a load the action shares with a formula cell that asked first", async () => {
    const gate = deferred<void>();
    const runtime = await runtimeOver(rateLimitedService(() => 6, gate.promise));
    const action = new AbortController();
    const heard: RetryEvent[] = [];
    onOwnRetries(
      (listener) => runtime.onRetry(listener),
      action.signal,
      (event) => heard.push(event),
    );

    const cell = runtime.functions.statsTable(queryFrom("2026-06-01"));
    await settle();
    const preview = runtime.functions.statsTable(queryFrom("2026-06-01"), action.signal);
    gate.resolve();
    await Promise.all([cell, preview]);
    expect(waitsOf(heard)).toEqual([6_000]);
  });
});
