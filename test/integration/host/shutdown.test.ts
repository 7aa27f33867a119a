import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { Worker } from "node:worker_threads";
import { rowsXlsx } from "../../../src/core/exports/xlsx-export";
import { REPO_ROOT } from "../../support/fresh-dist";
import { makeCertificate, type TestCertificate } from "./support/certificate";
import { send } from "./support/https-client";
import { startRecordingUpstream, type RecordingUpstream } from "./support/recording-upstream";
import { minimalBuild, startTestHost } from "./support/running-host";

jest.setTimeout(180_000);

const run = promisify(execFile);
const SLOW_ANSWER_MS = 1_500;

/**
 * `npm run build:host` into a directory of its own below the repository (so that the bundle
 * finds node_modules, as build/host/server.js does), never over build/.
 */
async function buildHostBundle(): Promise<string> {
  mkdirSync(join(REPO_ROOT, "test-results"), { recursive: true });
  const output = mkdtempSync(join(REPO_ROOT, "test-results", "host-build-"));
  const webpack = join(REPO_ROOT, "node_modules", ".bin", "webpack");
  await run(webpack, ["--config", "src/host/webpack.config.js", "--output-path", output], {
    cwd: REPO_ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  return join(output, "server.js");
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("the production bundle (npm run build:host, then npm run serve)", () => {
  let bundle: string;
  let certificate: TestCertificate;
  let upstream: RecordingUpstream;

  beforeAll(async () => {
    bundle = await buildHostBundle();
    certificate = makeCertificate();
    upstream = await startRecordingUpstream((_request, response) => {
      setTimeout(() => {
        if (!response.destroyed) response.writeHead(200, { "content-type": "application/json" }).end('{"slow":true}');
      }, SLOW_ANSWER_MS).unref();
    });
  });

  afterAll(async () => {
    await upstream?.close();
    if (bundle) rmSync(dirname(bundle), { recursive: true, force: true });
  });

  it("needs nothing at run time but Node and package.json's dependencies (npm ci --omit=dev)", () => {
    const { dependencies } = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    // The server and what it starts beside it: the refresh command, the Excel rewrite's worker.
    const files = readdirSync(dirname(bundle)).filter((name) => name.endsWith(".js"));
    expect(files).toEqual(expect.arrayContaining(["refresh-workbook.js", "server.js", "xlsx-rewrite-worker.js"]));
    const required = files.flatMap((name) =>
      [...readFileSync(join(dirname(bundle), name), "utf8").matchAll(/\brequire\("([^"]+)"\)/g)].map(
        (match) => match[1]!,
      ),
    );
    const packageOf = (name: string) =>
      name.startsWith("@") ? name.split("/").slice(0, 2).join("/") : name.split("/")[0]!;
    const outside = required.filter(
      (name) => !name.startsWith("node:") && !builtinModules.includes(name) && !(packageOf(name) in dependencies),
    );
    expect(outside).toEqual([]);
    expect(required).toContain("fastify");
  });

  it("rewrites a Mac export's Excel file in the worker thread beside server.js", async () => {
    const serviceFile = await rowsXlsx(
      {
        sheetName: "Stats",
        header: ["date", "revenues"],
        rows: [[46_000, 1.5]],
        numberFormats: [undefined, undefined],
      },
      [],
    );
    const worker = new Worker(join(dirname(bundle), "xlsx-rewrite-worker.js"), {
      workerData: { bytes: serviceFile, style: "readable", queryRows: [["Period", "2026-06-01"]] },
    });
    const outcome = await new Promise<{ kind: string; bytes?: Uint8Array }>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    await worker.terminate();
    expect(outcome.kind).toBe("done");
    expect(Buffer.from(outcome.bytes!).subarray(0, 2).toString()).toBe("PK");
  });

  it("on SIGTERM refuses new connections, lets the request in flight finish with 200, and exits 0", async () => {
    const host = await startTestHost(
      certificate,
      ["--static-dir", minimalBuild(), "--service-url", upstream.baseUrl, "--shutdown-timeout", "20"],
      {
        nodeArgs: [bundle],
      },
    );
    const before = upstream.received.length;
    const inFlight = host.send("/service/bearer/dates", { headers: { authorization: "Bearer t" } });
    await waitFor(() => upstream.received.length > before, "the request to reach the service");
    const stopped = host.stop();
    await waitFor(() => host.output.some((line) => line.includes("stopping: draining")), "the host to start draining");
    await expect(send(`${host.url}/healthz`, { ca: certificate.pem })).rejects.toMatchObject({ code: "ECONNREFUSED" });
    const answer = await inFlight;
    expect([answer.status, answer.json()]).toEqual([200, { slow: true }]);
    expect(await stopped).toBe(0);
    expect(host.output.some((line) => line.includes('"outcome":"drained"'))).toBe(true);
  });

  it("cuts what is still running once the shutdown timeout has passed, and still exits 0", async () => {
    const host = await startTestHost(
      certificate,
      ["--static-dir", minimalBuild(), "--service-url", upstream.baseUrl, "--shutdown-timeout", "0.2"],
      {
        nodeArgs: [bundle],
      },
    );
    const before = upstream.received.length;
    const inFlight = host.send("/service/bearer/dates", { headers: { authorization: "Bearer t" } }).then(
      () => "answered",
      () => "cut",
    );
    await waitFor(() => upstream.received.length > before, "the request to reach the service");
    const started = Date.now();
    expect(await host.stop()).toBe(0);
    expect(Date.now() - started).toBeLessThan(SLOW_ANSWER_MS);
    expect(await inFlight).toBe("cut");
    expect(host.output.some((line) => line.includes('"outcome":"forced"'))).toBe(true);
  });
});
