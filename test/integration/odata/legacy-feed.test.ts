/**
 * LegacyStats on the production host (`npm run serve --legacy-service-url`): the rows are
 * LEGACY.STATS's for the same query (the legacy client and the function's own regrouping), page
 * by page; the API key and secret (Basic user and password) reach no log line, error body or
 * nextLink; without them the feed asks again (401 + WWW-Authenticate: Basic).
 */
import Fastify from "fastify";
import type { AddressInfo } from "node:net";
import { registerFeed } from "../../../src/host/odata/feed-routes";
import type { RunningEmulator } from "../../../src/emulator";
import type { LegacyCredential } from "../../../src/emulator/store/types";
import { LegacyClient } from "../../../src/client/legacy-client";
import { legacyStatsRows } from "../../../src/core/legacy/legacy-rows";
import type { LegacyFunctionGroup } from "../../../src/core/legacy/group-by";
import { excelSerialOfGroupDate } from "../../../src/core/excel-dates";
import { START_TIMEOUT_MS, startConformanceEmulator } from "../emulator/support/emulator";
import { makeCertificate } from "../host/support/certificate";
import { minimalBuild, startTestHost, type TestHost } from "../host/support/running-host";
import { basic } from "./support/feed-server";

jest.setTimeout(START_TIMEOUT_MS);

let emulator: RunningEmulator;
let host: TestHost;
let credential: LegacyCredential;

beforeAll(async () => {
  emulator = await startConformanceEmulator({ allowedOrigins: [] });
  credential = emulator.credentials.legacy[0]!;
  host = await startTestHost(makeCertificate(), [
    "--static-dir",
    minimalBuild(),
    "--service-url",
    emulator.baseUrl,
    "--legacy-service-url",
    emulator.legacyBaseUrl,
  ]);
});

afterAll(async () => {
  await host?.stop();
  await emulator?.close();
});

const FROM = "2026-06-01";
const TO = "2026-06-14";
const FILTER = `$filter=${encodeURIComponent(`date ge ${FROM} and date le ${TO}`)}`;

type Entity = Record<string, string | number | null>;

/** Every row of a listing, following nextLink to the end. */
async function allRows(path: string, authorization: string): Promise<{ rows: Entity[]; links: string[] }> {
  const rows: Entity[] = [];
  const links: string[] = [];
  let next: string | undefined = path;
  while (next !== undefined) {
    const answer = await host.send(next, { headers: { authorization } });
    expect(answer.status).toBe(200);
    const page = answer.json() as { value: Entity[]; "@odata.nextLink"?: string };
    rows.push(...page.value);
    const link = page["@odata.nextLink"];
    if (link !== undefined) links.push(link);
    next = link?.slice(host.url.length);
  }
  return { rows, links };
}

/** LEGACY.STATS's rows for the same period and groupings, straight from the legacy client. */
async function functionRows(groups: LegacyFunctionGroup[]) {
  const client = new LegacyClient({
    baseUrl: emulator.legacyBaseUrl,
    apiKey: credential.apiKey,
    apiSecret: credential.apiSecret,
  });
  const sent = groups
    .map((group) =>
      group === "ad_unit_type" || group === "ad_unit_name" || group === "application" ? "ad_unit_id" : group,
    )
    .filter((group, index, all) => all.indexOf(group) === index);
  const [answer, applications] = await Promise.all([
    client.stats({ from: FROM, to: TO, groupBy: sent }),
    client.applications(),
  ]);
  return legacyStatsRows(answer, groups, "none", applications.applications).rows;
}

it("lists LegacyStats in the service document and $metadata, with a date and a month", async () => {
  const auth = { authorization: basic(credential.apiKey, credential.apiSecret) };
  const [service, metadata] = await Promise.all([
    host.send("/odata/", { headers: auth }),
    host.send("/odata/$metadata", { headers: auth }),
  ]);
  expect((service.json() as { value: { name: string }[] }).value.map((set) => set.name)).toContain("LegacyStats");
  expect(metadata.text()).toContain('<EntitySet Name="LegacyStats" EntityType="Reporting.LegacyStat"/>');
  expect(metadata.text()).toContain(
    '<Property Name="id" Type="Edm.String" Nullable="false"/><Property Name="date" Type="Edm.Date"/><Property Name="month" Type="Edm.Date"/>',
  );
});

