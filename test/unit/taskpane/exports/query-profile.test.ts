import { readStatsQuery } from "../../../../src/core/arguments/stats-query";
import { memoryStorage } from "../../../../src/core/profiles/memory-storage";
import { parseProfile } from "../../../../src/core/profiles/profile";
import { ProfileStore } from "../../../../src/core/profiles/profile-store";
import { createReportingRuntime } from "../../../../src/core/runtime/reporting-runtime";
import type { PaneContext } from "../../../../src/taskpane/shell/context";
import { statsFileSources } from "../../../../src/taskpane/exports/export-stats";
import { noTokenMessage, queryProfileOf } from "../../../../src/taskpane/exports/query-profile";
import { fakeTransportOptions, scriptedFetch, text } from "../../client/fakes";
import { TOKEN, bearer } from "../../core/profiles/fixtures";

const SALES_TOKEN = "b".repeat(64) + "_1f8fad5b-d9cb-469f-a165-70867728950e";
const finance = parseProfile(bearer("Finance"));
const sales = parseProfile({ ...bearer("Sales", SALES_TOKEN), baseUrl: "http://127.0.0.1:9797" });
const STATE = { profiles: [finance, sales], active: finance };

const queryOn = (profile?: string) =>
  readStatsQuery(
    {
      from: "2026-06-01",
      to: "2026-06-30",
      groups: [["country"]],
      metrics: [["revenues"]],
      ...(profile ? { options: [[`profile=${profile}`]] } : {}),
    },
    () => "2026-06-30",
  );

describe("the profile a query's files come from", () => {
  it("is the pinned one, named as a user reads names, else the active one", () => {
    expect(queryProfileOf(STATE, "Sales")).toBe(sales);
    expect(queryProfileOf(STATE, " sales ")).toBe(sales);
    expect(queryProfileOf(STATE, undefined)).toBe(finance);
    expect(queryProfileOf(STATE, "")).toBe(finance);
    expect(queryProfileOf(STATE, "Marketing")).toBeUndefined();
  });

  it("says what to fix, naming the pinned profile when there is one", () => {
    expect(noTokenMessage(undefined)).toBe("Sign in on the Connect tab with a profile that has an access token.");
    expect(noTokenMessage("Sales")).toContain("the profile Sales");
  });

  it("asks the pinned profile's service with its token, not the active profile's", async () => {
    const fetch = scriptedFetch(text("country,revenues\r\nFR,1\r\n", 200, { "content-type": "text/csv" }));
    const store = new ProfileStore({ storage: memoryStorage() });
    await store.save(bearer("Finance"));
    await store.save({ ...bearer("Sales", SALES_TOKEN), baseUrl: "http://127.0.0.1:9797" });
    await store.activate("Finance");
    const runtime = createReportingRuntime({
      store,
      today: () => "2026-06-30",
      transport: fakeTransportOptions(fetch),
    });
    await runtime.ready;
    const context = { runtime, current: () => runtime.profiles() } as unknown as PaneContext;

    const pinned = statsFileSources(context, queryOn("Sales"));
    expect(pinned?.profile).toBe("Sales");
    await pinned?.client.statsCsv(queryOn("Sales").request);
    expect(fetch.calls[0]?.url.startsWith("http://127.0.0.1:9797/")).toBe(true);
    expect(fetch.calls[0]?.headers["authorization"]).toBe(`Bearer ${SALES_TOKEN}`);

    await statsFileSources(context, queryOn())?.client.statsCsv(queryOn().request);
    expect(fetch.calls[1]?.url.startsWith("http://127.0.0.1:8787/")).toBe(true);
    expect(fetch.calls[1]?.headers["authorization"]).toBe(`Bearer ${TOKEN}`);

    expect(statsFileSources(context, queryOn("Marketing"))).toBeUndefined();
  });
});
