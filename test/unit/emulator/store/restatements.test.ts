import type { StatsEntry } from "../../../../src/api";
import { addDays } from "../../../../src/emulator/data/calendar";
import {
  CLAWBACK_MAX,
  ESTIMATE_AMPLITUDES,
  RESTATEMENT_DAYS,
  RESTATEMENT_HORIZON_DAYS,
  VOLUME_SHARE_OF_AMPLITUDE,
} from "../../../../src/emulator/data/restatements";
import { createStore, estimateFactRows, type DuckDbReportingStore } from "../../../../src/emulator/store";
import { STORE_TIMEOUT_MS, allOf, type Narrowed } from "./small-store";

jest.setTimeout(STORE_TIMEOUT_MS);

const TODAY = "2024-03-15";
const RESTATED = { seed: 11, days: 60, scale: 0.25, today: TODAY, restatements: true } as const;

let store: DuckDbReportingStore;
let twin: DuckDbReportingStore;
beforeAll(async () => {
  [store, twin] = await Promise.all([createStore(RESTATED), createStore(RESTATED)]);
});
afterAll(async () => {
  await store?.close();
  await twin?.close();
});
afterEach(() => {
  store.setToday(TODAY);
  twin.setToday(TODAY);
});

/** One entry per fact row (a combination on a day), keyed, over the days from `from` to `to`. */
async function rows(of: DuckDbReportingStore, from: string, to: string): Promise<Map<string, StatsEntry>> {
  const request: Narrowed = allOf(
    of,
    { groups: ["date", "ad_unit", "country", "device_types", "integration_type"], limit: 1_000_000 },
    { from, to },
  );
  const answer = await of.stats(request);
  return new Map(answer.stats.map((entry) => [Object.values(entry.group).join("|"), entry]));
}

/** Rows as short lines, "key: impressions requests revenues": Jest compares these quickly. */
function lines(entries: Map<string, StatsEntry>): string[] {
  return [...entries].map(
    ([key, { metrics }]) => `${key}: ${metrics.impressions} ${metrics.requests} ${metrics.revenues}`,
  );
}

/** The three counted metrics of an entry (the store always answers them when none are named). */
function counted(entry: StatsEntry): { impressions: number; requests: number; revenues: number } {
  const { impressions = Number.NaN, requests = Number.NaN, revenues = Number.NaN } = entry.metrics;
  return { impressions, requests, revenues };
}

function byDay(entries: Map<string, StatsEntry>): Map<string, StatsEntry[]> {
  const days = new Map<string, StatsEntry[]>();
  for (const entry of entries.values()) {
    const list = days.get(entry.group.date!) ?? [];
    list.push(entry);
    days.set(entry.group.date!, list);
  }
  return days;
}

const WINDOW_FROM = addDays(TODAY, -RESTATEMENT_DAYS - 5);

