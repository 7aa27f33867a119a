import type { FetchLike } from "../../../../src/client";
import { MissingCredentialsError } from "../../../../src/core/missing-credentials";
import { memoryStorage } from "../../../../src/core/profiles/memory-storage";
import { ProfileStore } from "../../../../src/core/profiles/profile-store";
import { createReportingRuntime, type ReportingRuntime } from "../../../../src/core/runtime/reporting-runtime";
import { fakeTransportOptions, json, type RecordedCall } from "../../client/fakes";
import { bearer, legacy, TOKEN } from "../profiles/fixtures";

const COUNTRIES = [
  { code: "FR", name: "France" },
  { code: "DE", name: "Germany" },
];

/** A service that answers every route with a small valid body and counts what it was asked. */
function countingService() {
  const calls: RecordedCall[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, method: init.method, headers: { ...init.headers }, body: init.body, signal: init.signal });
    const path = new URL(url).pathname;
    if (path === "/countries") return json(COUNTRIES);
    if (path === "/reporting/v1/applications") return json({ applications: [] });
    if (path === "/stats")
      return json({ stats: [{ group: { country: "FR" }, metrics: { revenues: 12.5 } }], total: 1 });
    throw new Error(`unexpected route ${path}`);
  };
  const count = (path: string) => calls.filter((call) => new URL(call.url).pathname === path).length;
  return { fetch, calls, count };
}

async function runtimeWith(profiles: Record<string, unknown>[], active: string | undefined) {
  const store = new ProfileStore({ storage: memoryStorage() });
  for (const profile of profiles) await store.save(profile);
  if (active) await store.activate(active);
  const service = countingService();
  const recalculations: number[] = [];
  const runtime = createReportingRuntime({
    store,
    today: () => "2026-06-30",
    transport: fakeTransportOptions(service.fetch, { maxRetries: 0 }),
    recalculate: async () => {
      recalculations.push(recalculations.length + 1);
    },
  });
  await runtime.ready;
  return { runtime, store, service, recalculations };
}

const STATS_ARGS: [string, string, string[][], string[][], undefined, undefined, undefined] = [
  "2026-06-01",
  "2026-06-30",
  [["country"]],
  [["revenues"]],
  undefined,
  undefined,
  undefined,
];

function statsCell(runtime: ReportingRuntime) {
  return runtime.functions.stats(...STATS_ARGS);
}

describe("createReportingRuntime", () => {
  it("gives the pane's picker and a COUNTRIES formula one request and one answer", async () => {
    const { runtime, service } = await runtimeWith([bearer("Finance")], "Finance");
    const [picker, cell] = await Promise.all([runtime.reference("countries"), runtime.functions.countries()]);
    expect(service.count("/countries")).toBe(1);
    expect(picker.map((option) => option.value)).toEqual(["FR", "DE"]);
    expect(cell.rows.slice(1).map((row) => row[0])).toEqual(["FR", "DE"]);
    await runtime.reference("countries");
    expect(service.count("/countries")).toBe(1);
  });

  it("serves a STATS formula from the answer the pane's preview fetched", async () => {
    const { runtime, service } = await runtimeWith([bearer("Finance")], "Finance");
    const { readStatsQuery } = await import("../../../../src/core/arguments/stats-query");
    const [from, to, groups, metrics] = STATS_ARGS;
    await runtime.functions.statsTable(readStatsQuery({ from, to, groups, metrics }, () => "2026-06-30"));
    const cell = await statsCell(runtime);
    expect(service.count("/stats")).toBe(1);
    expect(cell.rows[1]).toEqual(["FR", 12.5]);
  });

  it("builds the clients of a profile once, and new ones after its credentials change", async () => {
    const { runtime, store } = await runtimeWith([bearer("Finance"), legacy("Apps")], "Finance");
    const first = runtime.clients();
    expect(first.reporting).toBeDefined();
    expect(first.legacy).toBeUndefined();
    expect(runtime.clients()).toBe(first);
    expect(runtime.clients("apps").legacy).toBeDefined();
    await store.save(bearer("Finance", "rotated-token"), "Finance");
    expect(runtime.clients()).not.toBe(first);
    expect(runtime.clients("Nobody")).toEqual({});
  });

  it("builds trial clients for a profile being typed without keeping them", async () => {
    const { runtime } = await runtimeWith([], undefined);
    const candidate = { ...bearer("Draft"), kind: "bearer" as const };
    const trial = runtime.trialClients(candidate);
    expect(trial.reporting).toBeDefined();
    expect(runtime.trialClients(candidate).reporting).not.toBe(trial.reporting);
    expect(runtime.profiles().profiles).toEqual([]);
  });

  it("asks the user to sign in when the pane loads a list with no active profile", async () => {
    const { runtime, service } = await runtimeWith([bearer("Finance")], undefined);
    await expect(runtime.reference("countries")).rejects.toBeInstanceOf(MissingCredentialsError);
    await expect(runtime.applications()).rejects.toThrow("Sign in from the Reporting task pane");
    expect(service.calls).toHaveLength(0);
  });

  it("reuses the applications answer unless asked for a fresh one", async () => {
    const { runtime, service } = await runtimeWith([legacy("Apps")], "Apps");
    await runtime.applications();
    await runtime.applications();
    expect(service.count("/reporting/v1/applications")).toBe(1);
    await runtime.applications({ fresh: true });
    expect(service.count("/reporting/v1/applications")).toBe(2);
    await runtime.functions.applications();
    expect(service.count("/reporting/v1/applications")).toBe(2);
  });

  it("refreshes: forgets every answer and recalculates the formulas", async () => {
    const { runtime, service, recalculations } = await runtimeWith([bearer("Finance")], "Finance");
    await statsCell(runtime);
    await runtime.refreshAll();
    expect(recalculations).toHaveLength(1);
    await statsCell(runtime);
    expect(service.count("/stats")).toBe(2);
  });

  it("recalculates the formulas when the active profile or its credentials change, not otherwise", async () => {
    const { runtime, store, recalculations } = await runtimeWith([bearer("A"), bearer("B", "token-b")], "A");
    await store.save(legacy("Unrelated"));
    expect(recalculations).toHaveLength(0);
    await store.activate("B");
    expect(recalculations).toHaveLength(1);
    await store.save(bearer("B", "token-b2"), "B");
    expect(recalculations).toHaveLength(2);
    await store.signOut();
    expect(recalculations).toHaveLength(3);
    expect(runtime.profiles().active).toBeUndefined();
  });

  it("tells the pane's listeners about changes after its own state follows them", async () => {
    const { runtime, store } = await runtimeWith([bearer("A"), bearer("B", "token-b")], "A");
    const seen: (string | undefined)[] = [];
    const stop = runtime.onProfiles((state) => seen.push(`${state.active?.name}/${runtime.profiles().active?.name}`));
    await store.activate("B");
    stop();
    await store.activate("A");
    expect(seen).toEqual(["B/B"]);
  });

  it("sends the token in the Authorization header only, never in the URL", async () => {
    const { runtime, service } = await runtimeWith([bearer("Finance")], "Finance");
    await statsCell(runtime);
    const sent = service.calls.find((call) => call.url.endsWith("/stats"));
    expect(sent?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sent?.url).not.toContain(TOKEN);
  });
});
