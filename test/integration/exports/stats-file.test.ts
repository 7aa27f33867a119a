import { AbortedError, ReportingClient } from "../../../src/client";
import type { ReferenceRouteName } from "../../../src/api/routes";
import { readStatsQuery } from "../../../src/core/arguments/stats-query";
import { parseCsv } from "../../../src/core/csv-safety";
import { addDays } from "../../../src/core/calendar";
import { statsArgumentsOf, type StatsQueryModel } from "../../../src/core/formula-text";
import { startEmulator, type RunningEmulator } from "../../../src/emulator";
import {
  statsCsvFile,
  statsXlsxFile,
  type StatsFileRequest,
  type StatsFileSources,
} from "../../../src/taskpane/exports/stats-file";
import { querySheetOf, sheetsOf } from "../../support/xlsx";

/**
 * The files the Query tab hands on (Export CSV, Export Excel, Open as worksheet), made from the
 * real emulator's answers over HTTP: the header the query asks for, the Query sheet, and Cancel
 * reaching the service and winning over an answer already there.
 */

jest.setTimeout(60_000);

let emulator: RunningEmulator;
let client: ReportingClient;
let dates: { from: string; to: string };
let country: { value: string; label: string };

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, days: 40, seed: 11 });
  client = new ReportingClient({ baseUrl: emulator.baseUrl, token: emulator.credentials.bearer[0]!.token });
  dates = await client.dates();
  country = (await client.countries())[0]!;
});

afterAll(() => emulator?.close());

type Runtime = StatsFileSources["runtime"];

/** The reference lists straight from the service, recording the signal each call was given. */
function runtimeOf(source: ReportingClient, signals: (AbortSignal | undefined)[] = []): Runtime {
  return {
    reference: ((name: ReferenceRouteName, options?: { signal?: AbortSignal }) => {
      signals.push(options?.signal);
      return (source[name] as (options?: { signal?: AbortSignal }) => Promise<unknown>).call(source, options);
    }) as Runtime["reference"],
  };
}

function requestOf(headers: "readable" | "api" | "none"): StatsFileRequest {
  const model: StatsQueryModel = {
    period: { from: addDays(dates.to, -6), to: dates.to },
    groups: ["date", "country"],
    metrics: ["impressions", "revenues"],
    filters: { countries: [country.value] },
    orders: [],
    headers,
  };
  const query = readStatsQuery(statsArgumentsOf(model), () => dates.to);
  return { model, query, period: { from: query.request.filters.from, to: query.request.filters.to } };
}

describe("the Excel file of a query", () => {
  it("has the query's header on the service's rows and a Query sheet, under a name that carries the filter", async () => {
    const signal = new AbortController().signal;
    const signals: (AbortSignal | undefined)[] = [];
    const file = await statsXlsxFile(
      { client, runtime: runtimeOf(client, signals), profile: "Finance" },
      requestOf("readable"),
      signal,
    );
    expect(file.fileName).toBe(
      `stats_${addDays(dates.to, -6)}_${dates.to}_by-date-country_country-${country.value}.xlsx`,
    );
    const sheets = await sheetsOf(file.bytes);
    expect([...sheets.keys()]).toEqual(["Statistics", "Query"]);
    const service = await sheetsOf(await client.statsXlsx(requestOf("readable").query.request));
    const statistics = sheets.get("Statistics")!;
    expect(statistics[0]).toEqual(["Date", "Country", "Impressions", "Revenues (USD)"]);
    expect(statistics.slice(1)).toEqual(service.get("Statistics")!.slice(1));
    expect(statistics.length).toBeGreaterThan(1);
    const query = querySheetOf(sheets.get("Query")!);
    expect(query.get("Filter: Countries")).toBe(`${country.label} (${country.value})`);
    expect(query.get("Profile")).toBe("Finance");
    expect(query.get("Data through")).toBe(dates.to);
    expect(query.get("Headers")).toBe("Readable names");
    // The reference lists were asked with the action's signal, so Cancel stops them too.
    expect(signals.length).toBeGreaterThan(0);
    expect(signals.every((given) => given === signal)).toBe(true);
  });

  it("keeps the service's names, or drops the header row, as the query asks", async () => {
    const sources = { client, runtime: runtimeOf(client), profile: undefined };
    const api = await sheetsOf((await statsXlsxFile(sources, requestOf("api"))).bytes);
    expect(api.get("Statistics")![0]).toEqual(["date", "country", "impressions", "revenues"]);
    const none = await sheetsOf((await statsXlsxFile(sources, requestOf("none"))).bytes);
    expect(none.get("Statistics")).toEqual(api.get("Statistics")!.slice(1));
    expect(querySheetOf(none.get("Query")!).get("Headers")).toBe("No header row");
  });
});

describe("the CSV file of a query", () => {
  it("has the query's header on the service's records", async () => {
    const sources = { client, runtime: runtimeOf(client), profile: undefined };
    const file = await statsCsvFile(sources, requestOf("readable"));
    expect(file.fileName).toMatch(/^stats_.*_by-date-country_country-[A-Z]+\.csv$/);
    const records = parseCsv(file.csv.replace(/^\uFEFF/, ""));
    expect(records[0]).toEqual(["Date", "Country", "Impressions", "Revenues (USD)"]);
    expect(records.slice(1)).toEqual(parseCsv(await client.statsCsv(requestOf("readable").query.request)).slice(1));
  });
});

describe("Cancel", () => {
  it("stops a slow service's answer: the call ends at once as cancelled", async () => {
    const slow = await startEmulator({ port: 0, store: emulator.store, latencyMs: 3_000 });
    try {
      const patient = new ReportingClient({ baseUrl: slow.baseUrl, token: slow.credentials.bearer[0]!.token });
      const controller = new AbortController();
      const started = Date.now();
      setTimeout(() => controller.abort(), 200);
      const sources = { client: patient, runtime: runtimeOf(client), profile: undefined };
      await expect(statsXlsxFile(sources, requestOf("readable"), controller.signal)).rejects.toBeInstanceOf(
        AbortedError,
      );
      await expect(statsCsvFile(sources, requestOf("readable"), controller.signal)).rejects.toBeInstanceOf(
        AbortedError,
      );
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await slow.close();
    }
  });

  it("wins over an answer already there: no file comes out", async () => {
    // The service answers, then the user presses Cancel while the file is being made.
    const cancelledOnAnswer = (controller: AbortController): StatsFileSources["client"] => ({
      statsXlsx: async (request) => {
        const bytes = await client.statsXlsx(request);
        controller.abort();
        return bytes;
      },
      statsCsv: async (request) => {
        const text = await client.statsCsv(request);
        controller.abort();
        return text;
      },
    });
    // Reference lists from the cache, which do not look at the signal.
    const cached: Runtime = {
      reference: ((name: ReferenceRouteName) => runtimeOf(client).reference(name)) as Runtime["reference"],
    };
    for (const make of [statsXlsxFile, statsCsvFile]) {
      const controller = new AbortController();
      const made = make(
        { client: cancelledOnAnswer(controller), runtime: cached, profile: undefined },
        requestOf("readable"),
        controller.signal,
      );
      const outcome = await made.then(
        () => "a file",
        (error: unknown) => error,
      );
      expect(outcome).toBe(controller.signal.reason);
    }
  });
});
