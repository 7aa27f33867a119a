/**
 * Issue 17, section 4 (E1, E2): the emulator under requests built to exhaust it. A large Excel
 * export streams (its first bytes leave long before its end, and memory stays flat) instead of
 * being built whole, and one over the export limit is refused before a row is read; a body
 * declared far over the 1 MB limit gets the documented 413 with the JSON error, unread, instead
 * of a reset connection. Measures in support/emulator-limits.ts.
 */
import { startEmulator, type RunningEmulator } from "../../../src/emulator";
import { E1_EXPORT, E1_OVER_LIMIT_BODY, measureXlsxExport, sendDeclaredBody } from "./support/emulator-limits";

jest.setTimeout(180_000);

let emulator: RunningEmulator;
let token: string;
const MB = 1_000_000;

beforeAll(async () => {
  emulator = await startEmulator(E1_EXPORT.emulator);
  token = emulator.credentials.bearer[0]!.token;
});

afterAll(() => emulator?.close());

it(`E1: an Excel export of ~${E1_EXPORT.approximateRows.toLocaleString("en-US")} rows streams: first bytes early, flat memory`, async () => {
  const figures = await measureXlsxExport(emulator, token, E1_EXPORT.body);
  expect(figures.status).toBe(200);
  expect(figures.rows).toBeGreaterThan(E1_EXPORT.approximateRows * 0.9);
  // Written as it is made: no length known up front.
  expect(figures.contentLength).toBeNull();
  // Built whole, the first byte left only once the file was complete (old code: 97% of the time).
  expect(figures.firstByteMs).toBeLessThan(figures.totalMs * 0.5);
  expect(figures.rssGrowthBytes).toBeLessThan(E1_EXPORT.maxRssGrowthBytes);
});

it("E1: an export over the 500,000-row limit is refused before any row is read", async () => {
  const store = emulator.store;
  const original = store.stats.bind(store);
  const rowsRead: number[] = [];
  store.stats = async (request) => {
    const answer = await original(request);
    rowsRead.push(answer.stats.length);
    return answer;
  };
  try {
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const response = await fetch(`${emulator.baseUrl}/stats/xls`, {
      method: "POST",
      headers,
      body: JSON.stringify(E1_OVER_LIMIT_BODY),
    });
    expect(response.status).toBe(400);
    const refusal = (await response.json()) as {
      error: { code: string; details: { problems: { limit: string; received: number }[] } };
    };
    expect(refusal.error.code).toBe("limit_exceeded");
    expect(refusal.error.details.problems[0]).toMatchObject({ limit: "maxExportRows" });
    expect(refusal.error.details.problems[0]!.received).toBeGreaterThan(500_000);
    // Counted, not read: the old code read 500,000 rows (30 s, 670 MB) to refuse.
    expect(rowsRead).toEqual([0]);
  } finally {
    store.stats = original;
  }
});

it("E1: the streamed file holds every row, with real dates, under a frozen bold header", async () => {
  const ExcelJS = (await import("exceljs")).default;
  const body = {
    filters: { from: "2026-06-01", to: "2026-06-03" },
    groups: ["date", "country"],
    metrics: ["impressions", "revenues"],
  };
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const json = (await (
    await fetch(`${emulator.baseUrl}/stats`, { method: "POST", headers, body: JSON.stringify(body) })
  ).json()) as {
    stats: { group: { date: string; country: string }; metrics: { impressions: number; revenues: number } }[];
  };
  const file = await fetch(`${emulator.baseUrl}/stats/xls`, { method: "POST", headers, body: JSON.stringify(body) });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await file.arrayBuffer()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
  expect(sheet.getRow(1).font?.bold).toBe(true);
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(["date", "country", "impressions", "revenues"]);
  expect(sheet.rowCount).toBe(json.stats.length + 1);
  json.stats.forEach((entry, index) => {
    const [date, ...rest] = (sheet.getRow(index + 2).values as unknown[]).slice(1);
    expect((date as Date).toISOString().slice(0, 10)).toBe(entry.group.date);
    expect(rest).toEqual([entry.group.country, entry.metrics.impressions, entry.metrics.revenues]);
  });
  expect(sheet.getCell("A2").numFmt).toBe("yyyy-mm-dd");
  expect(sheet.getCell("C2").numFmt).toBe("#,##0");
});

it.each([17 * MB, 1_000 * MB])(
  "E2: a body declared as %i bytes gets 413 with the JSON error, unread",
  async (declared) => {
    const outcome = await sendDeclaredBody(emulator, token, declared);
    expect(outcome.statusLine).toBe("HTTP/1.1 413 Payload Too Large");
    expect(outcome.headers).toContain("content-type: application/json");
    expect(JSON.parse(outcome.body)).toEqual({
      error: {
        code: "body_too_large",
        message: "The request body is larger than the 1000000 bytes the service accepts. Send a smaller request.",
        details: { limit: "maxBodyBytes", maximum: 1_000_000 },
      },
    });
    // Unread: the answer came while the client had sent a sliver of what it declared.
    expect(outcome.sent).toBeLessThan(2 * MB);
  },
);

it("E2: fetch sending a 17 MB body reads the 413, and the emulator goes on answering", async () => {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const response = await fetch(`${emulator.baseUrl}/stats`, {
    method: "POST",
    headers,
    body: Buffer.alloc(17 * MB, 0x20),
  });
  expect(response.status).toBe(413);
  expect(await response.json()).toMatchObject({ error: { code: "body_too_large" } });
  const next = await fetch(`${emulator.baseUrl}/stats`, {
    method: "POST",
    headers,
    body: JSON.stringify({ filters: { from: "2026-06-01", to: "2026-06-01" } }),
  });
  expect(next.status).toBe(200);
});
