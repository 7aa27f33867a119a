/**
 * Every parser of formula arguments, and the pane's formulas read back, against thousands of
 * seeded inputs (fast-check prints the seed and the shrunk input of a failure; FUZZ_SEED=<n>
 * runs other inputs). The properties live in ./support, shared with scripts/reliability/fuzz.ts.
 */
import fc from "fast-check";
import { FUZZ_SEED } from "./support/arbitraries";
import type { FuzzTarget } from "./support/judge";
import { PANE_TARGETS, PARSER_TARGETS } from "./support/parser-targets";

function assertTarget(target: FuzzTarget<unknown>): void {
  fc.assert(
    fc.property(target.arbitrary, (input) => {
      const judgement = target.judge(input) as Awaited<ReturnType<typeof target.judge>>;
      if (judgement.problem !== undefined) throw new Error(`${judgement.outcome}: ${judgement.problem}`);
    }),
    { seed: FUZZ_SEED, numRuns: target.numRuns },
  );
}

describe("formula arguments: a clear refusal naming the argument, or valid values only", () => {
  test.each(PARSER_TARGETS.map((target) => [target.name, target] as const))("%s", (_name, target) =>
    assertTarget(target),
  );
});

describe("pane: the form's formula reads back into the same query, or the same clear refusal", () => {
  test.each(PANE_TARGETS.map((target) => [target.name, target] as const))("%s", (_name, target) =>
    assertTarget(target),
  );
});
