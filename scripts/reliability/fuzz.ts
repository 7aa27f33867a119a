// Fuzz counts for `npm run report:reliability`: the property tests' own targets (parsers of formula
// arguments, the pane's formulas read back, the emulator over HTTP), each run on its seeded
// inputs without stopping at a failure, counting what was accepted, refused, and thrown
// otherwise. `uncaught` must be 0: anything thrown that is not a refusal of kind "input".
import { emulatorTargets, startFuzzEmulator } from "../../test/unit/property/support/emulator-targets";
import { countOutcomes, type FuzzCount, type FuzzTarget } from "../../test/unit/property/support/judge";
import { PANE_TARGETS, PARSER_TARGETS } from "../../test/unit/property/support/parser-targets";

/** Properties broken without an uncaught error (a refusal not naming its argument, say) are printed, not counted. */
function reportProblems(target: string, problems: readonly string[]): void {
  if (problems.length === 0) return;
  console.error(`${target}: ${problems.length} inputs broke a property, first: ${problems[0]}`);
}

async function countAll(targets: readonly FuzzTarget<unknown>[]): Promise<FuzzCount[]> {
  const rows: FuzzCount[] = [];
  for (const target of targets) {
    const { problems, ...row } = await countOutcomes(target);
    reportProblems(target.name, problems);
    rows.push(row);
  }
  return rows;
}

export async function fuzzCounts(): Promise<
  Array<{ target: string; inputs: number; accepted: number; refusals: number; uncaught: number }>
> {
  const rows = await countAll([...PARSER_TARGETS, ...PANE_TARGETS]);
  const fuzz = await startFuzzEmulator();
  try {
    rows.push(...(await countAll(emulatorTargets(fuzz))));
  } finally {
    await fuzz.close();
  }
  return rows;
}
