import { AuthenticationError, InvalidRequestError, ResponseValidationError } from "../../../src/client/errors";
import { LegacyClient } from "../../../src/client/legacy-client";
import { fakeTransportOptions, json, scriptedFetch, text, type Answer } from "./fakes";

const API_KEY = "4242";
const API_SECRET = "legacy-secret-value";

const APPLICATIONS = {
  applications: [
    {
      publisher_id: 1,
      publisher_name: "Acme",
      app_key: 4242,
      error: null,
      bundle: "com.acme.puzzle",
      name: "Puzzle",
      ad_unit_ids: ["4242_default"],
      platform: "ANDROID",
      ad_unit_details: [{ id: "4242_default", name: "Default", type: "interstitial" }],
    },
  ],
};

const STATS_ANSWER = {
  info: "docs",
  fromDate: "2024-09-01",
  toDate: "2024-09-30",
  applications: [4242],
  applicationInfos: [{ apiKey: 4242, platform: "iOS" }],
  aggregationDescription: "month",
  aggregation: { "2024-09": { stats: { impressions: 1, revenue: 0.5, requests: 2, ecpm: 500 } } },
};

function legacyClient(...answers: Answer[]) {
  const fetch = scriptedFetch(...answers);
  const client = new LegacyClient({
    baseUrl: "https://legacy.test/",
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    transport: fakeTransportOptions(fetch),
  });
  return { client, fetch };
}

describe("LegacyClient.applications", () => {
  it("GETs the applications route with the key and secret headers", async () => {
    const { client, fetch } = legacyClient(json(APPLICATIONS));
    await expect(client.applications()).resolves.toEqual(APPLICATIONS);
    expect(fetch.calls[0]).toMatchObject({
      method: "GET",
      url: "https://legacy.test/reporting/v1/applications",
      headers: { "x-auth-apikey": API_KEY, "x-auth-secret": API_SECRET, "content-type": "application/json" },
      body: undefined,
    });
  });

  it("names the route and field of a wrong value", async () => {
    const broken = { applications: [{ ...APPLICATIONS.applications[0], app_key: "4242" }] };
    const { client } = legacyClient(json(broken));
    await expect(client.applications()).rejects.toMatchObject({
      route: "/reporting/v1/applications",
      issues: [{ path: "applications[0].app_key", message: "expected a number" }],
    });
  });

  it("asks for the key and secret, not a token, when refused", async () => {
    const { client } = legacyClient(text("denied", 401));
    const failure = client.applications();
    await expect(failure).rejects.toBeInstanceOf(AuthenticationError);
    await expect(failure).rejects.toMatchObject({ message: expect.stringContaining("refused the API key and secret") });
  });

  it("sends nothing without a key or a secret", async () => {
    const fetch = scriptedFetch(json(APPLICATIONS));
    const client = new LegacyClient({
      baseUrl: "https://legacy.test",
      apiKey: "",
      apiSecret: "",
      transport: fakeTransportOptions(fetch),
    });
    await expect(client.applications()).rejects.toMatchObject({
      issues: [
        { path: "API key", message: expect.stringContaining("the API key is missing") },
        { path: "API secret", message: expect.stringContaining("the API secret is missing") },
      ],
    });
    expect(fetch.calls).toHaveLength(0);
  });
});

describe("LegacyClient.stats", () => {
  it("sends from_date, to_date and a comma-joined group_by", async () => {
    const { client, fetch } = legacyClient(json(STATS_ANSWER));
    await expect(
      client.stats({ from: "2024-09-01", to: "2024-09-30", groupBy: ["day", "ad_unit_id", "country"] }),
    ).resolves.toEqual(STATS_ANSWER);
    expect(fetch.calls[0]?.url).toBe(
      "https://legacy.test/reporting/v1/stats?from_date=2024-09-01&to_date=2024-09-30&group_by=day,ad_unit_id,country",
    );
    expect(fetch.calls[0]?.headers).toMatchObject({ "x-auth-apikey": API_KEY, "x-auth-secret": API_SECRET });
  });

  it("leaves out what the caller leaves out", async () => {
    const { client, fetch } = legacyClient(json(STATS_ANSWER));
    await client.stats();
    await client.stats({ groupBy: ["month"] });
    await client.stats({ groupBy: [] });
    expect(fetch.calls.map((call) => call.url)).toEqual([
      "https://legacy.test/reporting/v1/stats",
      "https://legacy.test/reporting/v1/stats?group_by=month",
      "https://legacy.test/reporting/v1/stats",
    ]);
  });

  it("validates the query with the caller's own field names, sending nothing", async () => {
    const { client, fetch } = legacyClient(json(STATS_ANSWER));
    const failure = client.stats({ from: "2024-09-31", to: "2024-09-01", groupBy: ["week" as never] });
    await expect(failure).rejects.toBeInstanceOf(InvalidRequestError);
    const error = (await failure.catch((caught: unknown) => caught)) as InvalidRequestError;
    expect(error.issues).toEqual([
      { path: "from", message: "from must be a real date written YYYY-MM-DD" },
      { path: "groupBy[0]", message: "groupBy[0] must be one of month, day, ad_unit_id, country" },
    ]);
    await expect(client.stats({ from: "2024-09-02", to: "2024-09-01" })).rejects.toMatchObject({
      issues: [{ path: "to", message: "from must be on or before to" }],
    });
    expect(fetch.calls).toHaveLength(0);
  });

  it("names the field of a wrong value deep in the aggregation", async () => {
    const broken = {
      ...STATS_ANSWER,
      aggregation: { "2024-09": { stats: { impressions: "1", revenue: 0.5, requests: 2, ecpm: 1 } } },
    };
    const { client } = legacyClient(json(broken));
    const failure = client.stats({ groupBy: ["month"] });
    await expect(failure).rejects.toBeInstanceOf(ResponseValidationError);
    await expect(failure).rejects.toMatchObject({
      issues: [{ path: "aggregation.2024-09.stats.impressions", message: "expected a number" }],
    });
  });
});
