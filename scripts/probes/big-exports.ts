// Probe D2 of issue 17: 10 concurrent Mac exports of a ~216 MB CSV each, from a stand-in for the
// service that sends the file at loopback speed. Prints the host's peak RSS, the slowest /healthz
// answer meanwhile, and the exports' statuses. `npx tsx scripts/probes/big-exports.ts [host flags]`
import { createServer } from "node:http";
import { listenOnLoopback } from "../../test/support/loopback";
import { startProbedHost, sleep } from "./probe-host";

const EXPORTS = 10;
const MEGABYTES = 216;
const LINE = "2026-06-01,US,com.example.app,1234.5678,987654\r\n";
const CHUNK = Buffer.from(LINE.repeat(Math.floor((1024 * 1024) / LINE.length)));

async function main(): Promise<void> {
  const upstream = await listenOnLoopback(
    createServer((request, response) => {
      request.resume();
      response.writeHead(200, { "content-type": "text/csv" });
      response.write("date,country,application,revenues,impressions\r\n");
      let sent = 0;
      const more = () => {
        while (sent < MEGABYTES) {
          sent++;
          if (!response.write(CHUNK)) return void response.once("drain", more);
        }
        response.end();
      };
      more();
    }),
  );
  const host = await startProbedHost(`${upstream.origin}/base`, process.argv.slice(2));
  const atRest = host.rssMb();
  let peak = atRest;
  let slowestHealth = 0;
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, host.rssMb());
      const started = Date.now();
      await fetch(`${host.url}/healthz`).then(
        (answer) => answer.arrayBuffer(),
        () => undefined,
      );
      slowestHealth = Math.max(slowestHealth, Date.now() - started);
      await sleep(100);
    }
  })();
  const started = Date.now();
  const answers = await Promise.all(
    Array.from({ length: EXPORTS }, () =>
      fetch(`${host.url}/host/exports`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer probe" },
        body: JSON.stringify({ format: "csv", request: {} }),
      }).then(
        async (answer) => ({
          status: answer.status,
          body: (await answer.text()).slice(0, 160),
          ms: Date.now() - started,
        }),
        (error: Error) => ({ status: 0, body: error.message, ms: Date.now() - started }),
      ),
    ),
  );
  running = false;
  await sampler;
  console.log(
    `host RSS at rest ${atRest} MB, peak ${peak} MB; slowest /healthz ${(slowestHealth / 1000).toFixed(2)} s; all settled in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const answer of answers)
    console.log(`  HTTP ${answer.status} at ${(answer.ms / 1000).toFixed(1)} s: ${answer.body}`);
  await host.stop();
  await upstream.close();
}

void main();
