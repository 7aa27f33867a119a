// The fault table of `npm run report:reliability`: the hostile server on loopback, driven
// through the typed clients, with the scenarios and checks of test/integration/faults.
import { runFaultScenarios } from "../../test/integration/faults/support/scenarios";

// A type rather than an interface, so that it passes where the report expects a plain record of cells.
export type FaultRow = {
  scenario: string;
  requests: number;
  settledMs: number;
  outcome: string;
  message: string;
};

/** Runs every scenario; a scenario that missed its expectations says so in its outcome. */
export async function faultTable(): Promise<FaultRow[]> {
  const results = await runFaultScenarios();
  return results.map(({ scenario, requests, settledMs, outcome, message, problems }) => ({
    scenario,
    requests,
    settledMs,
    outcome: problems.length === 0 ? outcome : `${outcome} — UNEXPECTED: ${problems.join("; ")}`,
    message,
  }));
}
