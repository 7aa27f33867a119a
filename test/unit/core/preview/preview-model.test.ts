import { excelSerialFromIsoDate } from "../../../../src/core/excel-dates";
import {
  labelLookupOf,
  legacyPreviewFacts,
  previewModel,
  statsPreviewFacts,
  textTableModel,
  type PreviewModel,
} from "../../../../src/core/preview";
import { readStatsQuery } from "../../../../src/core/arguments/stats-query";
import { spillTable, type SpillTable } from "../../../../src/core/rows/spill-table";
import type { SpillRows } from "../../../../src/core/cell-values";

const HEADER = ["Date", "Country", "Impressions", "Revenues", "eCPM", "Requests"];
const serial = (day: string) => excelSerialFromIsoDate(day);

function table(header: string[] | undefined, data: SpillRows, extra: Partial<SpillTable> = {}): SpillTable {
  const rows = header ? [header, ...data] : data;
  return { ...spillTable(rows, [0], data.length, (header ?? data[0] ?? []).length), ...extra };
}

function query(args: { from: string; to: string; groups?: string; metrics?: string; options?: string }) {
  return readStatsQuery(args, () => "2024-06-30");
}

const texts = (model: PreviewModel) => model.rows.map((row) => row.cells.map((cell) => cell.text));
const totalTexts = (model: PreviewModel) => model.totals?.cells.map((cell) => cell.text);

describe("previewModel: totals", () => {
  // 25 rows, 20 shown: the totals must still cover all 25.
  const data: SpillRows = Array.from({ length: 25 }, (_, index) => [
    serial("2024-05-01") + index,
    index % 2 === 0 ? "US" : "DE",
    1000 * (index + 1),
    2.5 * (index + 1) + (index === 0 ? 997.5 : 0),
    0,
    3000 * (index + 1),
  ]);
  const stats = query({ from: "2024-05-01", to: "2024-05-25", groups: "date,country" });
  const spill = table(HEADER, data);
  const model = previewModel(spill, statsPreviewFacts(stats));

  it("sums every data row of the table, not only the rows shown, and says so", () => {
    expect(model.rows).toHaveLength(20);
    const impressions = data.reduce((sum, row) => sum + (row[2] as number), 0);
    const revenues = data.reduce((sum, row) => sum + (row[3] as number), 0);
    const requests = data.reduce((sum, row) => sum + (row[5] as number), 0);
    expect(model.totals?.cells.map((cell) => cell.value)).toEqual([
      "",
      "",
      String(impressions),
      String(revenues),
      String((revenues / impressions) * 1000),
      String(requests),
    ]);
    expect(model.totals?.label).toBe("Total");
    expect(model.totals?.detail).toBe("all 25 rows");
  });

  it("has no totals when the table is only the first page of a longer answer, and counts from the service's total", () => {
    const firstPage = previewModel(spill, {
      ...statsPreviewFacts(stats),
      reach: { complete: false, rowCount: 392_596 },
    });
    expect(firstPage.totals).toBeUndefined();
    expect(firstPage).toMatchObject({ dataRowCount: 392_596, countExact: true, complete: false });
    expect(firstPage.rows).toHaveLength(20);
  });

  it("counts the rows read as a lower bound when the service sent no total", () => {
    const firstPage = previewModel(spill, { ...statsPreviewFacts(stats), reach: { complete: false } });
    expect(firstPage).toMatchObject({ dataRowCount: 25, countExact: false, complete: false });
    expect(firstPage.totals).toBeUndefined();
  });

  it("recomputes eCPM from the summed revenues and impressions instead of averaging the rows' eCPM", () => {
    const rows: SpillRows = [
      [serial("2024-05-01"), "US", 10, 1, 100, 10],
      [serial("2024-05-01"), "DE", 1_000_000, 1000, 1, 2_000_000],
    ];
    const small = table(HEADER, rows);
    const result = previewModel(small, statsPreviewFacts(stats));
    // The mean of the rows' eCPM would be 50.5; the real one is 1001 / 1,000,010 * 1000.
    expect(Number(result.totals?.cells[4]?.value)).toBeCloseTo((1001 / 1_000_010) * 1000, 12);
    expect(result.totals?.cells[4]?.text).toBe("1.00");
    expect(result.totals?.detail).toBeUndefined();
  });

  it("shows revenues and eCPM with two decimals under headings that state the currency, counts with thousands separators", () => {
    expect(model.columns.map((column) => column.heading)).toEqual([
      "Date",
      "Country",
      "Impressions",
      "Revenues (USD)",
      "eCPM (USD)",
      "Requests",
    ]);
    expect(texts(model)[0]).toEqual(["2024-05-01", "US", "1,000", "1,000.00", "0.00", "3,000"]);
    expect(totalTexts(model)).toEqual(["", "", "325,000", "1,810.00", "5.57", "975,000"]);
  });

  it("leaves out the totals row for a single row, which would repeat it", () => {
    const one = table(HEADER, [data[0]!]);
    expect(previewModel(one, statsPreviewFacts(stats)).totals).toBeUndefined();
  });
});

