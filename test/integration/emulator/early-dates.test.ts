/**
 * Issue 9, point 12: years 0000-0099 went through Date.UTC, which reads them as 1900-1999, and
 * the emulator answered 500 (which the client then retried). Dates before 1900-01-01 are now
 * refused by the shared schema on every stats route, with the emulator's 400 error body.
 */
import { LEGACY_ROUTES, STATS_ROUTES } from "../../../src/api";
import type { RunningEmulator } from "../../../src/emulator";
import {
  START_TIMEOUT_MS,
  bearerHeaders,
  errorOf,
  legacyHeaders,
  startConformanceEmulator,
  widestBearer,
} from "./support/emulator";

let emulator: RunningEmulator;
let token: string;
const unexpected: unknown[] = [];

beforeAll(async () => {
  emulator = await startConformanceEmulator({ onError: (error) => unexpected.push(error) });
  token = widestBearer(emulator).token;
}, START_TIMEOUT_MS);

afterAll(() => emulator?.close());
// An unexpected error is what became a 500: none may reach the emulator's error hook.
afterEach(() => expect(unexpected.splice(0)).toEqual([]));

const EARLY_DATES = ["0001-01-01", "0099-12-31", "1899-12-31"];

type Problem = { path: string; message: string };

async function expectRangeRefusal(response: Response, ...paths: string[]): Promise<void> {
  expect(response.status).toBe(400);
  const error = await errorOf(response);
  expect(error.code).toBe("invalid_request");
  const problems = (error.details as { problems: Problem[] }).problems;
  expect(problems).toEqual(
    paths.map((path) => ({ path, message: expect.stringMatching(/1900-01-01 to 9999-12-31.*Excel/) })),
  );
}

describe.each(Object.values(STATS_ROUTES))("POST %s", (route) => {
  const post = (body: unknown) =>
    fetch(emulator.baseUrl + route, { method: "POST", headers: bearerHeaders(token), body: JSON.stringify(body) });

  it.each(EARLY_DATES)("point 12: from=%s is a 400 with the error body, not a 500", async (from) => {
    await expectRangeRefusal(await post({ filters: { from, to: "2026-06-07" } }), "filters.from");
    await expectRangeRefusal(await post({ filters: { from, to: from } }), "filters.from", "filters.to");
  });

  it("point 12: 1900-01-01 is the first day accepted", async () => {
    const response = await post({ filters: { from: "1900-01-01", to: "1900-01-07" }, limit: 10 });
    expect(response.status).toBe(200);
  });
});

describe(`GET ${LEGACY_ROUTES.stats}`, () => {
  const get = (query: Record<string, string>) =>
    fetch(`${emulator.legacyBaseUrl}${LEGACY_ROUTES.stats}?${new URLSearchParams(query).toString()}`, {
      headers: legacyHeaders(emulator.credentials.legacy[0]!),
    });

  it.each(EARLY_DATES)("point 12: from_date=%s is a 400 with the error body, not a 500", async (from) => {
    await expectRangeRefusal(await get({ from_date: from, to_date: "2026-06-07" }), "from_date");
    await expectRangeRefusal(await get({ from_date: from, to_date: from, group_by: "month" }), "from_date", "to_date");
    await expectRangeRefusal(await get({ to_date: from }), "to_date");
  });

  it("point 12: 1900-01-01 is the first day accepted, grouped by day or by month", async () => {
    expect((await get({ from_date: "1900-01-01", to_date: "1900-01-07" })).status).toBe(200);
    expect((await get({ from_date: "1900-01-01", to_date: "1900-01-07", group_by: "month" })).status).toBe(200);
  });
});
