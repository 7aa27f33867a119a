import type { StatsRequest } from "../../../src/api";
import {
  AbortedError,
  AuthenticationError,
  LegacyClient,
  PermissionDeniedError,
  RateLimitError,
  ReportingClient,
  ServerError,
  TimeoutError,
} from "../../../src/client";
import { startEmulator, type RunningEmulator } from "../../../src/emulator";
import {
  START_TIMEOUT_MS,
  bearerHeaders,
  getJson,
  legacyHeaders,
  startConformanceEmulator,
  stats as directStats,
  widestBearer,
} from "../emulator/support/emulator";

/**
 * The typed clients against the real emulator over real HTTP: what the unit tests prove with a
 * fake fetch must also hold on the wire (headers, paging, status codes, Retry-After, timeouts).
 */

let emulator: RunningEmulator;
let client: ReportingClient;
const noWaiting = { sleep: async () => undefined };
const month: StatsRequest["filters"] = { from: "2026-06-01", to: "2026-06-29" };

beforeAll(async () => {
  emulator = await startConformanceEmulator();
  client = new ReportingClient({
    baseUrl: emulator.baseUrl,
    token: widestBearer(emulator).token,
    transport: noWaiting,
  });
}, START_TIMEOUT_MS);

afterAll(() => emulator?.close());

/** Another emulator over the same data, with different faults. */
async function sibling(options: Parameters<typeof startEmulator>[0]): Promise<RunningEmulator> {
  return startEmulator({ today: "2026-06-30", store: emulator.store, ...options });
}

test("statsAll pages through offset/limit and equals one direct /stats answer, in order", async () => {
  const request: StatsRequest = { filters: month, groups: ["date", "country"], orders: ["date:desc", "country"] };
  const direct = await directStats(emulator, widestBearer(emulator).token, request);
  expect(direct.stats.length).toBeGreaterThan(250);
  const paged = await client.statsAll(request, { pageSize: 97, concurrency: 3 });
  expect(paged.total).toBe(direct.total);
  expect(paged.stats).toEqual(direct.stats);
});

test("statsAll keeps the caller's own window", async () => {
  const request: StatsRequest = { filters: month, groups: ["date", "country"], offset: 10, limit: 150 };
  const direct = await directStats(emulator, widestBearer(emulator).token, request);
  const paged = await client.statsAll(request, { pageSize: 40 });
  expect(paged.stats).toEqual(direct.stats);
  expect(paged.stats).toHaveLength(150);
});

test("every reference method reads the emulator's answer into options the filters accept", async () => {
  const token = widestBearer(emulator).token;
  const countries = await client.countries();
  const raw = (await getJson(`${emulator.baseUrl}/countries`, bearerHeaders(token))).body as {
    countries: { code: string }[];
  };
  expect(countries.map((option) => option.value)).toEqual(raw.countries.map((country) => country.code));
  expect((await client.details()).organizations.map((option) => option.value).sort()).toEqual(
    [...widestBearer(emulator).organizations].sort(),
  );
  expect(await client.dates()).toEqual(emulator.store.period);

  const [formats, integrationTypes, deviceTypes, assetTypes, assets] = await Promise.all([
    client.formats(),
    client.integrationTypes(),
    client.deviceTypes(),
    client.assetTypes(),
    client.assets(),
  ]);
  const answer = await client.stats({
    filters: {
      ...month,
      formats: formats.map((option) => option.value),
      integration_types: integrationTypes.map((option) => option.value) as never,
      device_types: deviceTypes.map((option) => option.value) as never,
      asset_types: assetTypes.map((option) => option.value) as never,
      assets: assets.map((asset) => asset.value),
      countries: countries.map((option) => option.value),
    },
  });
  const everything = await client.stats({ filters: month });
  expect(answer.stats[0]!.metrics.impressions).toBe(everything.stats[0]!.metrics.impressions);
});

test("CSV and Excel exports come back as text and as a real .xlsx", async () => {
  const request: StatsRequest = { filters: month, groups: ["country"] };
  const csv = await client.statsCsv(request);
  const json = await client.stats(request);
  expect(csv.split("\r\n").filter((line) => line !== "")).toHaveLength(json.stats.length + 1);
  const xlsx = await client.statsXlsx(request);
  expect(Array.from(xlsx.slice(0, 2))).toEqual([0x50, 0x4b]);
});

