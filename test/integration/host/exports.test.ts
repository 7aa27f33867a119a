import ExcelJS from "exceljs";
import { closedPort } from "../../support/loopback";
import type { RunningEmulator } from "../../../src/emulator";
import { prepareStatsCsv } from "../../../src/core/exports/csv-export";
import { exportFileName } from "../../../src/core/exports/file-name";
import { statsQueryRows } from "../../../src/core/exports/query-sheet";
import { rewriteStatsXlsx } from "../../../src/core/exports/xlsx-export";
import { neutraliseCsv } from "../../../src/core/csv-safety";
import { withByteOrderMark } from "../../../src/core/exports/csv-export";
import { bearerHeaders, START_TIMEOUT_MS, startConformanceEmulator, widestBearer } from "../emulator/support/emulator";
import { makeCertificate, type TestCertificate } from "./support/certificate";
import { send } from "./support/https-client";
import { startRecordingUpstream, startRelayUpstream } from "./support/recording-upstream";
import { minimalBuild, startTestHost, type TestHost } from "./support/running-host";

jest.setTimeout(START_TIMEOUT_MS);

const STATS_REQUEST = { filters: { from: "2026-06-01", to: "2026-06-07" }, groups: ["date", "country"] };
const FILE_NAME = "reporting_2026-06-01_to_2026-06-07_by_date_country.csv";
const EXPORT_TTL_SECONDS = 1;

interface Prepared {
  url: string;
  fileName: string;
  bytes: number;
  neutralised: number;
  expiresInSeconds: number;
}

