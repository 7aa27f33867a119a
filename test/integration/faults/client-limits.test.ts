/**
 * Issue 17, section 4 (C1, C2, C4, C5): the client against answers built to exhaust its memory
 * or stack, or to confuse its messages; the scenarios are in support/client-limit-scenarios.ts.
 */
import { startHostileServer, type HostileServer } from "./support/hostile-server";
import { answerWellWithLists, CLIENT_LIMIT_SCENARIOS } from "./support/client-limit-scenarios";
import { runScenario } from "./support/scenarios";

let server: HostileServer;

beforeAll(async () => {
  server = await startHostileServer(answerWellWithLists);
});

afterAll(() => server?.close());

it.each(CLIENT_LIMIT_SCENARIOS.map((scenario) => [scenario.scenario, scenario] as const))(
  "%s",
  async (_name, scenario) => {
    const result = await runScenario(server, scenario);
    expect(result).toMatchObject({ problems: [] });
  },
  30_000,
);
