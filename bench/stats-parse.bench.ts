/**
 * Cost of the client's validating read of a 100,000-row /stats answer, as a ratio to a bare
 * JSON.parse of the same text, measured in one run (interleaved rounds, medians), so that the
 * machine's speed cancels out. Target: at most 1.5x, with validation on.
 */
import { statsResponse } from "../src/api/stats-response";
import { readStatsResponse } from "../src/client/read-response";
import { ResponseValidationError } from "../src/client/errors";
import { generateStatsAnswer } from "./support/stats-answer";
import { interleavedMedians } from "./support/timing";

const ROWS = 100_000;
const WARM_UP_ROUNDS = 3;
const ROUNDS = 10;
const TARGET_RATIO = 1.5;

/** Proof that the timed path validates: the same answer with one wrong value must be refused. */
function assertValidationIsOn(text: string): void {
  const at = text.lastIndexOf('"revenues":') + '"revenues":'.length;
  const end = text.indexOf(",", at);
  const broken = `${text.slice(0, at)}"${text.slice(at, end)}"${text.slice(end)}`;
  try {
    readStatsResponse(broken);
  } catch (error) {
    if (error instanceof ResponseValidationError && /stats\[\d+\]\.metrics\.revenues/.test(error.message)) return;
    throw error;
  }
  throw new Error("readStatsResponse accepted a text revenue: validation is off");
}

export async function run(): Promise<void> {
  const text = generateStatsAnswer(ROWS);
  assertValidationIsOn(text);
  const { bare: bareMs, client: clientMs, zodOnly: zodMs } = await interleavedMedians(
    {
      bare: () => JSON.parse(text),
      client: () => readStatsResponse(text),
      zodOnly: () => statsResponse.parse(JSON.parse(text)),
    },
    { warmUp: WARM_UP_ROUNDS, measured: ROUNDS },
  );
  const ratio = clientMs / bareMs;
  console.log(`stats-parse: ${ROWS.toLocaleString("en-US")} rows, ${(text.length / 1e6).toFixed(1)} MB, median of ${ROUNDS} interleaved rounds`);
  console.log(`  JSON.parse alone                 ${bareMs.toFixed(1)} ms`);
  console.log(`  client read (parse + validate)   ${clientMs.toFixed(1)} ms   ratio ${ratio.toFixed(2)}x (target <= ${TARGET_RATIO}x) ${ratio <= TARGET_RATIO ? "OK" : "OVER TARGET"}`);
  console.log(`  for reference: zod parse alone   ${zodMs.toFixed(1)} ms   ratio ${(zodMs / bareMs).toFixed(2)}x`);
}