function prepare(host: TestHost, body: unknown, headers: Record<string, string>) {
  return host.send("/host/exports", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

let certificate: TestCertificate;
beforeAll(() => {
  certificate = makeCertificate();
});

describe("exports prepared for Excel for Mac, from the emulator", () => {
  let emulator: RunningEmulator;
  let host: TestHost;
  let token: string;

  beforeAll(async () => {
    emulator = await startConformanceEmulator({ allowedOrigins: [] });
    token = widestBearer(emulator).token;
    host = await startTestHost(certificate, [
      "--static-dir",
      minimalBuild(),
      "--service-url",
      emulator.baseUrl,
      "--export-ttl",
      String(EXPORT_TTL_SECONDS),
    ]);
  });

  afterAll(async () => {
    await host?.stop();
    await emulator?.close();
  });

  it("says it offers them at /host/capabilities", async () => {
    expect((await host.send("/host/capabilities")).json()).toEqual({
      services: { bearer: "/service/bearer" },
      exports: {
        path: "/host/exports",
        formats: ["csv", "xlsx"],
        expiresInSeconds: EXPORT_TTL_SECONDS,
        powerQuery: "/host/exports/power-query",
      },
    });
  });

  it("prepares a CSV from the credential in a header, serves it once as an attachment, then answers 404", async () => {
    const prepared = await prepare(
      host,
      { format: "csv", fileName: FILE_NAME, request: STATS_REQUEST },
      { authorization: `Bearer ${token}` },
    );
    expect(prepared.status).toBe(201);
    const answer = prepared.json() as Prepared;
    expect(answer.url).toMatch(/^\/host\/exports\/[A-Za-z0-9_-]{22}$/);
    expect(answer).toMatchObject({ fileName: FILE_NAME, neutralised: 0, expiresInSeconds: EXPORT_TTL_SECONDS });

    const direct = await send(`${emulator.baseUrl}/stats/csv`, {
      method: "POST",
      headers: bearerHeaders(token),
      body: JSON.stringify(STATS_REQUEST),
    });
    const download = await host.send(answer.url);
    expect(download.status).toBe(200);
    expect(download.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(download.headers["content-disposition"]).toBe(`attachment; filename="${FILE_NAME}"`);
    expect(download.headers["cache-control"]).toBe("no-store");
    // The file the pane saves where downloads work (query-tab.ts, exportFile).
    expect(download.text()).toBe(withByteOrderMark(neutraliseCsv(direct.text()).csv));
    expect(download.body.length).toBe(answer.bytes);

    const again = await host.send(answer.url);
    expect(again.status).toBe(404);
    expect((again.json() as { error: { code: string } }).error.code).toBe("export_not_found");
  });

  it("prepares the Excel file byte for byte as the service makes it", async () => {
    // The service stamps each file with the time it was made: compare with the very answer the
    // host got, kept by a relay in between, not with a second request.
    const relay = await startRelayUpstream(emulator.baseUrl);
    const relayed = await startTestHost(certificate, ["--static-dir", minimalBuild(), "--service-url", relay.baseUrl]);
    try {
      const prepared = (
        await prepare(
          relayed,
          { format: "xlsx", fileName: "by day.xlsx", request: STATS_REQUEST },
          { authorization: `Bearer ${token}` },
        )
      ).json() as Prepared;
      const download = await relayed.send(prepared.url);
      expect(download.headers["content-disposition"]).toBe('attachment; filename="by_day.xlsx"');
      expect(download.body.subarray(0, 2).toString()).toBe("PK");
      expect(relay.answered).toHaveLength(1);
      expect(download.body.equals(relay.answered[0]!)).toBe(true);
    } finally {
      await relayed.stop();
      await relay.close();
    }
  });

  it("forgets an export nobody downloaded once its time is up", async () => {
    const prepared = (
      await prepare(host, { format: "csv", request: STATS_REQUEST }, { authorization: `Bearer ${token}` })
    ).json() as Prepared;
    await new Promise((resolve) => setTimeout(resolve, EXPORT_TTL_SECONDS * 1000 + 300));
    expect((await host.send(prepared.url)).status).toBe(404);
  });

  it("a HEAD does not spend the one download", async () => {
    const prepared = (
      await prepare(host, { format: "csv", request: STATS_REQUEST }, { authorization: `Bearer ${token}` })
    ).json() as Prepared;
    expect((await host.send(prepared.url, { method: "HEAD" })).status).toBe(404);
    expect((await host.send(prepared.url)).status).toBe(200);
  });

  it("passes the service's refusal on: no credential, the emulator's 401", async () => {
    const refused = await prepare(host, { format: "csv", request: STATS_REQUEST }, {});
    const direct = await send(`${emulator.baseUrl}/stats/csv`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(STATS_REQUEST),
    });
    expect([refused.status, refused.json()]).toEqual([401, direct.json()]);
  });

  it("refuses a malformed request in the service's error shape", async () => {
    const refused = await prepare(
      host,
      { format: "pdf", request: STATS_REQUEST },
      { authorization: `Bearer ${token}` },
    );
    expect(refused.status).toBe(400);
    expect((refused.json() as { error: { code: string } }).error.code).toBe("invalid_request");
  });

  describe("with the pane's header choice and Query sheet (src/core/exports, shared with the pane)", () => {
    const model = {
      period: { from: "2026-06-01", to: "2026-06-07" },
      groups: ["date", "country"] as const,
      metrics: [],
      filters: { countries: ["US", "FR"] },
      orders: [],
    };
    const request = {
      filters: { from: "2026-06-01", to: "2026-06-07", countries: ["US", "FR"] },
      groups: ["date", "country"],
    };
    const querySheet = statsQueryRows({ ...model, groups: [...model.groups] }, request as never, {
      profile: "Finance",
      madeAt: "2026-06-08T09:00:00+02:00",
      dataThrough: "2026-06-07",
      formula: '=REPORTING.STATS("2026-06-01","2026-06-07","date,country",,"countries=US,FR")',
    });
    const fileName = exportFileName({
      prefix: "stats",
      period: model.period,
      groups: model.groups,
      filters: model.filters,
      extension: "xlsx",
    });

    async function sheets(bytes: Uint8Array): Promise<unknown[][][]> {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
      return workbook.worksheets.map((sheet) =>
        sheet
          .getSheetValues()
          .slice(1)
          .map((row) => (row as unknown[]).slice(1)),
      );
    }

    it("CSV: readable or no header, the data records as the service sent them, neutralised", async () => {
      const direct = await send(`${emulator.baseUrl}/stats/csv`, {
        method: "POST",
        headers: bearerHeaders(token),
        body: JSON.stringify(request),
      });
      for (const headers of ["readable", "none"] as const) {
        const prepared = (
          await prepare(
            host,
            { format: "csv", fileName: fileName.replace(/xlsx$/, "csv"), headers, request },
            { authorization: `Bearer ${token}` },
          )
        ).json() as Prepared;
        expect(prepared.fileName).toBe("stats_2026-06-01_2026-06-07_by-date-country_country-US-FR.csv");
        const download = await host.send(prepared.url);
        expect(download.text()).toBe(prepareStatsCsv(direct.text(), headers).csv);
        const lines = download.text().split("\r\n");
        if (headers === "readable")
          expect(lines[0]).toBe("\uFEFFDate,Country,Impressions,Revenues (USD),eCPM (USD),Requests");
        else expect(lines[0]).toMatch(/^\uFEFF2026-06-0\d,(US|FR),/);
        expect(lines.length).toBe(direct.text().split("\r\n").length - (headers === "none" ? 1 : 0));
      }
    });

    it("Excel: the header row renamed, the rows the service's, and the Query sheet, as the pane makes them", async () => {
      const prepared = (
        await prepare(
          host,
          { format: "xlsx", fileName, headers: "readable", querySheet, request },
          { authorization: `Bearer ${token}` },
        )
      ).json() as Prepared;
      expect(prepared.fileName).toBe("stats_2026-06-01_2026-06-07_by-date-country_country-US-FR.xlsx");
      const download = await host.send(prepared.url);
      const direct = await send(`${emulator.baseUrl}/stats/xls`, {
        method: "POST",
        headers: bearerHeaders(token),
        body: JSON.stringify(request),
      });
      const [statistics, query] = await sheets(download.body);
      const [serviceSheet] = await sheets(direct.body);
      expect(statistics![0]).toEqual(["Date", "Country", "Impressions", "Revenues (USD)", "eCPM (USD)", "Requests"]);
      expect(serviceSheet![0]).toEqual(["date", "country", "impressions", "revenues", "ecpm", "requests"]);
      expect(statistics!.slice(1)).toEqual(serviceSheet!.slice(1));
      expect(statistics!.length).toBeGreaterThan(1);
      expect(query).toEqual([["Field", "Value"], ...querySheet]);
      expect(new Map(query!.slice(1) as [string, string][]).get("Filter: Countries")).toBe("US, FR");
      // The pane, where downloads work, makes the same sheets from the same service file.
      expect(await sheets(await rewriteStatsXlsx(direct.body, "readable", querySheet))).toEqual([statistics, query]);
    });

    it("refuses a Query sheet that is not pairs, or longer than any query needs, and an unknown header style", async () => {
      const tooWide = [["From", "2026-06-01", "extra"]];
      const tooLong = Array.from({ length: 61 }, () => ["Field", "Value"]);
      for (const body of [{ querySheet: tooWide }, { querySheet: tooLong }, { headers: "fancy" }]) {
        const refused = await prepare(host, { format: "xlsx", request, ...body }, { authorization: `Bearer ${token}` });
        expect(refused.status).toBe(400);
      }
    });
  });

  it("puts the credential in no URL and no log line, and the export's id in no log line either", async () => {
    const prepared = (
      await prepare(host, { format: "csv", request: STATS_REQUEST }, { authorization: `Bearer ${token}` })
    ).json() as Prepared;
    await host.send(prepared.url);
    expect(prepared.url).not.toContain(token);
    const id = prepared.url.split("/").at(-1)!;
    const everything = host.output.join("\n");
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(id);
    expect(host.accessLog().some((record) => record.path === "/host/exports/:id" && record.status === 200)).toBe(true);
  });
});

describe("exports from a service that cannot be reached, answered as the proxy answers (src/host/upstream-failures.ts)", () => {
  async function exportFrom(serviceUrl: string) {
    const host = await startTestHost(certificate, ["--static-dir", minimalBuild(), "--service-url", serviceUrl]);
    try {
      const answer = await prepare(host, { format: "csv", request: STATS_REQUEST }, { authorization: "Bearer t" });
      return { status: answer.status, body: answer.json() };
    } finally {
      await host.stop();
    }
  }

  it("a refused connection is upstream_refused, with the system's code for the administrator", async () => {
    expect(await exportFrom(`http://127.0.0.1:${await closedPort()}/api`)).toEqual({
      status: 502,
      body: {
        error: {
          code: "upstream_refused",
          message:
            "The Reporting service refused the add-in server's connection (ECONNREFUSED). Try again later; if it persists, tell the server's administrator.",
        },
      },
    });
  });

  it("a host name that names no computer is upstream_unknown_host", async () => {
    // .invalid never resolves (RFC 2606): the lookup fails whether or not this machine has a network.
    const answer = await exportFrom("https://reporting.invalid/api");
    expect(answer.status).toBe(502);
    expect((answer.body as { error: { code: string } }).error.code).toBe("upstream_unknown_host");
  });
});

describe("exports from a service that answers badly", () => {
  it("neutralises every formula-like field of the service's CSV, as the pane does", async () => {
    const hostile =
      'date,name,revenues\r\n2026-06-01,"=HYPERLINK(""https://evil.example"")",-12.5\r\n2026-06-01,@SUM(1+1),+4\r\n';
    const upstream = await startRecordingUpstream((_request, response) =>
      response.writeHead(200, { "content-type": "text/csv" }).end(hostile),
    );
    const host = await startTestHost(certificate, ["--static-dir", minimalBuild(), "--service-url", upstream.baseUrl]);
    try {
      const prepared = (
        await prepare(
          host,
          { format: "csv", fileName: "../../etc/passwd\r\nX", request: {} },
          { authorization: "Bearer t" },
        )
      ).json() as Prepared;
      expect(prepared).toMatchObject({ neutralised: 2, fileName: "etc_passwd_X.csv" });
      expect(upstream.received[0]!.url).toBe("/base/stats/csv");
      const download = await host.send(prepared.url);
      expect(download.headers["content-disposition"]).toBe('attachment; filename="etc_passwd_X.csv"');
      expect(download.text()).toBe(
        '\uFEFFdate,name,revenues\r\n2026-06-01,"\'=HYPERLINK(""https://evil.example"")",-12.5\r\n2026-06-01,\'@SUM(1+1),+4\r\n',
      );
    } finally {
      await host.stop();
      await upstream.close();
    }
  });

  it("holds no more than its memory allows: refuses a file past it, and a new export while full", async () => {
    const sizes = [600_000, 600_000, 2_000_000];
    const upstream = await startRecordingUpstream((_request, response) => {
      const size = sizes.shift() ?? 10;
      // Announced: a file too large for the whole store is told from one that does not fit now.
      const body = `a\r\n${"1".repeat(size)}\r\n`;
      response.writeHead(200, { "content-type": "text/csv", "content-length": String(body.length) }).end(body);
    });
    const host = await startTestHost(certificate, [
      "--static-dir",
      minimalBuild(),
      "--service-url",
      upstream.baseUrl,
      "--export-memory",
      "1",
    ]);
    try {
      const first = await prepare(host, { format: "csv", request: {} }, { authorization: "Bearer t" });
      expect(first.status).toBe(201);
      const second = await prepare(host, { format: "csv", request: {} }, { authorization: "Bearer t" });
      expect(second.status).toBe(503);
      expect(second.headers["retry-after"]).toBe("60");
      expect((second.json() as { error: { code: string } }).error.code).toBe("exports_busy");
      const tooLarge = await prepare(host, { format: "csv", request: {} }, { authorization: "Bearer t" });
      expect(tooLarge.status).toBe(502);
      expect((tooLarge.json() as { error: { code: string } }).error.code).toBe("export_too_large");
      // Downloading the first frees its memory for the next.
      await host.send((first.json() as Prepared).url);
      expect((await prepare(host, { format: "csv", request: {} }, { authorization: "Bearer t" })).status).toBe(201);
    } finally {
      await host.stop();
      await upstream.close();
    }
  });
});