describe("restatements", () => {
  it("give the same numbers, to the bit, for the same seed and clock", async () => {
    store.setToday(addDays(TODAY, 3));
    twin.setToday(addDays(TODAY, 3));
    const [mine, theirs] = await Promise.all([
      rows(store, WINDOW_FROM, addDays(TODAY, 2)),
      rows(twin, WINDOW_FROM, addDays(TODAY, 2)),
    ]);
    expect(mine.size).toBeGreaterThan(1000);
    expect(lines(mine)).toEqual(lines(theirs));
  });

  it("come back to the same numbers when the clock comes back", async () => {
    const before = await rows(store, WINDOW_FROM, addDays(TODAY, -1));
    store.setToday(addDays(TODAY, 5));
    await rows(store, WINDOW_FROM, addDays(TODAY, -1));
    store.setToday(TODAY);
    expect(lines(await rows(store, WINDOW_FROM, addDays(TODAY, -1)))).toEqual(lines(before));
  });

  it("show nothing from the clock's today on, and new days as it moves forward", async () => {
    expect(store.period.to).toBe(addDays(TODAY, -1));
    const today = await rows(store, addDays(TODAY, -2), addDays(TODAY, 3));
    expect([...byDay(today).keys()].sort()).toEqual([addDays(TODAY, -2), addDays(TODAY, -1)]);
    store.setToday(addDays(TODAY, 3));
    expect(store.period.to).toBe(addDays(TODAY, 2));
    const later = await rows(store, addDays(TODAY, -2), addDays(TODAY, 3));
    expect([...byDay(later).keys()].sort()).toEqual([-2, -1, 0, 1, 2].map((offset) => addDays(TODAY, offset)));
  });

  it("move only the last days, by bounded amounts, and settle to final numbers", async () => {
    const shown = await rows(store, WINDOW_FROM, addDays(TODAY, -1));
    // Sixteen days later every one of these days is older than the window: final.
    store.setToday(addDays(TODAY, RESTATEMENT_DAYS + 1));
    const final = await rows(store, WINDOW_FROM, addDays(TODAY, -1));
    expect([...shown.keys()].sort()).toEqual([...final.keys()].sort());

    const movedDays = new Set<string>();
    const problems: string[] = [];
    let clawbacks = 0;
    for (const [key, entry] of shown) {
      const settled = counted(final.get(key)!);
      const age = (Date.parse(TODAY) - Date.parse(entry.group.date!)) / 86_400_000;
      const { impressions, requests, revenues } = counted(entry);
      if (age > RESTATEMENT_DAYS) {
        if (impressions !== settled.impressions || requests !== settled.requests || revenues !== settled.revenues) {
          problems.push(`${key} is ${age} days old and moved`);
        }
        continue;
      }
      if (revenues !== settled.revenues) movedDays.add(entry.group.date!);
      const amplitude = ESTIMATE_AMPLITUDES[age - 1] ?? 0;
      const ratio = settled.revenues === 0 ? 1 : revenues / settled.revenues;
      // An estimate is within its amplitude; a pending clawback adds at most 1 / (1 - CLAWBACK_MAX).
      if (ratio < 1 - amplitude - 1e-9 || ratio > (1 + amplitude) / (1 - CLAWBACK_MAX) + 1e-9)
        problems.push(`${key}: revenue ratio ${ratio}`);
      if (ratio > 1 + amplitude + 1e-9) clawbacks++;
      const volume = amplitude * VOLUME_SHARE_OF_AMPLITUDE;
      if (Math.abs(impressions - settled.impressions) > volume * settled.impressions + 1)
        problems.push(`${key}: impressions`);
      if (Math.abs(requests - settled.requests) > volume * settled.requests + 1) problems.push(`${key}: requests`);
      if (impressions > requests) problems.push(`${key}: more impressions than requests`);
    }
    expect(problems).toEqual([]);
    // Estimates on the last three days, clawbacks pending on some older ones.
    for (let age = 1; age <= ESTIMATE_AMPLITUDES.length; age++) expect(movedDays).toContain(addDays(TODAY, -age));
    expect(clawbacks).toBeGreaterThan(0);
  });

  it("keep eCPM equal to revenues over impressions", async () => {
    store.setToday(addDays(TODAY, 1));
    const [total] = (await store.stats(allOf(store, {}, { from: WINDOW_FROM, to: TODAY }))).stats;
    const { revenues, impressions } = counted(total!);
    expect(total!.metrics.ecpm).toBeCloseTo((revenues / impressions) * 1000, 9);
  });

  it("answer the legacy interface with the same restated numbers", async () => {
    store.setToday(addDays(TODAY, 2));
    const appKeys = store.credentials.legacy.flatMap((credential) => credential.applications);
    const from = addDays(TODAY, -4);
    const to = addDays(TODAY, 1);
    const legacy = await store.legacyStats({ appKeys, from, to, groupBy: ["day"] });
    const adUnits = await store.sql(
      `SELECT ad_units.id FROM ad_units JOIN assets ON assets.id = ad_units.asset_id WHERE assets.app_key IN (${appKeys.join(", ")})`,
    );
    const organizations = (await store.sql("SELECT id FROM organizations")).map((row) => String(row.id));
    const json = await store.stats({
      filters: { from, to, organizations, ad_units: adUnits.map((row) => String(row.id)) },
      groups: ["date"],
    });
    const legacyByDay = Object.entries(legacy.aggregation ?? {}).map(([day, node]) => [
      day,
      node.stats?.revenue,
      node.stats?.impressions,
    ]);
    expect(legacyByDay).toEqual(
      json.stats.map((entry) => [entry.group.date, entry.metrics.revenues, entry.metrics.impressions]),
    );
    expect(legacyByDay.map(([day]) => day)).toEqual([-4, -3, -2, -1, 0, 1].map((offset) => addDays(TODAY, offset)));
  });

  it("are generated ahead, and the estimate of the size counts those days", () => {
    const estimate = estimateFactRows(RESTATED);
    expect(Math.abs(store.factRows - estimate) / estimate).toBeLessThan(0.03);
    expect(estimate).toBeGreaterThan(estimateFactRows({ ...RESTATED, restatements: false }) * 1.3);
  });

  it("refuse a clock outside the generated days", () => {
    expect(() => store.setToday(addDays(TODAY, RESTATEMENT_HORIZON_DAYS + 1))).toThrow(RangeError);
    expect(() => store.setToday(addDays(TODAY, -60))).toThrow(/today must be a day from/);
    expect(() => store.setToday("2024-02-30")).toThrow(RangeError);
    expect(store.today).toBe(TODAY);
  });
});

describe("without restatements", () => {
  it("the clock moves no number", async () => {
    const plain = await createStore({ ...RESTATED, restatements: false });
    try {
      const before = await rows(plain, WINDOW_FROM, addDays(TODAY, -1));
      plain.setToday(addDays(TODAY, -3));
      expect(plain.period.to).toBe(addDays(TODAY, -1));
      expect(lines(await rows(plain, WINDOW_FROM, addDays(TODAY, -1)))).toEqual(lines(before));
    } finally {
      await plain.close();
    }
  });
});
