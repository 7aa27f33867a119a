import ExcelJS from "exceljs";
import {
  GROUPS,
  METRICS,
  REFERENCE_ROUTES,
  type GroupName,
  type StatsEntry,
  type StatsRequest,
} from "../../../src/api";
import type { RunningEmulator } from "../../../src/emulator";
import { parseCsv } from "./support/csv";
import {
  START_TIMEOUT_MS,
  bearerHeaders,
  expectSameAmount,
  getJson,
  postStats,
  startConformanceEmulator,
  stats,
  sumOf,
  widestBearer,
} from "./support/emulator";

let emulator: RunningEmulator;
let token: string;
let period: { from: string; to: string };

beforeAll(async () => {
  emulator = await startConformanceEmulator();
  token = widestBearer(emulator).token;
  const dates = await getJson(emulator.baseUrl + REFERENCE_ROUTES.dates.path, bearerHeaders(token));
  period = REFERENCE_ROUTES.dates.response.parse(dates.body);
}, START_TIMEOUT_MS);

afterAll(() => emulator?.close());

async function reference<Name extends keyof typeof REFERENCE_ROUTES>(name: Name) {
  const { status, body } = await getJson(emulator.baseUrl + REFERENCE_ROUTES[name].path, bearerHeaders(token));
  expect(status).toBe(200);
  return REFERENCE_ROUTES[name].response.parse(body) as ReturnType<
    (typeof REFERENCE_ROUTES)[Name]["response"]["parse"]
  >;
}

function totals(entries: readonly StatsEntry[]) {
  return {
    impressions: sumOf(entries, (entry) => entry.metrics.impressions),
    requests: sumOf(entries, (entry) => entry.metrics.requests),
    revenues: sumOf(entries, (entry) => entry.metrics.revenues),
  };
}

function expectSameTotals(actual: ReturnType<typeof totals>, expected: ReturnType<typeof totals>): void {
  expect(actual.impressions).toBe(expected.impressions);
  expect(actual.requests).toBe(expected.requests);
  expectSameAmount(actual.revenues, expected.revenues);
}

describe("the sum of any grouping equals the ungrouped total", () => {
  let overall: ReturnType<typeof totals>;
  beforeAll(async () => {
    overall = totals((await stats(emulator, token, { filters: period })).stats);
    expect(overall.impressions).toBeGreaterThan(0);
  });

  test.each(GROUPS.filter((group) => group !== "date"))("grouped by %s", async (group) => {
    const answer = await stats(emulator, token, { filters: period, groups: [group], limit: 10_000 });
    expect(answer.stats.length).toBeGreaterThan(0);
    expectSameTotals(totals(answer.stats), overall);
  });

  test.each(["day", "week", "month"] as const)("grouped by date per %s", async (dateGroup) => {
    const answer = await stats(emulator, token, {
      filters: period,
      groups: ["date"],
      date_group: dateGroup,
      limit: 10_000,
    });
    expectSameTotals(totals(answer.stats), overall);
  });

  test("grouped by several dimensions at once, with eCPM computed from the sums", async () => {
    const answer = await stats(emulator, token, {
      filters: period,
      groups: ["country", "format", "device_types"],
      limit: 10_000,
    });
    expectSameTotals(totals(answer.stats), overall);
    for (const { metrics } of answer.stats) {
      expectSameAmount(metrics.ecpm!, metrics.impressions ? (metrics.revenues! / metrics.impressions) * 1000 : 0);
    }
  });
});

test("pages of offset and limit concatenate to the full ordered list", async () => {
  const request: StatsRequest = {
    filters: period,
    groups: ["date", "country"],
    orders: ["date:desc", "country"],
    limit: 10_000,
  };
  const full = await stats(emulator, token, request);
  expect(full.stats.length).toBeGreaterThan(100);
  const pageSize = Math.ceil(full.stats.length / 7);
  const pages: StatsEntry[] = [];
  for (let offset = 0; offset < full.total!; offset += pageSize) {
    const page = await stats(emulator, token, { ...request, offset, limit: pageSize });
    expect(page.total).toBe(full.total);
    pages.push(...page.stats);
  }
  expect(pages).toEqual(full.stats);
});