describe("previewModel: codes as the files hold them, with their names beside", () => {
  const labelOf = labelLookupOf({
    countries: [
      { value: "US", label: "United States" },
      { value: "DE", label: "Germany" },
    ],
    formats: [{ value: "banner_320x50", label: "Banner" }],
    assets: [{ value: "a1", label: "Puzzle Quest", adUnits: [{ value: "u1", label: "Main menu banner" }] }],
  });

  it("shows each code as the workbook and the files do, with its name beside it", () => {
    const stats = query({
      from: "2024-05-01",
      to: "2024-05-02",
      groups: "country,format,ad_unit",
      metrics: "impressions",
    });
    const spill: SpillTable = {
      ...spillTable(
        [
          ["Country", "Format", "Ad unit", "Impressions"],
          ["US", "banner_320x50", "u1", 5],
          ["FR", "interstitial", "u9", 7],
        ],
        [],
        2,
        4,
      ),
    };
    const model = previewModel(spill, statsPreviewFacts(stats, { labelOf }));
    expect(texts(model)).toEqual([
      ["US", "banner_320x50", "u1", "5"],
      ["FR", "interstitial", "u9", "7"],
    ]);
    expect(model.rows[0]?.cells.map((cell) => cell.name)).toEqual([
      "United States",
      "Banner",
      "Main menu banner",
      undefined,
    ]);
    expect(model.rows[0]?.cells[0]).toMatchObject({ value: "US", text: "US" });
    // No name known: the code alone, and the row is not marked partial for it.
    expect(model.rows[1]?.cells[0]?.name).toBeUndefined();
    expect(model.rows.map((row) => row.partial)).toEqual([false, false]);
  });

  it("names legacy countries given in lower case", () => {
    expect(labelOf("country", "de")).toBe("Germany");
    expect(labelOf("format", "BANNER_320X50")).toBeUndefined();
  });
});