test("the legacy client reads applications and nested statistics", async () => {
  const credential = emulator.credentials.legacy[0]!;
  const legacy = new LegacyClient({
    baseUrl: emulator.legacyBaseUrl,
    apiKey: credential.apiKey,
    apiSecret: credential.apiSecret,
  });
  const applications = await legacy.applications();
  expect(applications.applications.map((application) => application.app_key).sort()).toEqual(
    [...credential.applications].sort(),
  );
  const answer = await legacy.stats({ from: "2026-06-01", to: "2026-06-07", groupBy: ["day", "country"] });
  const raw = (
    await getJson(
      `${emulator.legacyBaseUrl}/reporting/v1/stats?from_date=2026-06-01&to_date=2026-06-07&group_by=day,country`,
      legacyHeaders(credential),
    )
  ).body as { aggregation: unknown };
  expect(answer.aggregation).toEqual(raw.aggregation);
  expect(Object.keys(answer.aggregation ?? {})).toHaveLength(7);
});

test("a wrong token is an AuthenticationError that says what to do and never shows the token", async () => {
  const wrongToken = "f".repeat(64) + "_00000000-0000-4000-8000-000000000000";
  const refused = new ReportingClient({ baseUrl: emulator.baseUrl, token: wrongToken, transport: noWaiting });
  const error = await refused.stats({ filters: month }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AuthenticationError);
  expect((error as AuthenticationError).status).toBe(401);
  expect((error as Error).message).toMatch(/task pane/i);
  expect(JSON.stringify(error) + String((error as Error).stack)).not.toContain(wrongToken);
});

test("another organization's data is a PermissionDeniedError", async () => {
  const narrow = emulator.credentials.bearer.find((credential) => credential.organizations.length === 1)!;
  const other = widestBearer(emulator).organizations.find((id) => !narrow.organizations.includes(id))!;
  const limited = new ReportingClient({ baseUrl: emulator.baseUrl, token: narrow.token, transport: noWaiting });
  await expect(limited.stats({ filters: { ...month, organizations: [other] } })).rejects.toBeInstanceOf(
    PermissionDeniedError,
  );
});

test("past the rate limit: a Retry-After longer than the client sits through ends at once, as a RateLimitError carrying it", async () => {
  const limited = await sibling({ rateLimitPerMinute: 2 });
  try {
    const waits: number[] = [];
    const rateLimited = new ReportingClient({
      baseUrl: limited.baseUrl,
      token: widestBearer(limited).token,
      transport: { maxRetries: 2, sleep: async (ms) => void waits.push(ms) },
    });
    await rateLimited.stats({ filters: month });
    await rateLimited.stats({ filters: month });
    const error = await rateLimited.stats({ filters: month }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    const retryAfter = (error as RateLimitError).retryAfterSeconds!;
    // The emulator's window is a minute: far more than the client waits within a cell's deadline.
    expect(retryAfter).toBeGreaterThan(10);
    expect(waits).toEqual([]);
    expect((error as Error).message).toContain(String(Math.ceil(retryAfter)));
  } finally {
    await limited.close();
  }
});

test("500s are retried and end as a ServerError when they persist", async () => {
  const failing = await sibling({ failRate: 1 });
  try {
    let attempts = 0;
    const broken = new ReportingClient({
      baseUrl: failing.baseUrl,
      token: widestBearer(failing).token,
      transport: { maxRetries: 3, sleep: async () => void (attempts += 1) },
    });
    const error = await broken.countries().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServerError);
    expect(attempts).toBe(3);
    expect((error as Error).message).toMatch(/try again/i);
  } finally {
    await failing.close();
  }
});

test("a slow answer ends as a TimeoutError, and a cancelled call as an AbortedError", async () => {
  const slow = await sibling({ latencyMs: 2_000 });
  try {
    const impatient = new ReportingClient({
      baseUrl: slow.baseUrl,
      token: widestBearer(slow).token,
      transport: { timeoutMs: 100, ...noWaiting },
    });
    await expect(impatient.countries()).rejects.toBeInstanceOf(TimeoutError);

    const patient = new ReportingClient({
      baseUrl: slow.baseUrl,
      token: widestBearer(slow).token,
      transport: noWaiting,
    });
    const controller = new AbortController();
    const call = patient.countries({ signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(call).rejects.toBeInstanceOf(AbortedError);
  } finally {
    await slow.close();
  }
});
