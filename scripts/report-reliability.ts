// `npm run report:reliability`: what the hardening suites measure, as tables.
//   1. the fault table: a hostile server on loopback, driven through the typed clients
//   2. fuzz counts: the property tests' inputs, refusals and uncaught errors (must be 0)
//   3. payload figures: the largest spill and the largest context.sync, against Excel's 5 MB
//   4. reconciliation counts: queries and checks of the reconciliation suite, per area and time zone
//   5. load figures: the emulator under load from a second process, and through the host's proxy
//   6. the production host's fault table: host processes under hostile clients and services
// Each part runs the same code as its test suite (scripts/reliability/*), not a copy of it.
import { faultTable } from "./reliability/faults";
import { fuzzCounts } from "./reliability/fuzz";
import { hostFaultTable } from "./reliability/host-faults";
import { loadFigures } from "./reliability/load";
import { payloadFigures } from "./reliability/payloads";
import { reconciliationCounts } from "./reliability/reconciliation";
// Issue 17, section 4: the client's and the emulator's limits (C1, C2, C4, C5, E1, E2).
import { clientLimitTable, emulatorLimitTable } from "./reliability/client-limits";

type Row = Record<string, string | number>;

function printTable(title: string, rows: Row[]): void {
  console.log(`\n## ${title}\n`);
  if (rows.length === 0) {
    console.log("(no rows)");
    return;
  }
  const columns = Object.keys(rows[0]!);
  const cell = (value: string | number | undefined) =>
    typeof value === "number"
      ? value.toLocaleString("en-US")
      : String(value ?? "")
          .replace(/\s+/g, " ")
          .replace(/\|/g, "\\|");
  console.log(`| ${columns.join(" | ")} |`);
  console.log(`| ${columns.map((column) => (typeof rows[0]![column] === "number" ? "---:" : "---")).join(" | ")} |`);
  for (const row of rows) console.log(`| ${columns.map((column) => cell(row[column])).join(" | ")} |`);
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(2)} MB`;
}

async function main(): Promise<void> {
  let problems = 0;

  const faults = await faultTable();
  printTable("Faults (hostile server on loopback, typed clients)", faults);

  // --- Issue 17, section 4: client and emulator limits (C1, C2, C4, C5, E1, E2) ---
  const clientLimits = await clientLimitTable();
  printTable("Client limits (hostile answers: claimed totals, nesting, redirects, headers)", clientLimits);
  if (clientLimits.some((row) => row.outcome.includes("UNEXPECTED"))) problems += 1;
  const emulatorLimits = await emulatorLimitTable();
  printTable("Emulator limits (a large Excel export, an oversized body)", emulatorLimits);
  if (emulatorLimits.some((row) => row.outcome.includes("UNEXPECTED"))) problems += 1;
  // --- end of client and emulator limits ---

  const fuzz = await fuzzCounts();
  printTable("Fuzz (fast-check properties)", fuzz);
  const uncaught = fuzz.reduce((sum, row) => sum + row.uncaught, 0);
  console.log(
    `\ninputs ${fuzz.reduce((sum, row) => sum + row.inputs, 0).toLocaleString("en-US")}, uncaught ${uncaught}`,
  );
  if (uncaught > 0) problems += 1;

  const payloads = await payloadFigures();
  printTable(
    "Payloads against Excel's 5 MB per request",
    payloads.map((row) => ({
      what: row.what,
      bytes: row.bytes,
      size: megabytes(row.bytes),
      limit: megabytes(row.limitBytes),
      within: row.bytes <= row.limitBytes ? "yes" : "NO",
    })),
  );
  if (payloads.some((row) => row.bytes > row.limitBytes)) problems += 1;

  const reconciliation = await reconciliationCounts();
  printTable("Reconciliation (every path of the add-in against /stats, per time zone)", reconciliation);
  if (reconciliation.some((row) => row.failures > 0)) problems += 1;

  const load = await loadFigures();
  printTable("Load (emulator on loopback, load from a second process)", load);
  if (load.some((row) => row.ok === "NO")) problems += 1;

  // --- The production host (src/host) under hostile load: issue 17, D1-D14. ---
  const hostFaults = await hostFaultTable();
  printTable("Production host under hostile clients and services (issue 17, D1-D14)", hostFaults);
  if (hostFaults.some((row) => row.outcome.includes("UNEXPECTED"))) problems += 1;
  // --- end of the production host's block ---

  process.exitCode = problems === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