describe("previewModel: dates and partial periods", () => {
  const weekly = (from: string, to: string, starts: string[], dataThrough?: string) => {
    const stats = query({ from, to, groups: "date", metrics: "impressions", options: "date_group=week" });
    const spill = table(
      ["Date", "Impressions"],
      starts.map((start) => [serial(start), 1]),
    );
    return previewModel(spill, statsPreviewFacts(stats, dataThrough ? { dataThrough } : {}));
  };

  it("shows dates as YYYY-MM-DD and marks a week the period cuts at either edge", () => {
    // 2024-05-01 is a Wednesday: its week starts Monday 2024-04-29; 2024-05-14 is a Tuesday.
    const model = weekly("2024-05-01", "2024-05-14", ["2024-04-29", "2024-05-06", "2024-05-13"]);
    expect(model.rows.map((row) => row.cells[0]?.text)).toEqual(["2024-04-29", "2024-05-06", "2024-05-13"]);
    expect(model.rows.map((row) => row.cells[0]?.note)).toEqual([
      "partial: 5 of 7 days",
      undefined,
      "partial: 2 of 7 days",
    ]);
    expect(model.rows.map((row) => row.partial)).toEqual([true, false, true]);
  });

  it("marks a month the period cuts at either edge", () => {
    const stats = query({
      from: "2024-01-15",
      to: "2024-03-10",
      groups: "date",
      metrics: "impressions",
      options: "date_group=month",
    });
    const spill = table(
      ["Date", "Impressions"],
      ["2024-01-01", "2024-02-01", "2024-03-01"].map((day) => [serial(day), 1]),
    );
    const model = previewModel(spill, statsPreviewFacts(stats));
    expect(model.rows.map((row) => row.cells[0]?.note)).toEqual([
      "partial: 17 of 31 days",
      undefined,
      "partial: 10 of 31 days",
    ]);
  });

  it("marks buckets reaching past the last day with data", () => {
    const model = weekly("2024-05-06", "2024-05-26", ["2024-05-06", "2024-05-13", "2024-05-20"], "2024-05-15");
    expect(model.rows.map((row) => row.cells[0]?.note)).toEqual([
      undefined,
      "partial: 3 of 7 days, data through 2024-05-15",
      "no data yet: data through 2024-05-15",
    ]);
  });

  it("marks single days after the data, and whole days before it not at all", () => {
    const stats = query({ from: "2024-05-14", to: "2024-05-16", groups: "date", metrics: "impressions" });
    const spill = table(
      ["Date", "Impressions"],
      ["2024-05-14", "2024-05-15", "2024-05-16"].map((day) => [serial(day), 1]),
    );
    const model = previewModel(spill, statsPreviewFacts(stats, { dataThrough: "2024-05-15" }));
    expect(model.rows.map((row) => row.cells[0]?.note)).toEqual([
      undefined,
      undefined,
      "no data yet: data through 2024-05-15",
    ]);
  });

  it("marks partial months of LEGACY.STATS", () => {
    const spill = table(
      ["Month", "Impressions", "Revenue", "Requests", "eCPM"],
      [
        [serial("2024-04-01"), 10, 1, 20, 100],
        [serial("2024-05-01"), 30, 2, 40, 66.7],
      ],
    );
    const model = previewModel(
      spill,
      legacyPreviewFacts({ groupBy: ["month"], headers: "readable", period: { from: "2024-04-01", to: "2024-05-20" } }),
    );
    expect(model.rows.map((row) => row.cells[0]?.note)).toEqual([undefined, "partial: 20 of 31 days"]);
    expect(model.columns.map((column) => column.kind)).toEqual(["date", "count", "currency", "count", "ecpm"]);
    expect(model.columns.map((column) => column.heading)).toEqual([
      "Month",
      "Impressions",
      "Revenue (USD)",
      "Requests",
      "eCPM (USD)",
    ]);
    expect(totalTexts(model)).toEqual(["", "40", "3.00", "60", "75.00"]);
  });
});

