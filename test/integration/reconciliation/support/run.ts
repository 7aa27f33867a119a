import { DATE_GROUPS, FILTER_NAMES, GROUPS } from "../../../../src/api";
import { startEmulator, type RunningEmulator } from "../../../../src/emulator";
import { HEADER_STYLES } from "../../../../src/core/arguments/options";
import { LEGACY_FUNCTION_GROUPS } from "../../../../src/core/legacy/group-by";
import { FUZZ_SEED } from "../../../support/fuzz-seed";
import type { BuiltBundle } from "../../functions/support/functions-bundle";
import { createAddIn } from "./add-in";
import { checkBearerCase, checkWithoutImpressions } from "./bearer-checks";
import { dayCount, type ComparisonMode } from "./calendar";
import { checkComparisonCase } from "./comparison-checks";
import {
  bearerCases,
  DATE_STYLES,
  legacyCases,
  ORDER_ENTRIES,
  WINDOWS,
  type BearerCase,
  type LegacyCase,
} from "./cases";
import type { CheckContext } from "./context";
import { checkIsolation } from "./isolation-checks";
import { checkLegacyCase } from "./legacy-checks";
import { Ledger } from "./ledger";
import { checkPeriodWords, WORD_DAYS } from "./period-checks";
import { startFeed, type Feed } from "./feed";
import { startTap, type Tap } from "./tap-proxy";
import { discoverWorld, type Endpoint } from "./world";

/**
 * The data set of the suite: 120 days ending 2028-04-09, so that it holds a year's end, three
 * quarters, 29 February 2028, and the days the clocks change (12 March in America, 26 March in
 * Europe, 2 April in Australia and New Zealand).
 */
export const RECONCILIATION_DATA = { seed: 7, days: 120, today: "2028-04-10" } as const;

export interface ReconciliationSize {
  bearerQueries: number;
  legacyQueries: number;
  /** Days the period words are resolved on. */
  wordDays: readonly string[];
  seed: number;
}

/** A few hundred queries: what `npm test` runs in each time zone. */
export const DEFAULT_SIZE: ReconciliationSize = {
  bearerQueries: 180,
  legacyQueries: 60,
  wordDays: WORD_DAYS,
  seed: FUZZ_SEED,
};

export interface Session {
  emulator: RunningEmulator;
  /** The proxy in front of the emulator: what functions.js sends, and the deliberate break. */
  tap: Tap;
  context: CheckContext;
  close(): Promise<void>;
}

/**
 * The emulator, the proxy in front of it, the service's facts and the add-in. The checks' own
 * requests and the in-process runtime go to `referenceThroughTap ? proxy : emulator`;
 * functions.js always goes through the proxy, which records what it sends.
 */
export async function openSession(
  built: BuiltBundle | undefined,
  options: { referenceThroughTap?: boolean } = {},
): Promise<Session> {
  const emulator = await startEmulator(RECONCILIATION_DATA);
  const direct: Endpoint = { baseUrl: emulator.baseUrl, legacyBaseUrl: emulator.legacyBaseUrl };
  const tap = await startTap(direct);
  const world = await discoverWorld(direct, emulator.credentials, RECONCILIATION_DATA.today);
  const endpoint = options.referenceThroughTap ? tap.endpoint : direct;
  const addIn = createAddIn(world, { runtime: endpoint, bundle: tap.endpoint }, built);
  const feed: Feed = await startFeed(endpoint.baseUrl);
  return {
    emulator,
    tap,
    context: { world, endpoint, addIn, ledger: new Ledger(), bundle: built !== undefined, feed: feed.root },
    async close() {
      await feed.close();
      await tap.close();
      await emulator.close();
    },
  };
}

