import type { StatsRequest } from "../../../src/api/stats-request";
import { AuthenticationError, InvalidRequestError, ResponseValidationError } from "../../../src/client/errors";
import { ReportingClient } from "../../../src/client/reporting-client";
import { createTransport } from "../../../src/client/transport";
import { fakeTransportOptions, json, scriptedFetch, text, type Answer } from "./fakes";

const BASE_URL = "https://reporting.test/api/";
const TOKEN = "tok-0123456789";
const REQUEST: StatsRequest = {
  filters: { from: "2025-01-01", to: "2025-01-31" },
  groups: ["date"],
  orders: ["date:desc"],
};
const ANSWER = {
  params: { filters: { from: "2025-01-01", to: "2025-01-31" } },
  stats: [{ group: { date: "2025-01-31" }, metrics: { impressions: 5, revenues: 1.2e-7, requests: 9, ecpm: 0.5 } }],
  total: 1,
};

function clientAnswering(...answers: Answer[]) {
  const fetch = scriptedFetch(...answers);
  const client = new ReportingClient({ baseUrl: BASE_URL, token: TOKEN, transport: fakeTransportOptions(fetch) });
  return { client, fetch };
}

describe("ReportingClient.stats", () => {
  it("POSTs the validated request as JSON with the bearer token and reads the answer", async () => {
    const { client, fetch } = clientAnswering(json(ANSWER));
    await expect(client.stats(REQUEST)).resolves.toEqual(ANSWER);
    const [call] = fetch.calls;
    expect(call).toMatchObject({
      method: "POST",
      url: "https://reporting.test/api/stats",
      headers: { authorization: `Bearer ${TOKEN}`, accept: "application/json", "content-type": "application/json" },
    });
    expect(JSON.parse(call!.body!)).toEqual(REQUEST);
  });

  it("sends nothing and lists every problem when the request fails its schema", async () => {
    const { client, fetch } = clientAnswering(json(ANSWER));
    const bad = {
      filters: { from: "2025-02-30", to: "2025-01-31" },
      metrics: [],
      limit: -5,
    } as unknown as StatsRequest;
    const failure = client.stats(bad);
    await expect(failure).rejects.toBeInstanceOf(InvalidRequestError);
    const error = (await failure.catch((caught: unknown) => caught)) as InvalidRequestError;
    expect(error.issues.map((issue) => issue.message)).toEqual([
      "filters.from must be a real date written YYYY-MM-DD",
      "metrics must be a list of at least 1 value",
      "limit must be a whole number from 0 to 1000000000",
    ]);
    expect(error.message).toContain("filters.from must be a real date written YYYY-MM-DD; ");
    expect(fetch.calls).toHaveLength(0);
  });

  it("words a rule on two fields as the rule", async () => {
    const { client } = clientAnswering(json(ANSWER));
    await expect(client.stats({ filters: { from: "2025-02-01", to: "2025-01-31" } })).rejects.toMatchObject({
      issues: [{ path: "filters.to", message: "filters: from must be on or before to" }],
    });
  });

  it("says which field is missing, and what type a field must have", async () => {
    const { client } = clientAnswering(json(ANSWER));
    const failure = client.stats({ filters: { from: "2025-01-01" }, offset: "10" } as unknown as StatsRequest);
    await expect(failure).rejects.toMatchObject({
      issues: [
        { path: "filters.to", message: "filters.to is missing" },
        { path: "offset", message: "offset must be a number" },
      ],
    });
  });

  it("refuses a missing token or an unusable address before sending", async () => {
    const fetch = scriptedFetch(json(ANSWER));
    const client = new ReportingClient({
      baseUrl: "reporting.test",
      token: " ",
      transport: fakeTransportOptions(fetch),
    });
    const failure = client.stats(REQUEST);
    await expect(failure).rejects.toMatchObject({
      issues: [
        expect.objectContaining({ path: "baseUrl" }),
        expect.objectContaining({
          path: "access token",
          message: expect.stringContaining("the access token is missing"),
        }),
      ],
    });
    await expect(client.countries()).rejects.toBeInstanceOf(InvalidRequestError);
    expect(fetch.calls).toHaveLength(0);
  });

  it("names the route and the field of a wrong value in the answer", async () => {
    const broken = {
      stats: [...Array.from({ length: 3 }, () => ANSWER.stats[0]), { group: {}, metrics: { revenues: "12.5" } }],
    };
    const { client } = clientAnswering(json(broken));
    const failure = client.stats(REQUEST);
    await expect(failure).rejects.toBeInstanceOf(ResponseValidationError);
    await expect(failure).rejects.toMatchObject({
      route: "/stats",
      issues: [{ path: "stats[3].metrics.revenues", message: "expected a number" }],
      message: expect.stringMatching(
        /^The service answered \/stats with an unexpected value at stats\[3\]\.metrics\.revenues \(expected a number\)/,
      ),
    });
  });

  it.each([
    ["an empty answer", "", /sent an empty answer to \/stats/],
    [
      "JSON cut off before its end",
      '{"stats":[{"group":{"date":"2025-01-31"},"metr',
      /answer to \/stats was cut off before its end/,
    ],
    ["JSON broken from start to end", '{"stats": [,], "total": 1,}', /answered \/stats with broken JSON/],
  ])("tells %s from a page that is not JSON", async (_what, body, message) => {
    const { client } = clientAnswering(text(body, 200));
    await expect(client.stats(REQUEST)).rejects.toMatchObject({
      kind: "bad_answer",
      message: expect.stringMatching(message),
    });
  });

  it("says when the answer is not JSON at all", async () => {
    const { client } = clientAnswering(text("<html>Sign in</html>", 200));
    await expect(client.stats(REQUEST)).rejects.toMatchObject({
      code: "unexpected_response",
      message: expect.stringContaining("not JSON"),
    });
  });

  it("keeps unknown fields of the answer", async () => {
    const { client } = clientAnswering(json({ ...ANSWER, cursor: "next" }));
    await expect(client.stats(REQUEST)).resolves.toMatchObject({ cursor: "next" });
  });

  it("passes service errors through as typed errors", async () => {
    const { client } = clientAnswering(json({ error: { code: "invalid_token", message: "Token expired" } }, 401));
    await expect(client.stats(REQUEST)).rejects.toBeInstanceOf(AuthenticationError);
  });

  it("sends a token pasted with stray spaces or a newline trimmed", async () => {
    const fetch = scriptedFetch(json(ANSWER));
    await new ReportingClient({
      baseUrl: BASE_URL,
      token: ` ${TOKEN}\n`,
      transport: fakeTransportOptions(fetch),
    }).stats(REQUEST);
    expect(fetch.calls[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("shares a transport it is given", async () => {
    const fetch = scriptedFetch(json(ANSWER));
    const transport = createTransport(fakeTransportOptions(fetch));
    const client = new ReportingClient({ baseUrl: BASE_URL, token: TOKEN, transport });
    await client.stats(REQUEST);
    expect(fetch.calls).toHaveLength(1);
  });
});

describe("ReportingClient.statsXlsx and statsCsv", () => {
  it("returns the bytes of the workbook from /stats/xls", async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 9, 9]);
    const { client, fetch } = clientAnswering(new Response(bytes, { status: 200 }));
    await expect(client.statsXlsx(REQUEST)).resolves.toEqual(bytes);
    expect(fetch.calls[0]).toMatchObject({ method: "POST", url: "https://reporting.test/api/stats/xls" });
    expect(fetch.calls[0]?.headers.accept).toContain("spreadsheetml");
  });

  it("refuses an answer that is not an Excel file", async () => {
    const { client } = clientAnswering(json({ stats: [] }));
    await expect(client.statsXlsx(REQUEST)).rejects.toMatchObject({
      route: "/stats/xls",
      issues: [{ message: "expected an Excel (.xlsx) file" }],
    });
  });

  it("returns the CSV text from /stats/csv", async () => {
    const { client, fetch } = clientAnswering(text("date,impressions\n2025-01-31,5\n", 200));
    await expect(client.statsCsv(REQUEST)).resolves.toBe("date,impressions\n2025-01-31,5\n");
    expect(fetch.calls[0]).toMatchObject({ method: "POST", url: "https://reporting.test/api/stats/csv" });
  });

  it("validates the request first", async () => {
    const { client, fetch } = clientAnswering(text("", 200));
    await expect(client.statsCsv({ filters: { from: "x", to: "y" } })).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(client.statsXlsx({ filters: { from: "x", to: "y" } })).rejects.toBeInstanceOf(InvalidRequestError);
    expect(fetch.calls).toHaveLength(0);
  });
});

describe("ReportingClient reference routes", () => {
  it.each([
    ["countries", "/countries", { countries: [{ code: "FR", name: "France" }] }, [{ value: "FR", label: "France" }]],
    ["formats", "/formats", ["interstitial"], [{ value: "interstitial", label: "interstitial" }]],
    [
      "integrationTypes",
      "/integration-types",
      { integration_types: ["header_bidding"] },
      [{ value: "header_bidding", label: "header_bidding" }],
    ],
    ["deviceTypes", "/device-types", [{ id: "mobile" }], [{ value: "mobile", label: "mobile" }]],
    ["assetTypes", "/asset-types", { data: ["IOS"] }, [{ value: "IOS", label: "IOS" }]],
    ["dates", "/dates", { start: "2024-01-01", end: "2025-01-31" }, { from: "2024-01-01", to: "2025-01-31" }],
    [
      "assets",
      "/assets",
      { assets: [{ id: "ABC-1A2B3C4D", name: "Puzzle", ad_units: [{ id: "u", name: "U" }] }] },
      [
        {
          value: "ABC-1A2B3C4D",
          label: "Puzzle",
          bundle: undefined,
          assetType: undefined,
          adUnits: [{ value: "u", label: "U" }],
        },
      ],
    ],
    [
      "details",
      "/details",
      { id: "org-1", name: "Acme" },
      { organizations: [{ value: "org-1", label: "Acme" }], raw: { id: "org-1", name: "Acme" } },
    ],
  ] as const)("%s() GETs %s and returns the normalised answer", async (method, path, answer, expected) => {
    const { client, fetch } = clientAnswering(json(answer));
    await expect(client[method]()).resolves.toEqual(expected);
    expect(fetch.calls[0]).toMatchObject({
      method: "GET",
      url: `https://reporting.test/api${path}`,
      headers: { authorization: `Bearer ${TOKEN}`, accept: "application/json" },
      body: undefined,
    });
  });

  it("names the route when a reference answer cannot be read", async () => {
    const { client } = clientAnswering(json({ nothing: true }));
    await expect(client.dates()).rejects.toMatchObject({
      route: "/dates",
      message: expect.stringContaining(
        "The service answered /dates with an unexpected value (expected the first and last available dates",
      ),
    });
  });
});

describe("ReportingClient: what the transport options reach", () => {
  it("point 7: with the page's origin, a failure on the service's own origin says the browser most likely blocked it", async () => {
    const fetch = scriptedFetch(new TypeError("Failed to fetch"));
    const client = new ReportingClient({
      baseUrl: BASE_URL,
      token: TOKEN,
      transport: fakeTransportOptions(fetch, { pageOrigin: "https://addin.example.org" }),
    });
    await expect(client.countries()).rejects.toMatchObject({
      kind: "unavailable",
      likelyCause: "cross_origin",
      message: expect.stringMatching(/most likely blocked/),
    });
  });

  it("point 11: a CSV export is held to the export limit, a JSON answer to the JSON limit", async () => {
    const csv = "date,impressions\n".padEnd(3_000, "x");
    const limits = { maxJsonBytes: 1_000, maxExportBytes: 10_000 };
    const exporting = new ReportingClient({
      baseUrl: BASE_URL,
      token: TOKEN,
      transport: fakeTransportOptions(scriptedFetch(text(csv, 200)), limits),
    });
    await expect(exporting.statsCsv(REQUEST)).resolves.toBe(csv);
    const reading = new ReportingClient({
      baseUrl: BASE_URL,
      token: TOKEN,
      transport: fakeTransportOptions(scriptedFetch(text(JSON.stringify(ANSWER).padEnd(3_000, " "), 200)), limits),
    });
    await expect(reading.stats(REQUEST)).rejects.toMatchObject({ code: "answer_too_large", route: "/stats" });
  });
});
