/**
 * No date moves by a day in any time zone: the whole reconciliation suite again, in a process per
 * zone (support/zones.ts): two whose clocks change on a day inside the data, one behind UTC and
 * one ahead of it by a whole number of hours and a half.
 */
import { buildFunctionsBundle } from "../functions/support/functions-bundle";
import { runInZone, ZONES, type ZoneResult } from "./support/zones";

const results = new Map<string, ZoneResult>();

beforeAll(async () => {
  const built = await buildFunctionsBundle();
  for (const result of await Promise.all(ZONES.map((zone) => runInZone(zone, built.directory))))
    results.set(result.zone, result);
}, 300_000);

afterAll(() => {
  console.log(
    [...results.values()]
      .map(
        (result) =>
          `reconciliation (TZ=${result.zone}, UTC${result.offsets.first >= 0 ? "+" : ""}${result.offsets.first / 60} to ${result.offsets.last / 60} h): ${result.queries} queries, ${result.checks} checks, ${result.problems.length} failed, ${result.seconds.toFixed(1)} s`,
      )
      .join("\n"),
  );
});

test("the zones are those asked: one a half hour off the hour, clocks changing inside the data on both sides of UTC", () => {
  const all = [...results.values()];
  expect(all.map((result) => result.zone)).toEqual([...ZONES]);
  // Offsets as each process's own clock reports them.
  expect(Object.fromEntries(all.map((result) => [result.zone, result.offsets]))).toEqual({
    "America/Los_Angeles": { first: -480, last: -420 },
    "Australia/Adelaide": { first: 630, last: 570 },
  });
  expect(all.some((result) => result.offsets.first % 60 !== 0)).toBe(true);
  expect(all.some((result) => result.offsets.first !== result.offsets.last && result.offsets.first < 0)).toBe(true);
  expect(all.some((result) => result.offsets.first !== result.offsets.last && result.offsets.first > 0)).toBe(true);
});

test.each(ZONES)("under TZ=%s every check of the suite holds", (zone) => {
  const result = results.get(zone)!;
  expect(result.problems).toEqual([]);
  expect(result.queries).toBeGreaterThanOrEqual(300);
  expect(result.counts.find((row) => row.area === "dates")?.checks).toBeGreaterThan(500);
});