/** Every run covers every value of every list, whatever the seed: a narrower generator fails here. */
function checkCoverage(context: CheckContext, bearer: readonly BearerCase[], legacy: readonly LegacyCase[]): void {
  const { ledger, world } = context;
  const covers = (what: string, all: readonly unknown[], seen: Iterable<unknown>) => {
    const got = new Set(seen);
    const missing = all.filter((item) => !got.has(item));
    ledger.check(
      "coverage",
      "the generated queries",
      `every ${what} is used`,
      missing.length === 0,
      () => `missing ${missing.join(", ")}`,
    );
  };
  covers(
    "group",
    GROUPS,
    bearer.flatMap((each) => each.model.groups),
  );
  covers(
    "date grouping",
    DATE_GROUPS,
    bearer.filter((each) => each.model.groups.includes("date")).map((each) => each.model.dateGroup ?? "day"),
  );
  covers(
    "filter",
    FILTER_NAMES,
    bearer.flatMap((each) => Object.keys(each.model.filters)),
  );
  covers(
    "order (each name, both directions)",
    ORDER_ENTRIES,
    bearer.flatMap((each) => each.model.orders),
  );
  covers(
    "window",
    WINDOWS,
    bearer.map((each) => each.window),
  );
  covers("header style", HEADER_STYLES, [
    ...bearer.map((each) => each.model.headers),
    ...legacy.map((each) => each.headers),
  ]);
  covers("date style of a cell", DATE_STYLES, [
    ...bearer.map((each) => each.dateStyle),
    ...legacy.map((each) => each.dateStyle),
  ]);
  covers(
    "bearer credential",
    world.bearer.map((identity) => identity.label),
    bearer.map((each) => world.bearer[each.identity]!.label),
  );
  covers(
    "legacy credential",
    world.legacy.map((identity) => identity.label),
    legacy.map((each) => world.legacy[each.identity]!.label),
  );
  covers(
    "LEGACY.STATS grouping",
    LEGACY_FUNCTION_GROUPS,
    legacy.flatMap((each) => each.groupBy),
  );
  covers(
    "kind of period (dates, a period word, the service's default)",
    ["dates", "word", "default"],
    [
      ...bearer.map((each) => ("word" in each.model.period ? "word" : "dates")),
      ...legacy.map((each) =>
        each.period === "service default" ? "default" : "word" in each.period ? "word" : "dates",
      ),
    ],
  );
  covers(
    "way of passing arguments",
    ["texts", "cells"],
    bearer.map((each) => each.cellArguments),
  );
  ledger.check(
    "coverage",
    "the generated queries",
    "ungrouped queries are among them",
    bearer.some((each) => each.model.groups.length === 0),
  );
  ledger.check(
    "coverage",
    "the generated queries",
    "groupings nest three deep in LEGACY.STATS",
    legacy.some((each) => each.groupBy.length >= 3),
  );
}

/** Queries checked with compare= as well: small ones (dated, at most two groups, 40 days), alternating the two comparisons. */
const COMPARED_QUERIES = 12;

function comparedCases(bearer: readonly BearerCase[]): { bearerCase: BearerCase; mode: ComparisonMode }[] {
  return bearer
    .filter(
      (each) =>
        !each.foreignAsset &&
        !("word" in each.model.period) &&
        each.model.groups.length <= 2 &&
        dayCount(each.model.period) <= 40,
    )
    .slice(0, COMPARED_QUERIES)
    .map((bearerCase, index) => ({ bearerCase, mode: index % 2 === 0 ? "previous_period" : "previous_year" }));
}

const CONCURRENT_QUERIES = 4;

async function inTurns<Item>(
  items: readonly Item[],
  concurrency: number,
  work: (item: Item) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Runs every check; problems land in the context's ledger, nothing throws for a failed check. */
export async function runReconciliation(
  session: Pick<Session, "context" | "tap">,
  size: ReconciliationSize = DEFAULT_SIZE,
): Promise<void> {
  const { context } = session;
  const bearer = bearerCases(context.world, size.bearerQueries, size.seed);
  const legacy = legacyCases(context.world, size.legacyQueries, size.seed);
  checkCoverage(context, bearer, legacy);
  const guard = async (label: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      context.ledger.check("coverage", label, "the checks ran to the end", false, () =>
        error instanceof Error ? (error.stack ?? error.message) : String(error),
      );
    }
  };
  // Queries are independent: a few at a time keep the emulator's database busy while others wait.
  await inTurns(bearer, CONCURRENT_QUERIES, (each) => guard(each.label, () => checkBearerCase(context, each)));
  await inTurns(legacy, CONCURRENT_QUERIES, (each) => guard(each.label, () => checkLegacyCase(context, each)));
  await inTurns(comparedCases(bearer), CONCURRENT_QUERIES, (each) =>
    guard(each.bearerCase.label, () => checkComparisonCase(context, each.bearerCase, each.mode)),
  );
  await guard("a period without impressions", () => checkWithoutImpressions(context));
  await guard("period words", () => checkPeriodWords(context, session.tap, size.wordDays));
  await guard("isolation", () => checkIsolation(context));
}
