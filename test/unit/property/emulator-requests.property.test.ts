/**
 * The emulator's request handling over real HTTP: random bodies and query strings on every
 * stats route get 200 or a documented 4xx with the error body; never a 500, never a hang.
 */
import fc from "fast-check";
import { FUZZ_SEED } from "./support/arbitraries";
import { emulatorTargets, startFuzzEmulator, type FuzzEmulator } from "./support/emulator-targets";

/** Building the small data set shares the machine with other test workers: generous, never asserted. */
jest.setTimeout(120_000);

let fuzz: FuzzEmulator;
beforeAll(async () => {
  fuzz = await startFuzzEmulator();
});
afterAll(() => fuzz?.close());

test("every stats route answers any body or query with 200 or a documented refusal", async () => {
  for (const target of emulatorTargets(fuzz)) {
    await fc.assert(
      fc.asyncProperty(target.arbitrary, async (input) => {
        const judgement = await target.judge(input);
        if (judgement.problem !== undefined)
          throw new Error(`${target.name}: ${judgement.outcome}: ${judgement.problem}`);
      }),
      { seed: FUZZ_SEED, numRuns: target.numRuns },
    );
  }
});
