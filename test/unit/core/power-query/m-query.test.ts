import fc from "fast-check";
import type { StatsQueryModel } from "../../../../src/core/formula-text";
import { PERIOD_WORDS, periodOfWord } from "../../../../src/core/periods";
import { PowerQueryRefusal } from "../../../../src/core/power-query/feed-request";
import { MAX_FEED_URL_LENGTH, powerQueryFiles } from "../../../../src/core/power-query/power-query-files";
import { evaluateMDate, feedUrlOf, stepExpression } from "../../../support/m-reader";

const origin = "https://addin.example";
const today = "2026-11-26";

function model(overrides: Partial<StatsQueryModel> = {}): StatsQueryModel {
  return {
    period: { word: "LAST_MONTH" },
    groups: ["date", "country"],
    metrics: ["revenues", "impressions"],
    filters: {},
    orders: [],
    ...overrides,
  };
}

const isoDay = fc
  .date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe("the Power Query (M) query of a pane query", () => {
  it.each(PERIOD_WORDS)("turns %s into date arithmetic that gives the pane's days on any refresh day", (word) => {
    const { mQuery } = powerQueryFiles(model({ period: { word } }), { origin, today });
    expect(mQuery).toContain("Today = DateTime.Date(DateTime.LocalNow())");
    const from = stepExpression(mQuery, "From");
    const to = stepExpression(mQuery, "To");
    fc.assert(
      fc.property(isoDay, (day) => {
        expect({ from: evaluateMDate(from, day), to: evaluateMDate(to, day) }).toEqual(periodOfWord(word, day));
      }),
      { numRuns: 300 },
    );
  });

  it("writes last month as Date.StartOfMonth / Date.EndOfMonth of the month before, formatted in a fixed culture", () => {
    const { mQuery } = powerQueryFiles(model(), { origin, today });
    expect(mQuery).toContain("From = Date.StartOfMonth(Date.AddMonths(Today, -1)),");
    expect(mQuery).toContain("To = Date.EndOfMonth(Date.AddMonths(Today, -1)),");
    expect(mQuery).toContain('Date.ToText(From, "yyyy-MM-dd", "en-US")');
    expect(feedUrlOf(mQuery, { from: "2026-10-01", to: "2026-10-31" })).toBe(
      "https://addin.example/odata/Stats?$select=date%2Ccountry%2Crevenues%2Cimpressions&$filter=date%20ge%202026-10-01%20and%20date%20le%202026-10-31",
    );
  });

  it("writes fixed days as they are, with no refresh-day arithmetic", () => {
    const { mQuery } = powerQueryFiles(model({ period: { from: "2026-06-01", to: "2026-06-30" } }), { origin, today });
    expect(mQuery).not.toContain("Today");
    expect(new URL(feedUrlOf(mQuery)).searchParams.get("$filter")).toBe("date ge 2026-06-01 and date le 2026-06-30");
  });

  it("reads the feed with the Web API key option, and never holds a credential", () => {
    const { mQuery } = powerQueryFiles(model(), { origin, today });
    expect(mQuery).toContain('null, [Implementation = "2.0", ApiKeyName = "access_token"])');
    expect(mQuery).not.toMatch(/Authorization|Bearer|access_token=/i);
  });

  it("selects groups then metrics, filters within a dimension with or and across with and, sorts, limits", () => {
    const { mQuery } = powerQueryFiles(
      model({
        period: { from: "2026-06-01", to: "2026-06-30" },
        filters: { countries: ["FR", "DE"], device_types: ["mobile"] },
        orders: ["revenues:desc", "country"],
        limit: 100,
        offset: 20,
      }),
      { origin, today },
    );
    const url = new URL(feedUrlOf(mQuery));
    expect(url.origin + url.pathname).toBe("https://addin.example/odata/Stats");
    expect(url.searchParams.get("$select")).toBe("date,country,revenues,impressions");
    expect(url.searchParams.get("$filter")).toBe(
      "date ge 2026-06-01 and date le 2026-06-30 and (country eq 'FR' or country eq 'DE') and device_types eq 'mobile'",
    );
    expect(url.searchParams.get("$orderby")).toBe("revenues desc,country");
    expect(url.searchParams.get("$top")).toBe("100");
    expect(url.searchParams.get("$skip")).toBe("20");
  });

  it("asks for every metric when none is chosen, as the service does", () => {
    const { mQuery } = powerQueryFiles(model({ metrics: [] }), { origin, today });
    expect(new URL(feedUrlOf(mQuery, { from: "2026-10-01", to: "2026-10-31" })).searchParams.get("$select")).toBe(
      "date,country,impressions,revenues,ecpm,requests",
    );
  });

  it("types the columns (dates, whole counts, money) and names them as the preview does", () => {
    const { mQuery } = powerQueryFiles(model({ metrics: ["impressions", "requests", "revenues", "ecpm"] }), {
      origin,
      today,
    });
    expect(mQuery).toContain(
      'Typed = Table.TransformColumnTypes(Columns, {{"date", type date}, {"country", type text}, {"impressions", Int64.Type}, {"requests", Int64.Type}, {"revenues", Currency.Type}, {"ecpm", Currency.Type}}),',
    );
    expect(mQuery).toContain('{"revenues", "Revenues (USD)"}, {"ecpm", "eCPM (USD)"}');
    expect(mQuery.trimEnd().endsWith("in\n    Named")).toBe(true);
    // headers=api keeps the service's names.
    const api = powerQueryFiles(model(), { origin, today, headers: "api" }).mQuery;
    expect(api).not.toContain("Table.RenameColumns");
    expect(api.trimEnd().endsWith("in\n    Typed")).toBe(true);
  });

  it("refuses what the feed cannot ask, saying what to change", () => {
    const refusal = (overrides: Partial<StatsQueryModel>) => {
      try {
        powerQueryFiles(model(overrides), { origin, today });
      } catch (error) {
        expect(error).toBeInstanceOf(PowerQueryRefusal);
        return (error as PowerQueryRefusal).userMessage;
      }
      throw new Error("not refused");
    };
    expect(refusal({ compare: "previous_period" })).toMatch(/set Compare with to Nothing/);
    expect(refusal({ dateGroup: "month" })).toMatch(/set Dates by to Day/);
    expect(refusal({ dateGroupLimit: 3 })).toMatch(/empty Most recent periods only/);
    const many = Array.from({ length: 60 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`);
    expect(refusal({ filters: { ad_units: many } })).toMatch(
      new RegExp(
        `longer than the ${MAX_FEED_URL_LENGTH.toLocaleString("en-US")} Power Query takes: pick fewer filter values`,
      ),
    );
    expect(() => powerQueryFiles(model({ dateGroup: "day" }), { origin, today })).not.toThrow();
  });
});
