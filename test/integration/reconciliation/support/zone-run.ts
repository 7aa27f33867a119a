// The reconciliation suite in this process's time zone (TZ), as a program: `node --import tsx
// zone-run.ts`. Prints one JSON line (a ZoneResult) last; support/zones.ts starts it per zone.
import { buildFunctionsBundle } from "../../functions/support/functions-bundle";
import { openSession, RECONCILIATION_DATA, runReconciliation } from "./run";
import type { ZoneResult } from "./zones";

async function main(): Promise<void> {
  const started = Date.now();
  const built = await buildFunctionsBundle();
  const session = await openSession(built);
  try {
    await runReconciliation(session);
    const { ledger, world } = session.context;
    const offsetOn = (day: string) => {
      const [year, month, date] = day.split("-").map(Number) as [number, number, number];
      return -new Date(year, month - 1, date, 12).getTimezoneOffset();
    };
    const result: ZoneResult = {
      zone: process.env.TZ ?? "",
      resolvedZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      offsets: { first: offsetOn(world.period.from), last: offsetOn(RECONCILIATION_DATA.today) },
      queries: ledger.queryCount(),
      checks: ledger.checkCount(),
      counts: ledger.counts(),
      problems: ledger.problems,
      seconds: (Date.now() - started) / 1000,
    };
    console.log(JSON.stringify(result));
  } finally {
    await session.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
