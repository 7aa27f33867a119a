/**
 * Cost of the client's whole read of a 100,000-row /stats answer (JSON.parse, the validator
 * ajv generated from statsResponse, and the check that every row carries each requested group
 * and metric), as a ratio to a bare JSON.parse of the same text, measured in one run
 * (interleaved rounds, medians), so that the machine's speed cancels out. Target: at most 1.2x.
 */
import { statsResponse } from "../src/api/stats-response";
import { ResponseValidationError } from "../src/client/errors";
import { readStatsResponse } from "../src/client/read-response";
import { generateStatsAnswer, STATS_ANSWER_REQUEST } from "./support/stats-answer";
import { interleavedMedians } from "./support/timing";

const ROWS = 100_000;
const WARM_UP_ROUNDS = 3;
const ROUNDS = 10;
const TARGET_RATIO = 1.2;

/** Proof that the timed path checks what it claims: each broken copy must be refused, naming the field. */
function assertChecksAreOn(text: string): void {
  const at = text.lastIndexOf('"revenues":');
  const end = text.indexOf(",", at);
  const textRevenue = `${text.slice(0, at + '"revenues":'.length)}"${text.slice(at + '"revenues":'.length, end)}"${text.slice(end)}`;
  // Renaming the key keeps the JSON valid and the row valid for the schema: only the request's check can see it.
  const missingRevenue = `${text.slice(0, at)}"revenue":${text.slice(at + '"revenues":'.length)}`;
  for (const [broken, what] of [
    [textRevenue, "a text revenue"],
    [missingRevenue, "a row without revenues"],
  ] as const) {
    try {
      readStatsResponse(broken, undefined, STATS_ANSWER_REQUEST);
    } catch (error) {
      if (error instanceof ResponseValidationError && /stats\[\d+\]\.metrics\.revenues/.test(error.message)) continue;
      throw error;
    }
    throw new Error(`readStatsResponse accepted ${what}: the timed path does not check it`);
  }
}

export async function run(): Promise<void> {
  const text = generateStatsAnswer(ROWS);
  assertChecksAreOn(text);
  const {
    bare: bareMs,
    client: clientMs,
    zodOnly: zodMs,
  } = await interleavedMedians(
    {
      bare: () => JSON.parse(text),
      client: () => readStatsResponse(text, undefined, STATS_ANSWER_REQUEST),
      zodOnly: () => statsResponse.parse(JSON.parse(text)),
    },
    { warmUp: WARM_UP_ROUNDS, measured: ROUNDS },
  );
  const ratio = clientMs / bareMs;
  console.log(
    `stats-parse: ${ROWS.toLocaleString("en-US")} rows, ${(text.length / 1e6).toFixed(1)} MB, median of ${ROUNDS} interleaved rounds`,
  );
  console.log(`  JSON.parse alone                                   ${bareMs.toFixed(1)} ms`);
  console.log(`  client read (parse + ajv + requested-keys check)   ${clientMs.toFixed(1)} ms`);
  console.log(
    `  for reference: zod parse alone                     ${zodMs.toFixed(1)} ms   ${(zodMs / bareMs).toFixed(2)}x JSON.parse`,
  );
  console.log(
    `read /stats ${ROWS.toLocaleString("en-US")} rows: ${ratio.toFixed(2)}x JSON.parse (target ≤${TARGET_RATIO}x) ${ratio <= TARGET_RATIO ? "OK" : "OVER TARGET"}`,
  );
}
