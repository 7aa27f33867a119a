/**
 * The fault table (support/scenarios.ts) against the hostile server on loopback: each scenario
 * settles in time with the error of the contract it should, makes the requests it should,
 * throws nothing uncaught, and leaves its client able to read the next good answer.
 */
import { startHostileServer, type HostileServer } from "./support/hostile-server";
import { answerWell, FAULT_SCENARIOS, runScenario } from "./support/scenarios";

let server: HostileServer;
const uncaught: unknown[] = [];
const onUncaught = (reason: unknown) => void uncaught.push(reason);
let suiteStarted = 0;

beforeAll(async () => {
  process.on("unhandledRejection", onUncaught);
  suiteStarted = Date.now();
  server = await startHostileServer(answerWell);
});

afterAll(async () => {
  process.off("unhandledRejection", onUncaught);
  await server?.close();
});

it.each(FAULT_SCENARIOS.map((scenario) => [scenario.scenario, scenario] as const))(
  "%s",
  async (_name, scenario) => {
    const result = await runScenario(server, scenario);
    expect(result.problems).toEqual([]);
  },
  30_000,
);

it("nothing was left uncaught, and the whole table ran in well under 30 seconds", async () => {
  // A rejection nobody handled is reported on a later turn of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(uncaught).toEqual([]);
  expect(Date.now() - suiteStarted).toBeLessThan(30_000);
});