describe("each reference value used as its filter returns only rows with that value", () => {
  const single = async (filter: string, value: string, group: GroupName) => {
    const answer = await stats(emulator, token, {
      filters: { ...period, [filter]: [value] },
      groups: [group],
      limit: 10_000,
    });
    for (const entry of answer.stats) expect(entry.group[group]).toBe(value);
    return answer;
  };

  /** Values of a dimension each row has exactly one of: filtering on each in turn covers everything. */
  const expectPartition = async (filter: string, values: readonly string[], group: GroupName) => {
    expect(values.length).toBeGreaterThan(0);
    const overall = totals((await stats(emulator, token, { filters: period })).stats);
    const parts = await Promise.all(values.map((value) => single(filter, value, group)));
    expect(sumOf(parts, (part) => totals(part.stats).impressions)).toBe(overall.impressions);
  };

  test("organizations from /details", async () => {
    const { organizations } = await reference("details");
    expect(organizations.map((org) => org.value).sort()).toEqual([...widestBearer(emulator).organizations].sort());
    await expectPartition(
      "organizations",
      organizations.map((org) => org.value),
      "organization",
    );
  });
  test("countries", async () =>
    expectPartition(
      "countries",
      (await reference("countries")).map((o) => o.value),
      "country",
    ));
  test("formats", async () =>
    expectPartition(
      "formats",
      (await reference("formats")).map((o) => o.value),
      "format",
    ));
  test("integration types", async () =>
    expectPartition(
      "integration_types",
      (await reference("integrationTypes")).map((o) => o.value),
      "integration_type",
    ));
  test("device types", async () =>
    expectPartition(
      "device_types",
      (await reference("deviceTypes")).map((o) => o.value),
      "device_types",
    ));
  test("asset types", async () =>
    expectPartition(
      "asset_types",
      (await reference("assetTypes")).map((o) => o.value),
      "asset_type",
    ));
  test("assets", async () =>
    expectPartition(
      "assets",
      (await reference("assets")).map((asset) => asset.value),
      "asset",
    ));
  test("ad units of the assets", async () => {
    const adUnits = (await reference("assets")).flatMap((asset) => asset.adUnits.map((unit) => unit.value));
    await expectPartition("ad_units", adUnits, "ad_unit");
  });
});

describe("CSV and XLSX carry exactly the JSON rows", () => {
  const request: StatsRequest = {
    filters: { from: "2026-06-01", to: "2026-06-14" },
    groups: ["date", "asset", "country"],
    orders: ["date", "asset", "country"],
    metrics: ["revenues", "impressions", "ecpm", "requests"],
    limit: 500,
  };
  let json: StatsEntry[];
  const columns = [...(request.groups ?? []), ...(request.metrics ?? METRICS)];
  const rowOf = (entry: StatsEntry) => [
    ...(request.groups ?? []).map((group) => entry.group[group] ?? null),
    ...(request.metrics ?? METRICS).map((metric) => entry.metrics[metric] ?? null),
  ];

  beforeAll(async () => {
    json = (await stats(emulator, token, request)).stats;
    expect(json.length).toBeGreaterThan(50);
  });

  test("CSV: BOM, a header row, then the same rows, numbers written in full", async () => {
    const response = await postStats(emulator, token, request, "/stats/csv");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(bytes.subarray(3).toString("utf8"));
    expect(header).toEqual(columns);
    expect(rows).toEqual(json.map((entry) => rowOf(entry).map((value) => (value === null ? "" : String(value)))));
    for (const [index, row] of rows.entries()) {
      expect(row.slice(3).map(Number)).toEqual(rowOf(json[index]!).slice(3));
    }
  });

  test("XLSX: a header row, real dates, numbers as numbers, the same rows", async () => {
    const response = await postStats(emulator, token, request, "/stats/xls");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = (rowNumber: number) => (sheet.getRow(rowNumber).values as unknown[]).slice(1);
    expect(values(1)).toEqual(columns);
    expect(sheet.rowCount).toBe(json.length + 1);
    json.forEach((entry, index) => {
      const [date, ...rest] = values(index + 2);
      expect(date).toBeInstanceOf(Date);
      expect((date as Date).toISOString().slice(0, 10)).toBe(entry.group.date);
      expect(rest).toEqual(rowOf(entry).slice(1));
    });
    expect(sheet.getCell("A2").numFmt).toBe("yyyy-mm-dd");
  });
});
