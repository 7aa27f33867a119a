import { ECPM_PIVOT_NOTE, pivotPlan } from "../../../../src/core/workbook-queries/pivot-plan";
import { cellFormat, tableColumnsOf } from "../../../../src/core/workbook-queries/table-columns";

describe("the PivotTable plan and the table's formats", () => {
  const columns = tableColumnsOf({ filters: { from: "2026-01-01", to: "2026-01-31" }, groups: ["date", "country"] });
  const headers = ["Date", "Country", "Impressions", "Revenues", "eCPM", "Requests"];

  it("puts the first group in rows and sums impressions, revenues and requests, leaving eCPM out with the reason", () => {
    expect(pivotPlan(columns, headers)).toEqual({
      rows: ["Date"],
      values: [
        { field: "Impressions", name: "Sum of Impressions", numberFormat: "#,##0" },
        { field: "Revenues", name: "Sum of Revenues", numberFormat: "#,##0.00" },
        { field: "Requests", name: "Sum of Requests", numberFormat: "#,##0" },
      ],
      note: ECPM_PIVOT_NOTE,
    });
  });

  it("uses the groups the user picks, and says when there is nothing to sum", () => {
    expect(pivotPlan(columns, headers, ["country", "date"])).toMatchObject({ rows: ["Country", "Date"] });
    const ecpmOnly = tableColumnsOf({
      filters: { from: "2026-01-01", to: "2026-01-31" },
      groups: ["country"],
      metrics: ["ecpm"],
    });
    expect(pivotPlan(ecpmOnly, ["Country", "eCPM"])).toEqual({
      problem: expect.stringContaining("no impressions, revenues or requests"),
    });
  });

  it("formats counts, money, dates and text, and keeps every service text as text", () => {
    const [date, country, impressions, revenues, ecpm] = columns;
    expect(cellFormat(45000, date!)).toBe("yyyy-mm-dd");
    expect(cellFormat("=HYPERLINK(1)", country!)).toBe("@");
    expect(cellFormat(7, country!)).toBe("General");
    expect(cellFormat(1234, impressions!)).toBe("#,##0");
    expect(cellFormat(12.5, revenues!)).toBe("#,##0.00");
    expect(cellFormat(1.5, ecpm!)).toBe("#,##0.00");
    expect(cellFormat("", revenues!)).toBe("#,##0.00");
    // The user's own format of a column wins for numbers, never for texts, and never "@" for numbers.
    expect(cellFormat(12.5, revenues!, "[$€-2] #,##0.00")).toBe("[$€-2] #,##0.00");
    expect(cellFormat("-foo", revenues!, "[$€-2] #,##0.00")).toBe("@");
    expect(cellFormat(12.5, revenues!, "@")).toBe("#,##0.00");
  });
});
