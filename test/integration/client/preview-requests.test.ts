/**
 * What the pane's Preview costs the service, over real HTTP against the emulator: one request of
 * one page, however long the answer; and with compare=, the comparison of the rows shown is the
 * one the whole answer gives them.
 */
import type { StatsRequest } from "../../../src/api";
import type { FetchLike } from "../../../src/client";
import type { StatsQuery } from "../../../src/core/arguments/stats-query";
import { memoryStorage } from "../../../src/core/profiles/memory-storage";
import { PROFILES_KEY, ProfileStore } from "../../../src/core/profiles/profile-store";
import { createReportingRuntime, type ReportingRuntime } from "../../../src/core/runtime/reporting-runtime";
import { startEmulator, type RunningEmulator } from "../../../src/emulator";

jest.setTimeout(120_000);

const TODAY = "2026-06-30";
/** Day, country and format over 60 days: about 14,000 rows, two pages of 10,000. */
const LONG: StatsRequest = { filters: { from: "2026-04-30", to: "2026-06-28" }, groups: ["date", "country", "format"] };

describe("Preview's requests", () => {
  let emulator: RunningEmulator;
  let runtime: ReportingRuntime;
  const sent: { url: string; body: StatsRequest }[] = [];

  beforeAll(async () => {
    emulator = await startEmulator({ today: TODAY, seed: 3, days: 120 });
    const token = emulator.credentials.bearer.reduce((widest, each) =>
      each.organizations.length > widest.organizations.length ? each : widest,
    ).token;
    const recording: FetchLike = (url, init) => {
      if (url.includes("/stats")) sent.push({ url, body: JSON.parse(init.body ?? "{}") as StatsRequest });
      return globalThis.fetch(url, init);
    };
    const profile = {
      name: "Analyst",
      kind: "bearer",
      baseUrl: emulator.baseUrl,
      legacyBaseUrl: emulator.legacyBaseUrl,
      token,
    };
    runtime = createReportingRuntime({
      store: new ProfileStore({
        storage: memoryStorage({ [PROFILES_KEY]: JSON.stringify({ profiles: [profile], active: "Analyst" }) }),
      }),
      today: () => TODAY,
      transport: { fetch: recording },
    });
    await runtime.ready;
  });

  afterAll(async () => {
    await emulator?.close();
  });

  beforeEach(() => {
    sent.length = 0;
    runtime.functions.clearCache();
  });

  it("reads one page of an answer longer than a page, and gives the service's count", async () => {
    const query: StatsQuery = { request: LONG, headers: "readable" };
    const preview = await runtime.functions.statsPreview(query);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ ...LONG, limit: 10_000 });
    const whole = await runtime.functions.statsTable(query);
    expect(whole.dataRowCount).toBeGreaterThan(10_000);
    expect(preview).toMatchObject({ complete: false, rowCount: whole.dataRowCount, rowsRead: 10_000 });
    // The rows shown are the first rows of the whole answer.
    expect(preview.table.rows.slice(0, 21)).toEqual(whole.rows.slice(0, 21));
  });

  it("reads the whole of an answer that fits a page in that one request, which the formula then reuses", async () => {
    const query: StatsQuery = { request: { ...LONG, groups: ["date", "country"] }, headers: "readable" };
    const preview = await runtime.functions.statsPreview(query);
    expect(sent).toHaveLength(1);
    expect(preview.complete).toBe(true);
    // The formula inserted from the preview asks for the same answer: the shared runtime has it.
    expect(preview.table).toEqual(await runtime.functions.statsTable(query));
    expect(sent).toHaveLength(1);
    runtime.functions.clearCache();
    expect(await runtime.functions.statsTable(query)).toEqual(preview.table);
    expect(sent).toHaveLength(2);
  });

  it("with compare=, gives the rows shown the comparison the whole answer gives them, one page per period", async () => {
    const query: StatsQuery = {
      request: { ...LONG, orders: ["revenues:desc"] },
      headers: "readable",
      compare: "previous_period",
    };
    const preview = await runtime.functions.statsPreview(query);
    // The period's first page and the comparison's; a third, narrowed to the rows shown, when the comparison runs over a page.
    expect(sent).toHaveLength(3);
    expect(sent.every((request) => request.body.limit === 10_000)).toBe(true);
    expect(preview.complete).toBe(false);
    expect(preview.comparisonPartial).toBeUndefined();
    const whole = await runtime.functions.statsTable(query);
    expect(preview.table.rows.slice(0, 21)).toEqual(whole.rows.slice(0, 21));
  });
});
