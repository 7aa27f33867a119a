/**
 * The feed on the production host (`npm run serve`): a Web API key in the query string reaches
 * no line of its log, no error body and no nextLink, and the links it writes are the host's own.
 */
import type { RunningEmulator } from "../../../src/emulator";
import { START_TIMEOUT_MS, startConformanceEmulator, widestBearer } from "../emulator/support/emulator";
import { makeCertificate } from "../host/support/certificate";
import { minimalBuild, startTestHost, type TestHost } from "../host/support/running-host";

jest.setTimeout(START_TIMEOUT_MS);

let emulator: RunningEmulator;
let host: TestHost;
let token: string;

beforeAll(async () => {
  emulator = await startConformanceEmulator({ allowedOrigins: [] });
  token = widestBearer(emulator).token;
  host = await startTestHost(makeCertificate(), ["--static-dir", minimalBuild(), "--service-url", emulator.baseUrl]);
});

afterAll(async () => {
  await host?.stop();
  await emulator?.close();
});

const FILTER = "$filter=date%20ge%202026-06-01%20and%20date%20le%202026-06-30";

it("keeps a key given in the query out of every log line, error body and nextLink", async () => {
  const key = encodeURIComponent(token);
  const answers = await Promise.all([
    host.send(`/odata/Stats?$select=date,country,format,asset,revenues&${FILTER}&access_token=${key}`),
    host.send(`/odata/Stats?access_token=${key}&$select=nothing&${FILTER}`),
    host.send(`/odata/Stats?access_token=${key}&$filter=country%20eq%20%27${key}%27`),
    host.send(`/odata/Nothing?access_token=${key}`),
    host.send(`/odata/Stats?access_token=wrong-${key}&${FILTER}`),
  ]);
  expect(answers.map((answer) => answer.status)).toEqual([200, 400, 400, 404, 401]);
  const page = answers[0]!.json() as { value: unknown[]; "@odata.nextLink": string };
  expect(page.value).toHaveLength(5_000);
  expect(page["@odata.nextLink"]).toMatch(new RegExp(`^${host.url}/odata/Stats\\?\\$select=`));
  for (const answer of answers) expect(answer.text()).not.toContain(token.slice(0, 16));
  // Every request was logged, none with its key (the log keeps no query string).
  await new Promise((resolve) => setTimeout(resolve, 200));
  const lines = host.accessLog().filter((record) => String(record.path).startsWith("/odata"));
  expect(lines).toHaveLength(answers.length);
  expect(host.output.join("\n")).not.toContain(token.slice(0, 16));
});
