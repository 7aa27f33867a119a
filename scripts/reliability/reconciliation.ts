// Reconciliation counts for `npm run report:reliability`: the suite of test/integration/reconciliation
// (the same generated queries and checks), in this process's time zone area by area, then in each
// of the suite's other zones as a process of its own. `failures` must be 0.
import { buildFunctionsBundle } from "../../test/integration/functions/support/functions-bundle";
import { openSession, runReconciliation } from "../../test/integration/reconciliation/support/run";
import { runInZone, ZONES } from "../../test/integration/reconciliation/support/zones";

export type ReconciliationRow = {
  zone: string;
  area: string;
  queries: number;
  checks: number;
  cells: number;
  failures: number;
  note: string;
};

export async function reconciliationCounts(): Promise<ReconciliationRow[]> {
  const built = await buildFunctionsBundle();
  const zone = process.env.TZ ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const session = await openSession(built);
  const rows: ReconciliationRow[] = [];
  try {
    await runReconciliation(session);
    const { ledger } = session.context;
    for (const problem of ledger.problems.slice(0, 20)) console.error(`reconciliation: ${problem}`);
    for (const count of ledger.counts()) rows.push({ zone, ...count });
    rows.push({
      zone,
      area: "all",
      queries: ledger.queryCount(),
      checks: ledger.checkCount(),
      cells: rows.reduce((sum, row) => sum + row.cells, 0),
      failures: ledger.problems.length,
      note: "",
    });
  } finally {
    await session.close();
  }
  for (const result of await Promise.all(ZONES.map((each) => runInZone(each, built.directory)))) {
    for (const problem of result.problems.slice(0, 20)) console.error(`reconciliation (TZ=${result.zone}): ${problem}`);
    rows.push({
      zone: result.zone,
      area: "all",
      queries: result.queries,
      checks: result.checks,
      cells: result.counts.reduce((sum, row) => sum + row.cells, 0),
      failures: result.problems.length,
      note: `UTC offset ${result.offsets.first / 60} h at the start of the data, ${result.offsets.last / 60} h at its end`,
    });
  }
  return rows;
}
