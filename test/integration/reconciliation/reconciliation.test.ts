/**
 * Numbers that reconcile: a few hundred seeded queries (FUZZ_SEED) over every group, date
 * grouping, filter, order, window and credential of the emulator, each checked through every path
 * the add-in offers (statsAll, the core functions' spills and preview, functions.js as built, VALUE
 * cells, Insert as table with its PivotTable in the recording fake of Excel, the exports, the
 * legacy interface) against the service asked directly over HTTP. Every check of support/ runs
 * here in this process's time zone; time-zones.test.ts runs them again in three others.
 */
import { buildFunctionsBundle } from "../functions/support/functions-bundle";
import { START_TIMEOUT_MS } from "../emulator/support/emulator";
import { openSession, runReconciliation, type Session } from "./support/run";

let session: Session;

beforeAll(async () => {
  session = await openSession(await buildFunctionsBundle());
}, START_TIMEOUT_MS);

afterAll(async () => {
  if (!session) return;
  const { ledger } = session.context;
  // The figures CI prints: how much was checked, area by area.
  console.log(
    `reconciliation (TZ=${process.env.TZ ?? Intl.DateTimeFormat().resolvedOptions().timeZone}): ${ledger.queryCount()} queries, ${ledger.checkCount()} checks, ${ledger.problems.length} failed\n` +
      ledger
        .counts()
        .map(
          (row) =>
            `  ${row.area.padEnd(11)} ${String(row.queries).padStart(4)} queries ${String(row.checks).padStart(6)} checks ${String(row.cells).padStart(8)} cells ${row.failures} failed${row.note ? ` (${row.note})` : ""}`,
        )
        .join("\n"),
  );
  await session.close();
});

test("every path of the add-in gives the service's numbers, and they add up", async () => {
  await runReconciliation(session);
  const { ledger } = session.context;
  expect(ledger.problems).toEqual([]);
  // A suite that checked next to nothing would pass too: the run must be the size it claims.
  expect(ledger.queryCount()).toBeGreaterThanOrEqual(300);
  for (const row of ledger.counts().filter((each) => each.area !== "comparison"))
    expect([row.area, row.checks > 0]).toEqual([row.area, true]);
}, 300_000);
