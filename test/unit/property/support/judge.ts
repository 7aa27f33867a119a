/**
 * What a fuzz target does with one input, and how that is judged: accepted (and then every value
 * must be valid), refused with an error of the contract of kind "input" (which must name the
 * argument and say what it accepts), or anything else: uncaught, which must never happen.
 */
import fc, { type Arbitrary } from "fast-check";
import { isReportingError } from "../../../../src/client/errors";
import { ArgumentError } from "../../../../src/core/arguments/argument-error";
import { FUZZ_SEED } from "./arbitraries";

export type Outcome = "accepted" | "refused" | "uncaught";

export interface Judgement {
  outcome: Outcome;
  /** What broke a property, if anything did. */
  problem?: string;
}

export interface FuzzTarget<Input = unknown> {
  name: string;
  numRuns: number;
  arbitrary: Arbitrary<Input>;
  judge(input: Input): Judgement | Promise<Judgement>;
}

/** Words that tell the user what to write instead, as every refusal must. */
const SAYS_WHAT_IT_ACCEPTS = /\b(use|give|write|choose|leave it empty|expects|list each|add it|must be)\b/i;
/** What a lookup that reached Object.prototype prints. */
const PROTOTYPE_LEAK = /native code|\[object Object\]/;

export function describeThrown(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return `a non-error ${typeof error}: ${String(error)}`;
}

/** Why a refusal of a formula argument is not a clear one, or undefined when it is. */
export function refusalProblem(error: ArgumentError, argumentNames: readonly string[]): string | undefined {
  if (!argumentNames.includes(error.argument))
    return `names "${error.argument}", not one of ${argumentNames.join(", ")}: ${error.message}`;
  if (!error.message.startsWith(`${error.argument}: `))
    return `does not start with "${error.argument}: ": ${error.message}`;
  if (!SAYS_WHAT_IT_ACCEPTS.test(error.message.slice(error.argument.length + 2)))
    return `does not say what ${error.argument} accepts: ${error.message}`;
  if (PROTOTYPE_LEAK.test(error.message)) return `shows a lookup on Object.prototype: ${error.message}`;
  if (error.kind !== "input" || error.retryable)
    return `is not an input refusal (kind ${error.kind}): ${error.message}`;
  return undefined;
}

/**
 * Runs a parser of formula arguments and judges it: a refusal must be an ArgumentError naming one
 * of `argumentNames`; an accepted result must pass `problemsOf`.
 */
export function judgeParser<Result>(
  run: () => Result,
  argumentNames: readonly string[],
  problemsOf: (result: Result) => string[],
): Judgement {
  let result: Result;
  try {
    result = run();
  } catch (error) {
    if (!isReportingError(error) || error.kind !== "input")
      return { outcome: "uncaught", problem: `threw ${describeThrown(error)}` };
    if (!(error instanceof ArgumentError))
      return { outcome: "refused", problem: `refused without naming an argument: ${describeThrown(error)}` };
    const problem = refusalProblem(error, argumentNames);
    return problem === undefined ? { outcome: "refused" } : { outcome: "refused", problem: `the refusal ${problem}` };
  }
  const problems = problemsOf(result);
  return problems.length === 0
    ? { outcome: "accepted" }
    : { outcome: "accepted", problem: `accepted with ${problems.join("; ")}` };
}

export interface FuzzCount {
  target: string;
  inputs: number;
  accepted: number;
  refusals: number;
  uncaught: number;
}

/** Judges `numRuns` inputs drawn with the shared seed and counts the outcomes, without stopping at a failure. */
export async function countOutcomes<Input>(target: FuzzTarget<Input>): Promise<FuzzCount & { problems: string[] }> {
  const count = { target: target.name, inputs: 0, accepted: 0, refusals: 0, uncaught: 0, problems: [] as string[] };
  for (const input of fc.sample(target.arbitrary, { seed: FUZZ_SEED, numRuns: target.numRuns })) {
    const judgement = await target.judge(input);
    count.inputs += 1;
    if (judgement.outcome === "accepted") count.accepted += 1;
    else if (judgement.outcome === "refused") count.refusals += 1;
    else count.uncaught += 1;
    if (judgement.problem !== undefined) count.problems.push(judgement.problem);
  }
  return count;
}
