import fc from "fast-check";
import { neutraliseCsv, parseCsv, UnreadableCsvError } from "../../../../src/core/csv-safety";
import { prepareStatsCsv, rowsCsv } from "../../../../src/core/exports/csv-export";
import { fileHeaderRow, readableFileHeading, rewriteCsvHeader } from "../../../../src/core/exports/csv-header";

/** RFC 4180 writing as a service may do it: quoting every field or only those that need it. */
function writeCsv(
  records: readonly (readonly string[])[],
  options: { quoteAll: boolean; newline: string; bom: boolean; finalNewline: boolean },
): string {
  const lines = records.map((record) =>
    record
      .map((field) =>
        options.quoteAll || /[",\r\n]/.test(field) || (record.length === 1 && field === "")
          ? `"${field.replaceAll('"', '""')}"`
          : field,
      )
      .join(","),
  );
  return `${options.bom ? "\uFEFF" : ""}${lines.join(options.newline)}${options.finalNewline ? options.newline : ""}`;
}

const TRIGGER = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const neutralised = (field: string) => (TRIGGER.test(field) && !NUMBER.test(field) ? `'${field}` : field);

describe("the header of a CSV export follows the query's header choice", () => {
  const service =
    '\uFEFFdate,country,revenues,ecpm\r\n2026-10-01,US,12.5,1.2\r\n2026-10-01,"Côte d\'Ivoire, ""CI""",3,0.5\r\n';

  it("readable: renames the API names the pane knows, the currency beside money as in the preview, keeps the data records byte for byte", () => {
    expect(rewriteCsvHeader(service, "readable")).toBe(
      '\uFEFFDate,Country,Revenues (USD),eCPM (USD)\r\n2026-10-01,US,12.5,1.2\r\n2026-10-01,"Côte d\'Ivoire, ""CI""",3,0.5\r\n',
    );
  });

  it("api: the service's file as it came", () => {
    expect(rewriteCsvHeader(service, "api")).toBe(service);
  });

  it("none: drops the header record and its line end, keeps the byte order mark first", () => {
    expect(rewriteCsvHeader(service, "none")).toBe(
      '\uFEFF2026-10-01,US,12.5,1.2\r\n2026-10-01,"Côte d\'Ivoire, ""CI""",3,0.5\r\n',
    );
    expect(rewriteCsvHeader("date,revenues\n2026-10-01,1\n", "none")).toBe("2026-10-01,1\n");
  });

  it("readable files name the currency beside every money column the preview does, compared ones included, and nowhere else", () => {
    expect(
      [
        "revenues",
        "ecpm",
        "revenue",
        "impressions",
        "requests",
        "country",
        "revenues_previous",
        "revenues_change",
        "revenues_change_pct",
      ].map(readableFileHeading),
    ).toEqual([
      "Revenues (USD)",
      "eCPM (USD)",
      "revenue (USD)",
      "Impressions",
      "Requests",
      "Country",
      "revenues_previous (USD)",
      "revenues_change (USD)",
      "revenues_change_pct",
    ]);
    expect(fileHeaderRow(["Month", "Country", "Impressions", "Revenues", "eCPM", "Requests"], "readable")).toEqual([
      "Month",
      "Country",
      "Impressions",
      "Revenues (USD)",
      "eCPM (USD)",
      "Requests",
    ]);
    expect(fileHeaderRow(["month", "country", "revenue"], "api")).toEqual(["month", "country", "revenue"]);
    expect(fileHeaderRow(undefined, "none")).toBeUndefined();
  });

  it("keeps a name it does not know, quoted when it must be", () => {
    expect(rewriteCsvHeader('date,"odd, name"\r\n1,2\r\n', "readable")).toBe('Date,"odd, name"\r\n1,2\r\n');
  });

  it("handles a header alone, an empty file and a lone CR as line end", () => {
    expect(rewriteCsvHeader("impressions,requests", "readable")).toBe("Impressions,Requests");
    expect(rewriteCsvHeader("", "readable")).toBe("");
    expect(rewriteCsvHeader("\uFEFF", "none")).toBe("\uFEFF");
    expect(rewriteCsvHeader("impressions\r5\r", "none")).toBe("5\r");
  });

  it("refuses a header record that is not CSV rather than saving what is left of the file", () => {
    // Read the way csv-safety.ts reads: a quote left open swallows the file, so nothing is known of it.
    expect(() => rewriteCsvHeader('"date,revenues\r\n2026-10-01,1\r\n', "none")).toThrow(UnreadableCsvError);
    expect(() => prepareStatsCsv('"date,revenues\r\n2026-10-01,1\r\n', "readable")).toThrow(UnreadableCsvError);
  });

  it("still neutralises formula-like fields of the data, and a header field that would run", () => {
    expect(prepareStatsCsv("date,format\r\n2026-10-01,=HYPERLINK(1)\r\n", "readable")).toEqual({
      csv: "\uFEFFDate,Format\r\n2026-10-01,'=HYPERLINK(1)\r\n",
      neutralised: 1,
    });
    expect(prepareStatsCsv("@evil,date\r\n", "readable")).toEqual({ csv: "\uFEFF'@evil,Date\r\n", neutralised: 1 });
  });

  it("property: any data (quotes, commas, line breaks, formula-like text) survives the header rewrite and the check", () => {
    const field = fc.oneof(
      fc.string({
        unit: fc.constantFrom("a", "Z", "1", ",", '"', "\r", "\n", "=", "+", "-", "@", "\t", " ", "é", "'", "."),
      }),
      fc.constantFrom("=SUM(A1)", "-3", "+1.5e3", "@x", '"quoted"', "a,b", "line\nbreak", "", "date"),
    );
    const columns = fc.constantFrom(
      ["date"],
      ["date", "country", "revenues"],
      ["ad_unit", "format", "impressions", "ecpm", "requests"],
      ["odd name", "revenues"],
      ['odd "x",\r\nname', "revenues"],
    );
    fc.assert(
      fc.property(
        columns.chain((names) =>
          fc.tuple(
            fc.constant(names),
            fc.array(fc.array(field, { minLength: names.length, maxLength: names.length }), { maxLength: 6 }),
          ),
        ),
        fc.constantFrom("readable", "api", "none" as const),
        fc.record({
          quoteAll: fc.boolean(),
          newline: fc.constantFrom("\r\n", "\n"),
          bom: fc.boolean(),
          finalNewline: fc.boolean(),
        }),
        ([names, rows], style, options) => {
          const text = writeCsv([names, ...rows], options);
          const { csv } = prepareStatsCsv(text, style);
          const records = parseCsv(csv);
          const expectedRows = rows.map((row) => row.map(neutralised));
          if (style === "none") {
            expect(records).toEqual(expectedRows);
          } else {
            const readable: Record<string, string> = {
              date: "Date",
              country: "Country",
              revenues: "Revenues (USD)",
              ad_unit: "Ad unit",
              format: "Format",
              impressions: "Impressions",
              ecpm: "eCPM (USD)",
              requests: "Requests",
            };
            expect(records[0]).toEqual(style === "api" ? names : names.map((name) => readable[name] ?? name));
            expect(records.slice(1)).toEqual(expectedRows);
          }
          // The data records are the service's bytes, neutralised: nothing else changed.
          const headerRecord = writeCsv([names], { ...options, bom: false, finalNewline: true });
          const dataRecords = text.slice((options.bom ? 1 : 0) + headerRecord.length);
          expect(csv.endsWith(neutraliseCsv(dataRecords).csv)).toBe(true);
        },
      ),
    );
  });
});

describe("a CSV file of rows the pane holds (legacy)", () => {
  it("writes dates as days, quotes what needs it and neutralises formula-like names", () => {
    const checked = rowsCsv(
      ["Date", "Ad unit name", "Revenues"],
      [
        [46296, "=cmd|' /C calc'!A0", 1.5],
        [46297, 'Level "end", 2', 0],
      ],
      [0],
    );
    expect(checked).toEqual({
      csv: '\uFEFFDate,Ad unit name,Revenues\r\n2026-10-01,\'=cmd|\' /C calc\'!A0,1.5\r\n2026-10-02,"Level ""end"", 2",0\r\n',
      neutralised: 1,
    });
    expect(parseCsv(checked.csv)[2]).toEqual(["2026-10-02", 'Level "end", 2', "0"]);
  });

  it("writes no header record for headers=none", () => {
    expect(rowsCsv(undefined, [["FR", 1]], []).csv).toBe("\uFEFFFR,1\r\n");
  });
});
