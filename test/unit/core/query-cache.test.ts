import { QueryCache } from "../../../src/core/query-cache";
import { queryKey } from "../../../src/core/query-key";
import { deferred, settle, type Deferred } from "./deferred";

function setup(defaultTtlMs = 60_000) {
  let now = 1_000_000;
  const cache = new QueryCache({ now: () => now, defaultTtlMs });
  const loads: { signal: AbortSignal; answer: Deferred<string> }[] = [];
  const load = (signal: AbortSignal) => {
    const answer = deferred<string>();
    loads.push({ signal, answer });
    return answer.promise;
  };
  return { cache, loads, load, advance: (ms: number) => (now += ms) };
}

describe("query keys", () => {
  it("ignore the order of object keys and of filter values, but not of groups", () => {
    const a = queryKey("stats", "p", {
      filters: { to: "2025-01-31", from: "2025-01-01", countries: ["FR", "DE"] },
      groups: ["date", "country"],
    });
    const b = queryKey("stats", "p", {
      groups: ["date", "country"],
      filters: { from: "2025-01-01", countries: ["DE", "FR"], to: "2025-01-31" },
    });
    const c = queryKey("stats", "p", {
      groups: ["country", "date"],
      filters: { from: "2025-01-01", countries: ["DE", "FR"], to: "2025-01-31" },
    });
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    expect(queryKey("stats", "other", { filters: {} })).not.toBe(queryKey("stats", "p", { filters: {} }));
  });
});

describe("query cache", () => {
  it("shares one load between identical calls in flight", async () => {
    const { cache, loads, load } = setup();
    const calls = Array.from({ length: 100 }, () => cache.get("k", load));
    await settle();
    expect(loads).toHaveLength(1);
    loads[0]!.answer.resolve("answer");
    await expect(Promise.all(calls)).resolves.toEqual(new Array(100).fill("answer"));
  });

  it("reuses an answer while fresh and loads again once the TTL has passed", async () => {
    const { cache, loads, load, advance } = setup(60_000);
    const first = cache.get("k", load);
    await settle();
    loads[0]!.answer.resolve("one");
    await expect(first).resolves.toBe("one");
    advance(59_999);
    await expect(cache.get("k", load)).resolves.toBe("one");
    expect(loads).toHaveLength(1);
    advance(1);
    const again = cache.get("k", load);
    await settle();
    expect(loads).toHaveLength(2);
    loads[1]!.answer.resolve("two");
    await expect(again).resolves.toBe("two");
  });

  it("lets each call say how fresh is fresh enough", async () => {
    const { cache, loads, load, advance } = setup(60_000);
    const first = cache.get("k", load);
    await settle();
    loads[0]!.answer.resolve("one");
    await first;
    advance(10_000);
    void cache.get("k", load, { ttlMs: 5_000 });
    void cache.get("k", load, { ttlMs: 0 });
    await settle();
    expect(loads).toHaveLength(2);
    await expect(cache.get("k", load, { ttlMs: 600_000 })).resolves.toBe("one");
  });

  it("forgets everything on clear, including loads still in flight", async () => {
    const { cache, loads, load } = setup();
    const first = cache.get("k", load);
    await settle();
    cache.clear();
    const second = cache.get("k", load);
    await settle();
    expect(loads).toHaveLength(2);
    loads[0]!.answer.resolve("old");
    loads[1]!.answer.resolve("new");
    await expect(first).resolves.toBe("old");
    await expect(second).resolves.toBe("new");
    await expect(cache.get("k", load)).resolves.toBe("new");
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it("does not cache a failure, and rejects every waiter with it", async () => {
    const { cache, loads, load } = setup();
    const calls = [cache.get("k", load), cache.get("k", load), cache.get("k", load)];
    await settle();
    const failure = new Error("outage");
    loads[0]!.answer.reject(failure);
    for (const call of calls) await expect(call).rejects.toBe(failure);
    const retry = cache.get("k", load);
    await settle();
    expect(loads).toHaveLength(2);
    loads[1]!.answer.resolve("back");
    await expect(retry).resolves.toBe("back");
  });

  it("aborts the load only when the last waiter cancels", async () => {
    const { cache, loads, load } = setup();
    const first = new AbortController();
    const second = new AbortController();
    const a = cache.get("k", load, { signal: first.signal, route: "/stats" });
    const b = cache.get("k", load, { signal: second.signal });
    await settle();
    first.abort();
    await expect(a).rejects.toMatchObject({ name: "AbortedError" });
    expect(loads[0]!.signal.aborted).toBe(false);
    second.abort();
    await expect(b).rejects.toMatchObject({ name: "AbortedError" });
    expect(loads[0]!.signal.aborted).toBe(true);
    // A call after everyone left starts afresh rather than joining the aborted load.
    void cache.get("k", load);
    await settle();
    expect(loads).toHaveLength(2);
  });

  it("keeps the answer for those who stayed when one waiter cancels", async () => {
    const { cache, loads, load } = setup();
    const leaving = new AbortController();
    const gone = cache.get("k", load, { signal: leaving.signal });
    const staying = cache.get("k", load);
    await settle();
    leaving.abort();
    loads[0]!.answer.resolve("kept");
    await expect(gone).rejects.toMatchObject({ name: "AbortedError" });
    await expect(staying).resolves.toBe("kept");
  });

  it("refuses at once a call whose signal has already aborted", async () => {
    const { cache, loads, load } = setup();
    await expect(cache.get("k", load, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortedError" });
    expect(loads).toHaveLength(0);
  });

  it("rejects a waiter when the load throws synchronously", async () => {
    const { cache } = setup();
    await expect(
      cache.get("k", () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
  });

  it("keeps no more answers than asked", async () => {
    const cache = new QueryCache({ now: () => 0, defaultTtlMs: 60_000, maxEntries: 2 });
    for (const key of ["a", "b", "c"]) await cache.get(key, async () => key);
    expect(cache.size).toBe(2);
  });
});
