/**
 * Numbers that add up, across a restatement: for generated queries and clock moves, a table is
 * refreshed through the add-in, the emulator's clock moves, the table is refreshed again, and the
 * change report (tableChanges) is reconciled with the service's two answers (support/change-checks).
 * The add-in goes through the proxy, the checks' own requests straight to the emulator, so that a
 * number the proxy changes must show up in the report and in the checks.
 */
import type { StatsResponse } from "../../../src/api";
import { hasChanges } from "../../../src/core/changes/table-changes";
import { RESTATEMENT_HORIZON_DAYS } from "../../../src/emulator/data/restatements";
import { startEmulator, type RunningEmulator } from "../../../src/emulator";
import { FUZZ_SEED } from "../../support/fuzz-seed";
import { START_TIMEOUT_MS } from "../emulator/support/emulator";
import { createAddIn } from "./support/add-in";
import { plusDays } from "./support/calendar";
import { changeCases, checkChangeCase, type ChangeCase } from "./support/change-checks";
import type { CheckContext } from "./support/context";
import { Ledger } from "./support/ledger";
import { RECONCILIATION_DATA } from "./support/run";
import { startTap, type Perturbation, type Tap } from "./support/tap-proxy";
import { discoverWorld } from "./support/world";

/** Each case refreshes twice and asks the service four to six times, one case at a time (one clock). */
const CASES = 40;
const DATA = { ...RECONCILIATION_DATA, restatements: true } as const;
/** The last day the clock accepts: the day after the last generated one. */
const LATEST_TODAY = plusDays(DATA.today, RESTATEMENT_HORIZON_DAYS);

let emulator: RunningEmulator;
let tap: Tap;
let context: CheckContext;

beforeAll(async () => {
  emulator = await startEmulator(DATA);
  const direct = { baseUrl: emulator.baseUrl, legacyBaseUrl: emulator.legacyBaseUrl };
  tap = await startTap(direct);
  const world = await discoverWorld(direct, emulator.credentials, DATA.today);
  context = {
    world,
    endpoint: direct,
    addIn: createAddIn(world, { runtime: tap.endpoint, bundle: tap.endpoint }, undefined),
    ledger: new Ledger(),
    bundle: false,
  };
}, START_TIMEOUT_MS);

afterAll(async () => {
  await tap?.close();
  await emulator?.close();
});

afterEach(() => emulator.setToday(DATA.today));

test("every change report adds up to the service's answers before and after a clock move", async () => {
  const cases = changeCases(context, CASES, FUZZ_SEED, LATEST_TODAY);
  let reportsWithChanges = 0;
  for (const each of cases) {
    const changes = await checkChangeCase(context, each, emulator);
    if (changes && hasChanges(changes)) reportsWithChanges++;
  }
  const { ledger } = context;
  console.log(
    `change reports: ${cases.length} cases, ${reportsWithChanges} with changes, ${ledger.checkCount()} checks, ${ledger.problems.length} failed`,
  );
  expect(ledger.problems).toEqual([]);
  expect(ledger.counts().find((row) => row.area === "changes")?.queries).toBeGreaterThanOrEqual(CASES * 0.9);
  // The clock moves must restate something, or the suite checked only empty reports.
  expect(reportsWithChanges).toBeGreaterThanOrEqual(CASES / 3);
}, 600_000);

describe("a deliberate break", () => {
  const breakCase = (after: string): ChangeCase => ({
    label: `BREAK B-widest date,country clock ${DATA.today}→${after}`,
    identity: context.world.bearer.indexOf(context.world.widest),
    model: {
      period: { from: plusDays(DATA.today, -10), to: plusDays(DATA.today, 1) },
      groups: ["date", "country"],
      metrics: [],
      filters: {},
      orders: [],
      profile: context.world.widest.label,
    },
    clocks: { before: DATA.today, after },
  });

  /** One impression more in the second row of the add-in's grouped /stats answer. */
  const oneImpressionMore: Perturbation = {
    matches: (request, status) =>
      status === 200 &&
      request.path.endsWith("/stats") &&
      (JSON.parse(request.body) as { groups?: string[] }).groups?.length === 2,
    change(body) {
      const answer = JSON.parse(body.toString("utf8")) as StatsResponse;
      const row = answer.stats[1];
      if (!row || row.metrics.impressions === undefined) return undefined;
      row.metrics.impressions += 1;
      return Buffer.from(JSON.stringify(answer));
    },
  };

  test("without a clock move nothing changes; with one, the report lists the restated rows and the new days", async () => {
    const still = { ...context, ledger: new Ledger() };
    const unchanged = await checkChangeCase(still, breakCase(DATA.today), emulator);
    expect(still.ledger.problems).toEqual([]);
    expect(unchanged && hasChanges(unchanged)).toBe(false);

    const moving = { ...context, ledger: new Ledger() };
    const moved = await checkChangeCase(moving, breakCase(plusDays(DATA.today, 2)), emulator);
    expect(moving.ledger.problems).toEqual([]);
    expect(moved!.changed).toBeGreaterThan(0);
    expect(moved!.added).toBeGreaterThan(0);
  }, 60_000);

  test("one number changed by a proxy shows up in the report, and the checks name the query", async () => {
    const broken = { ...context, ledger: new Ledger() };
    const each = breakCase(DATA.today);
    const perturbedBefore = tap.perturbed.length;
    const changes = await checkChangeCase(broken, each, emulator, {
      beforeSecondRefresh: () => tap.perturbOnce(oneImpressionMore),
    });
    tap.perturbOnce(undefined);

    expect(tap.perturbed.length - perturbedBefore).toBe(1);
    // The report: exactly that row, one impression more.
    expect(changes).toMatchObject({ changed: 1, added: 0, removed: 0 });
    const [move] = changes!.moves;
    expect((move!.after!.impressions ?? 0) - (move!.before!.impressions ?? 0)).toBe(1);
    expect(changes!.totals.find((total) => total.metric === "impressions")!.difference).toBe(1);
    // The checks: the report disagrees with the service, under "changes", naming the query.
    expect(broken.ledger.problems.length).toBeGreaterThan(0);
    for (const problem of broken.ledger.problems)
      expect(problem).toMatch(new RegExp(`^changes: ${each.label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: `));
  }, 60_000);
});
