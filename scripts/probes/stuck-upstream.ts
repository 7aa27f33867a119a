// Probe D3 of issue 17: 150 requests of one user that the service never answers, then one request
// of another user that it answers at once. Prints how long that request took and when the stuck
// ones settled, with what status. `npx tsx scripts/probes/stuck-upstream.ts [host flags]`
import { createServer, request as httpRequest, Agent } from "node:http";
import { listenOnLoopback } from "../../test/support/loopback";
import { startProbedHost, sleep } from "./probe-host";

const STUCK = 150;
const TIMEOUT_SECONDS = 20;

function post(url: string, token: string, agent: Agent): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const outgoing = httpRequest(
      url,
      { method: "POST", agent, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" } },
      (answer) => {
        answer.resume();
        answer.on("end", () => resolve({ status: answer.statusCode ?? 0, ms: Date.now() - started }));
      },
    );
    outgoing.on("error", () => resolve({ status: 0, ms: Date.now() - started }));
    outgoing.end("{}");
  });
}

async function main(): Promise<void> {
  const upstream = await listenOnLoopback(
    createServer((request, response) => {
      request.resume();
      if (request.headers.authorization === "Bearer stuck") return; // never answered
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    }),
  );
  const host = await startProbedHost(`${upstream.origin}/base`, [
    "--upstream-timeout",
    String(TIMEOUT_SECONDS),
    ...process.argv.slice(2),
  ]);
  const agent = new Agent({ keepAlive: true, maxSockets: 1000 });
  const stuck = Array.from({ length: STUCK }, () => post(`${host.url}/service/bearer/stats`, "stuck", agent));
  await sleep(1000);
  const other = await post(`${host.url}/service/bearer/stats`, "other", agent);
  console.log(
    `another user's request during ${STUCK} stuck ones: HTTP ${other.status} in ${(other.ms / 1000).toFixed(2)} s`,
  );
  const settled = await Promise.all(stuck);
  const times = settled.map((answer) => answer.ms).sort((a, b) => a - b);
  const statuses = new Map<number, number>();
  for (const answer of settled) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  console.log(
    `stuck requests settled from ${(times[0]! / 1000).toFixed(2)} s to ${(times.at(-1)! / 1000).toFixed(2)} s (timeout ${TIMEOUT_SECONDS} s); statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  agent.destroy();
  await host.stop();
  await upstream.close();
}

void main();
