// The production host's fault table of `npm run report:reliability` (issue 17, D1-D14): host
// processes under hostile clients and services, with the checks of test/integration/faults/host-faults.test.ts.
import { runHostFaults } from "../../test/integration/faults/support/host-faults";

// A type rather than an interface, so that it passes where the report expects a plain record of cells.
export type HostFaultRow = {
  point: string;
  scenario: string;
  settledMs: number;
  outcome: string;
};

export async function hostFaultTable(): Promise<HostFaultRow[]> {
  const results = await runHostFaults();
  return results.map(({ point, scenario, settledMs, outcome, problems }) => ({
    point,
    scenario,
    settledMs,
    outcome: problems.length === 0 ? outcome : `${outcome} — UNEXPECTED: ${problems.join("; ")}`,
  }));
}
