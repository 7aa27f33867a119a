import type { StatsRequest } from "../../../../src/api";
import { readLegacyQuery } from "../../../../src/core/arguments/legacy-query";
import { readStatsQuery } from "../../../../src/core/arguments/stats-query";
import { localToday, PERIOD_WORDS } from "../../../../src/core/periods";
import { documentedPeriod, serialOf } from "./calendar";
import { attempt, type CheckContext } from "./context";
import { rawRows } from "./raw";
import { plainRows } from "./shapes";
import type { Tap, TappedRequest } from "./tap-proxy";

/**
 * Period words on the days where they are easiest to get wrong: the first and last day of a
 * month, a quarter and a year, 29 February, and the days the clocks change in America and
 * Australia. The add-in's resolution is compared with docs/functions.md's, in core, in what the built
 * functions send over the wire, and in the numbers they bring back.
 */
export const WORD_DAYS = [
  "2027-12-31",
  "2028-01-01",
  "2028-01-31",
  "2028-02-01",
  "2028-02-28",
  "2028-02-29",
  "2028-03-01",
  "2028-03-12",
  "2028-03-31",
  "2028-04-01",
  "2028-04-02",
  "2028-04-09",
];

/** Local times of day that are another calendar day in UTC somewhere: just after midnight, noon, just before midnight. */
const CLOCK_TIMES: [number, number][] = [
  [0, 5],
  [12, 0],
  [23, 55],
];

function newRequests(tap: Tap, since: number, path: string): TappedRequest[] {
  return tap.requests.slice(since).filter((request) => request.path.split("?")[0]!.endsWith(path));
}

export async function checkPeriodWords(
  context: CheckContext,
  tap: Tap | undefined,
  days: readonly string[] = WORD_DAYS,
): Promise<void> {
  const { ledger, world, addIn, endpoint } = context;
  const bearer = world.widest;
  const legacy = world.legacy[0]!;
  for (const today of days) {
    const [year, month, day] = today.split("-").map(Number) as [number, number, number];
    for (const [hour, minute] of CLOCK_TIMES) {
      const seen = localToday(() => new Date(year, month - 1, day, hour, minute))();
      ledger.check(
        "dates",
        `clock ${today} ${hour}:${String(minute).padStart(2, "0")}`,
        "the user's day is the local calendar day",
        seen === today,
        () => seen,
      );
    }
    for (const word of PERIOD_WORDS) {
      const label = `${word} on ${today}`;
      const documented = documentedPeriod(word, today);
      const same = (period: { from?: string | undefined; to?: string | undefined } | undefined) =>
        period?.from === documented.from && period?.to === documented.to;
      const shown = (period: { from?: string | undefined; to?: string | undefined } | undefined) =>
        `${period?.from}..${period?.to}, documented ${documented.from}..${documented.to}`;
      const stats = readStatsQuery({ from: word, to: null }, () => today).request.filters;
      ledger.check("dates", label, "STATS resolves it as documented", same(stats), () => shown(stats));
      const legacyPeriod = readLegacyQuery({ from: word, to: null, groupBy: "day" }, () => today).period;
      ledger.check("dates", label, "LEGACY.STATS resolves it as documented", same(legacyPeriod), () =>
        shown(legacyPeriod),
      );
      if (!context.bundle || !tap) continue;

      // What functions.js sends for the word on a machine whose clock reads `today`, and what it shows.
      const bundle = addIn.bundle("double", today);
      const options = [[`profile=${bearer.label}; cache=0`]];
      let since = tap.requests.length;
      const spilled = await attempt(
        context,
        "dates",
        label,
        "STATS (functions.js)",
        async () =>
          (await bundle.call("STATS", [word, null, [["date"]], [["impressions"]], null, null, options])) as unknown[][],
      );
      const sentStats = newRequests(tap, since, "/stats").map(
        (request) => (JSON.parse(request.body) as StatsRequest).filters,
      );
      ledger.check(
        "dates",
        label,
        "functions.js STATS asks the service for the documented days",
        sentStats.length === 1 && same(sentStats[0]),
        () => sentStats.map(shown).join("; ") || "no request",
      );
      if (spilled) {
        const direct = await rawRows(endpoint, bearer, {
          filters: documented,
          groups: ["date"],
          metrics: ["impressions"],
        });
        ledger.sameRows(
          "dates",
          label,
          "functions.js STATS shows /stats for the documented days, each date on its day",
          plainRows(spilled.slice(1)),
          direct.stats.map((entry) => [serialOf(entry.group.date!), entry.metrics.impressions!]),
        );
      }
      since = tap.requests.length;
      const value = await attempt(context, "dates", label, "VALUE (functions.js)", () =>
        bundle.call("VALUE", ["impressions", word, null, null, options]),
      );
      const sentValue = newRequests(tap, since, "/stats").map(
        (request) => (JSON.parse(request.body) as StatsRequest).filters,
      );
      ledger.check(
        "dates",
        label,
        "functions.js VALUE asks the service for the documented days",
        sentValue.length === 1 && same(sentValue[0]),
        () => sentValue.map(shown).join("; ") || "no request",
      );
      if (value !== undefined) {
        const total = (await rawRows(endpoint, bearer, { filters: documented })).stats[0]?.metrics.impressions;
        ledger.sameCount(
          "value",
          label,
          "functions.js VALUE impressions of the word is /stats of its days",
          value,
          total ?? NaN,
        );
      }
      since = tap.requests.length;
      await attempt(context, "dates", label, "LEGACY.STATS (functions.js)", () =>
        bundle.call("LEGACY.STATS", [word, null, [["day"]], [[`profile=${legacy.label}; cache=0`]]]),
      );
      const sentLegacy = newRequests(tap, since, "/reporting/v1/stats").map((request) => {
        const query = new URL(request.path, "http://tap.invalid").searchParams;
        return { from: query.get("from_date") ?? undefined, to: query.get("to_date") ?? undefined };
      });
      ledger.check(
        "dates",
        label,
        "functions.js LEGACY.STATS asks the service for the documented days",
        sentLegacy.length === 1 && same(sentLegacy[0]),
        () => sentLegacy.map(shown).join("; ") || "no request",
      );
    }
  }
}
