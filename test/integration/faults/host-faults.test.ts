/**
 * The production host's fault table (support/host-faults.ts, issue 17 D1-D14): each point holds
 * against a host process started with the flags it names.
 */
import { HOST_FAULTS, HostFaultContext, runHostFault } from "./support/host-faults";

const context = new HostFaultContext();
afterAll(() => context.close());

it.each(HOST_FAULTS.map((fault) => [`${fault.point}: ${fault.scenario}`, fault] as const))(
  "%s",
  async (_name, fault) => {
    const result = await runHostFault(context, fault);
    expect(result.problems).toEqual([]);
  },
  90_000,
);