describe("previewModel: comparison columns", () => {
  const header = [
    "Country",
    "Revenues",
    "Revenues (previous period)",
    "Revenues change",
    "Revenues change %",
    "Impressions",
    "Impressions (previous period)",
    "eCPM",
    "eCPM (previous period)",
    "eCPM change %",
  ];
  const data: SpillRows = [
    ["US", 150, 100, 50, 0.5, 1000, 1000, 150, 100, 0.5],
    ["DE", 50, 100, -50, -0.5, 1000, 500, 50, 200, -0.75],
    ["FR", 10, "", "", "", 100, "", 100, "", ""],
  ];
  const stats = query({
    from: "2024-05-01",
    to: "2024-05-31",
    groups: "country",
    metrics: "revenues,impressions,ecpm",
  });
  const spill: SpillTable = spillTable([header, ...data], [], 3, header.length);
  const model = previewModel(spill, statsPreviewFacts(stats));

  it("reads each column's kind from its heading", () => {
    expect(model.columns.map((column) => column.kind)).toEqual([
      "group",
      "currency",
      "currency",
      "currency",
      "percent",
      "count",
      "count",
      "ecpm",
      "ecpm",
      "percent",
    ]);
  });

  it("shows fractions as percentages and changes with their sign", () => {
    expect(texts(model)[0]).toEqual([
      "US",
      "150.00",
      "100.00",
      "+50.00",
      "+50.0%",
      "1,000",
      "1,000",
      "150.00",
      "100.00",
      "+50.0%",
    ]);
    expect(texts(model)[2]?.slice(2, 5)).toEqual(["", "", ""]);
  });

  it("states the currency in every money heading, a change % excepted", () => {
    expect(model.columns.map((column) => column.heading)).toEqual([
      "Country",
      "Revenues (USD)",
      "Revenues (previous period, USD)",
      "Revenues change (USD)",
      "Revenues change %",
      "Impressions",
      "Impressions (previous period)",
      "eCPM (USD)",
      "eCPM (previous period, USD)",
      "eCPM change %",
    ]);
  });

  it("recomputes changes and percentages from the totals instead of summing them", () => {
    // Revenues 210 against 200: +10, +5%. eCPM 210/2100*1000 = 100 against 200/1500*1000 = 133.33.
    const totals = model.totals?.cells.map((cell) => cell.value);
    expect(totals?.slice(1, 5)).toEqual(["210", "200", "10", String(10 / 200)]);
    expect(Number(totals?.[7])).toBeCloseTo(100, 10);
    expect(Number(totals?.[8])).toBeCloseTo(133.333333, 5);
    expect(Number(totals?.[9])).toBeCloseTo(100 / (200 / 1.5) - 1, 10);
    expect(totalTexts(model)?.[4]).toBe("+5.0%");
  });

  it("takes percentage columns from the table where its headings do not tell (headers=none)", () => {
    const none = query({
      from: "2024-05-01",
      to: "2024-05-31",
      groups: "country",
      metrics: "revenues",
      options: "headers=none",
    });
    const bare = { ...spillTable([["US", 150, 0.25]], [], 1, 3), percentColumns: [2] };
    const result = previewModel(bare, statsPreviewFacts(none));
    expect(result.hasHeaderRow).toBe(false);
    expect(result.columns.map((column) => [column.heading, column.kind])).toEqual([
      ["Country", "group"],
      ["Revenues (USD)", "currency"],
      ["Column 3", "percent"],
    ]);
    expect(texts(result)).toEqual([["US", "150.00", "25.0%"]]);
  });
});

describe("previewModel: tables without a header row", () => {
  it("names compared columns in the order compare= adds them after each metric", () => {
    const compared = {
      ...query({
        from: "2024-05-01",
        to: "2024-05-31",
        groups: "country",
        metrics: "revenues",
        options: "headers=none",
      }),
      compare: "previous_period" as const,
    };
    const bare = spillTable(
      [
        ["US", 150, 100, 50, 0.5],
        ["DE", 50, 100, -50, -0.5],
      ],
      [],
      2,
      5,
    );
    const result = previewModel(bare, statsPreviewFacts(compared));
    expect(result.columns.map((column) => [column.kind, column.variant])).toEqual([
      ["group", undefined],
      ["currency", "current"],
      ["currency", "previous"],
      ["currency", "change"],
      ["percent", "change_percent"],
    ]);
    expect(totalTexts(result)).toEqual(["", "200.00", "200.00", "0.00", "0.0%"]);
  });
});

describe("textTableModel", () => {
  it("keeps every text as it is, with no totals, even where a heading sounds like a metric", () => {
    const model = textTableModel(
      ["Name", "Type", "Requests"],
      [
        ["Main menu", "banner", "12 per day"],
        ["Shop", "interstitial", "rare"],
      ],
    );
    expect(texts(model)).toEqual([
      ["Main menu", "banner", "12 per day"],
      ["Shop", "interstitial", "rare"],
    ]);
    expect(model.totals).toBeUndefined();
    expect(model.columns.map((column) => [column.heading, column.kind])).toEqual([
      ["Name", "text"],
      ["Type", "text"],
      ["Requests", "text"],
    ]);
  });
});
