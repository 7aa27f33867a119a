import { defaultParser } from "@odata/parser";
import fc from "fast-check";
import type { StatsQueryModel } from "../../../../src/core/formula-text";
import { mText } from "../../../../src/core/power-query/m-text";
import { powerQueryFiles } from "../../../../src/core/power-query/power-query-files";
import { feedUrlOf, readMText } from "../../../support/m-reader";

interface Node {
  type?: string;
  raw?: string;
  value?: unknown;
}

/** The string literals of an @odata/parser tree, in order, as their raw text. */
function stringLiterals(node: unknown, found: string[] = []): string[] {
  if (!node || typeof node !== "object") return found;
  const { type, raw, value } = node as Node;
  if (type === "Literal" && value === "Edm.String" && raw !== undefined) found.push(raw);
  for (const child of Object.values(node)) if (child && typeof child === "object") stringLiterals(child, found);
  return found;
}

const unquote = (raw: string) => raw.slice(1, -1).replaceAll("''", "'");

describe("user values in the Power Query file", () => {
  it("an M text literal reads back as the exact text, whatever it holds", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (text) => {
        const literal = mText(text);
        expect(readMText(literal, 0)).toEqual({ value: text, end: literal.length });
      }),
      { numRuns: 2000 },
    );
    expect(mText('say "#(lf)"')).toBe('"say ""#(#)(lf)"""');
  });

  it("any filter value round-trips through the M string, the URL and an OData parser", () => {
    const value = fc.string({ unit: "grapheme", minLength: 1, maxLength: 24 });
    fc.assert(
      fc.property(
        fc.uniqueArray(value, { minLength: 1, maxLength: 3 }),
        fc.constantFrom("word", "fixed"),
        (formats, period) => {
          const model: StatsQueryModel = {
            period: period === "word" ? { word: "LAST_7_DAYS" } : { from: "2026-06-01", to: "2026-06-30" },
            groups: ["format"],
            metrics: ["revenues"],
            filters: { formats, countries: ["FR"] },
            orders: [],
          };
          const files = powerQueryFiles(model, { origin: "https://addin.example", today: "2026-11-26" });
          const written = feedUrlOf(files.mQuery, { from: "2026-11-19", to: "2026-11-25" });
          const url = new URL(written);
          // Nothing a value holds may add a query option.
          expect([...url.searchParams.keys()]).toEqual(["$select", "$filter"]);
          const filter = url.searchParams.get("$filter") ?? "";
          const literals = stringLiterals(defaultParser.filter(filter)).map(unquote);
          expect(literals).toEqual(["FR", ...formats]);
          // The Power BI file names the same URL for today's days.
          expect(JSON.parse(files.pbids).connections[0].details.address.url).toBe(written);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
