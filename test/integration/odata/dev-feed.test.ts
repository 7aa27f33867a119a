/**
 * The feed on `npm start`'s dev server: scripts/start.mjs runs src/host/odata/dev-feed.ts in
 * front of the emulator, and the dev server proxies /odata to it (scripts/webpack/feed-proxy.js).
 * Its links must be the dev server's, or Power Query would follow them past the proxy.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { createProxyMiddleware } from "http-proxy-middleware";
import { feedProxyConfig } from "../../../scripts/webpack/feed-proxy";
import type { RunningEmulator } from "../../../src/emulator";
import { REPO_ROOT } from "../../support/fresh-dist";
import { listenOnLoopback, type LoopbackServer } from "../../support/loopback";
import { START_TIMEOUT_MS, startConformanceEmulator, widestBearer } from "../emulator/support/emulator";

jest.setTimeout(START_TIMEOUT_MS);

let emulator: RunningEmulator;
let feed: ChildProcess;
let proxy: LoopbackServer;

beforeAll(async () => {
  emulator = await startConformanceEmulator({ allowedOrigins: [] });
  feed = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      join(REPO_ROOT, "src", "host", "odata", "dev-feed.ts"),
      "--service-url",
      emulator.baseUrl,
      "--legacy-service-url",
      emulator.legacyBaseUrl,
    ],
    {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, NODE_OPTIONS: "" },
    },
  );
  const url = await new Promise<string>((resolve) =>
    createInterface({ input: feed.stdout! }).once("line", (line) => resolve((JSON.parse(line) as { url: string }).url)),
  );
  const [config] = feedProxyConfig({ REPORTING_FEED_TARGET: url });
  const middleware = createProxyMiddleware(config!.context, { ...config, logLevel: "silent" }) as unknown as (
    request: IncomingMessage,
    response: ServerResponse,
    next: () => void,
  ) => void;
  proxy = await listenOnLoopback(
    createServer((request, response) => middleware(request, response, () => response.writeHead(404).end())),
  );
});

afterAll(async () => {
  feed?.kill("SIGTERM");
  await proxy?.close();
  await emulator?.close();
});

it("serves the feed through the dev server, with links to the dev server's own address", async () => {
  const token = widestBearer(emulator).token;
  const answer = await fetch(
    `${proxy.origin}/odata/Stats?$select=date,country,format,asset,revenues&$filter=date%20ge%202026-06-01%20and%20date%20le%202026-06-30`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(answer.status).toBe(200);
  const page = (await answer.json()) as { "@odata.context": string; "@odata.nextLink": string };
  expect(page["@odata.context"]).toBe(`${proxy.origin}/odata/$metadata#Stats(date,country,format,asset,revenues)`);
  expect(page["@odata.nextLink"].startsWith(`${proxy.origin}/odata/Stats?`)).toBe(true);
});

it("serves LegacyStats too, with the legacy interface the dev server runs", async () => {
  const { apiKey, apiSecret } = emulator.credentials.legacy[0]!;
  const answer = await fetch(
    `${proxy.origin}/odata/LegacyStats?$select=date,revenues&$filter=date%20ge%202026-06-01%20and%20date%20le%202026-06-03`,
    {
      headers: { authorization: `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString("base64")}` },
    },
  );
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as { value: { date: string }[] }).value.map((row) => row.date)).toEqual([
    "2026-06-01",
    "2026-06-02",
    "2026-06-03",
  ]);
});
