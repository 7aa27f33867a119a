import { section1Of } from "../../support/data-mashup";
import { START_TIMEOUT_MS } from "../emulator/support/emulator";
import { makeCertificate, type TestCertificate } from "./support/certificate";
import { minimalBuild, startTestHost, type TestHost } from "./support/running-host";

jest.setTimeout(START_TIMEOUT_MS);

/**
 * "Open in Power Query" on Excel for Mac: the pane sends its query, the host makes the file with
 * the pane's own code and serves it once, like an export. The file reads the feed of the page's
 * origin and holds no credential; the service is never asked.
 */
describe("the Power Query files the host prepares for Excel for Mac", () => {
  let certificate: TestCertificate;
  let host: TestHost;
  // The service is not called: an address nothing listens on shows it.
  const serviceUrl = "https://127.0.0.1:9";

  beforeAll(async () => {
    certificate = makeCertificate();
    host = await startTestHost(certificate, ["--static-dir", minimalBuild(), "--service-url", serviceUrl]);
  });
  afterAll(async () => {
    await host?.stop();
  });

  const query = {
    period: { word: "LAST_MONTH" },
    groups: ["date", "country"],
    metrics: ["revenues"],
    filters: { countries: ["FR"] },
    orders: [],
  };

  function ask(body: unknown, headers: Record<string, string> = { origin: host.url }) {
    return host.send("/host/exports/power-query", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  }

  it("is offered at /host/capabilities", async () => {
    expect((await host.send("/host/capabilities")).json()).toMatchObject({
      exports: { powerQuery: "/host/exports/power-query" },
    });
  });

  it("makes the workbook for the page's origin and serves it once", async () => {
    const prepared = await ask(
      { format: "xlsx", query, today: "2026-11-26" },
      { origin: host.url, authorization: "Bearer any-token" },
    );
    expect(prepared.status).toBe(201);
    const answer = prepared.json() as { url: string; fileName: string };
    expect(answer.fileName).toBe("stats_2026-10-01_2026-10-31_by-date-country_country-FR_power-query.xlsx");
    const download = await host.send(answer.url);
    expect(download.status).toBe(200);
    expect(download.headers["content-disposition"]).toBe(`attachment; filename="${answer.fileName}"`);
    const m = section1Of(new Uint8Array(download.body));
    expect(m).toContain(`OData.Feed("${host.url}/odata/Stats?$select=date%2Ccountry%2Crevenues&$filter=date%20ge%20"`);
    expect(m).toContain("From = Date.StartOfMonth(Date.AddMonths(Today, -1)),");
    expect(m).not.toContain("any-token");
    expect((await host.send(answer.url)).status).toBe(404);
  });

  it("makes the .pbids file with today's days", async () => {
    const prepared = await ask({ format: "pbids", query, today: "2026-11-26" });
    expect(prepared.status).toBe(201);
    const download = await host.send((prepared.json() as { url: string }).url);
    const url = JSON.parse(download.text()).connections[0].details.address.url as string;
    expect(new URL(url).searchParams.get("$filter")).toBe(
      "date ge 2026-10-01 and date le 2026-10-31 and country eq 'FR'",
    );
  });

  it("refuses, in the service's error shape, a request without an origin, a query the pane cannot make, and one the feed cannot ask", async () => {
    const noOrigin = await ask({ format: "xlsx", query, today: "2026-11-26" }, {});
    expect(noOrigin.status).toBe(400);
    expect(noOrigin.json()).toEqual({
      error: { code: "invalid_request", message: expect.stringMatching(/Ask from the task pane/) },
    });
    const notAQuery = await ask({ format: "xlsx", query: { ...query, groups: ["nope"] }, today: "2026-11-26" });
    expect(notAQuery.status).toBe(400);
    const compared = await ask({
      format: "xlsx",
      query: { ...query, compare: "previous_period" },
      today: "2026-11-26",
    });
    expect(compared.status).toBe(400);
    expect(compared.json()).toEqual({
      error: { code: "power_query_unsupported", message: expect.stringMatching(/set Compare with to Nothing/) },
    });
  });
});