it("answers the numbers of LEGACY.STATS for the same regroupings", async () => {
  const authorization = basic(credential.apiKey, credential.apiSecret);
  const { rows, links } = await allRows(
    `/odata/LegacyStats?$select=date,application,ad_unit_type,impressions,revenues,ecpm,requests&${FILTER}`,
    authorization,
  );
  const expected = await functionRows(["day", "application", "ad_unit_type"]);
  expect(rows.length).toBeGreaterThan(0);
  expect(
    rows.map((row) => [
      excelSerialOfGroupDate(String(row.date)),
      row.application,
      row.ad_unit_type,
      row.impressions,
      row.revenues,
      row.ecpm,
      row.requests,
    ]),
  ).toEqual(expected);
  for (const link of links) expect(link).not.toContain(credential.apiKey);

  const months = await allRows(
    `/odata/LegacyStats?$select=month,country,revenues&${FILTER}&$count=true`,
    authorization,
  );
  const byMonth = await functionRows(["month", "country"]);
  expect(
    months.rows.map((row) => [excelSerialOfGroupDate(String(row.month).slice(0, 7)), row.country, row.revenues]),
  ).toEqual(byMonth.map((row) => [row[0], row[1], row[3]]));
});

it("cuts a long answer into pages whose nextLink carries no credential", async () => {
  const app = Fastify();
  registerFeed(app, {
    serviceUrl: emulator.baseUrl,
    legacyServiceUrl: emulator.legacyBaseUrl,
    upstreamTimeoutMs: 20_000,
    pageSize: 5,
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  try {
    const root = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const headers = { authorization: basic(credential.apiKey, credential.apiSecret) };
    const rows: Entity[] = [];
    const links: string[] = [];
    let next: string | undefined =
      `${root}/odata/LegacyStats?$select=date,country,impressions&${FILTER}&$skip=3&$top=23`;
    while (next !== undefined) {
      const page = (await (await fetch(next, { headers })).json()) as { value: Entity[]; "@odata.nextLink"?: string };
      rows.push(...page.value);
      next = page["@odata.nextLink"];
      if (next !== undefined) links.push(next);
    }
    const expected = (await functionRows(["day", "country"])).slice(3, 26);
    expect(rows.map((row) => [excelSerialOfGroupDate(String(row.date)), row.country, row.impressions])).toEqual(
      expected.map((row) => [row[0], row[1], row[2]]),
    );
    expect(links).toHaveLength(4);
    for (const link of links) expect(link).not.toMatch(new RegExp(`${credential.apiKey}|${credential.apiSecret}`));
  } finally {
    await app.close();
  }
});

it("refuses a request without a period, naming $filter, and asks for the key and secret again", async () => {
  const authorization = basic(credential.apiKey, credential.apiSecret);
  const [noPeriod, noCredential, bearerOnly, wrongSecret] = await Promise.all([
    host.send("/odata/LegacyStats?$select=country,revenues", { headers: { authorization } }),
    host.send(`/odata/LegacyStats?${FILTER}`),
    host.send(`/odata/LegacyStats?${FILTER}`, { headers: { authorization: `Bearer ${credential.apiSecret}` } }),
    host.send(`/odata/LegacyStats?${FILTER}&$select=country`, {
      headers: { authorization: basic(credential.apiKey, `wrong-${credential.apiSecret}`) },
    }),
  ]);
  expect(noPeriod.status).toBe(400);
  expect((noPeriod.json() as { error: { message: string } }).error.message).toMatch(
    /^\$filter: LegacyStats needs a period/,
  );
  for (const refused of [noCredential, bearerOnly, wrongSecret]) {
    expect(refused.status).toBe(401);
    expect(refused.headers["www-authenticate"]).toMatch(/^Basic /);
    expect((refused.json() as { error: { message: string } }).error.message).toContain("API key");
  }
  for (const answer of [noPeriod, noCredential, bearerOnly, wrongSecret]) {
    expect(answer.text()).not.toContain(credential.apiKey);
    expect(answer.text()).not.toContain(credential.apiSecret);
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  const log = host.output.join("\n");
  expect(log).not.toContain(credential.apiKey);
  expect(log).not.toContain(credential.apiSecret);
});
