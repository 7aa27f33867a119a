import fc from "fast-check";
import { jsonInside, wrapJson } from "../../../src/core/workbook-queries/xml-json";

/**
 * The reader of the JSON in a custom XML part must read what other writers make of the add-in's
 * part (an Excel on another platform, a tool that rewrote the file): a declaration or none,
 * attributes or a prefix on <json>, whitespace, entities other than ours, CDATA sections.
 */

/** The JSON text as XML character data, in one of the ways a writer may put it. */
const characterData = (json: string) =>
  fc.oneof(
    // Entities: the five named ones, or numeric, for the characters XML needs escaped (and, at times, others).
    fc
      .array(fc.constantFrom("named", "decimal", "hex", "plain-where-allowed"), { minLength: 1, maxLength: 4 })
      .map((styles) =>
        Array.from(json, (char, index) => {
          const style = styles[index % styles.length]!;
          const mustEscape = char === "<" || char === "&";
          if (style === "plain-where-allowed" && !mustEscape) return char;
          const code = char.codePointAt(0)!;
          if (style === "decimal" || (style === "plain-where-allowed" && mustEscape)) return `&#${code};`;
          if (style === "hex") return `&#x${code.toString(16)};`;
          return (
            ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" } as Record<string, string>)[
              char
            ] ?? char
          );
        }).join(""),
      ),
    // CDATA, cut into sections at random points, and always around "]]>", which cannot stay inside one.
    fc.array(fc.nat(json.length), { maxLength: 3 }).map((cuts) => {
      const points = [...new Set([0, ...cuts, json.length])].sort((a, b) => a - b);
      return points
        .slice(1)
        .map((end, index) => json.slice(points[index], end))
        .map((piece) => `<![CDATA[${piece.split("]]>").join("]]]]><![CDATA[>")}]]>`)
        .join("");
    }),
  );

const whitespace = fc.constantFrom("", " ", "\n", "\r\n  ", "\t");
const declaration = fc.constantFrom(
  "",
  '<?xml version="1.0" encoding="UTF-8"?>',
  "<?xml version='1.0' standalone='yes'?>\n",
);
const prefix = fc.constantFrom("", "ns0:", "r:");
const attributes = fc.constantFrom("", ' type="application/json"', " version='1'", '\n  encoding="utf-8" ');

describe("the JSON of a custom XML part", () => {
  it("reads back what the add-in writes, with no XML declaration", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const xml = wrapJson("tableQuery", "urn:test", value, ' id="x"');
        expect(xml.startsWith("<?xml")).toBe(false);
        expect(jsonInside(xml)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it("reads it leniently, however another writer laid the part out", () => {
    fc.assert(
      fc.property(
        fc.jsonValue().chain((value) => {
          const json = JSON.stringify(value);
          return fc.record({
            value: fc.constant(value),
            data: characterData(json),
            before: whitespace,
            after: whitespace,
            declaration,
            prefix,
            attributes,
            comment: fc.boolean(),
          });
        }),
        ({ value, data, before, after, declaration: head, prefix: ns, attributes: attrs, comment }) => {
          const note = comment ? "<!-- kept by the add-in -->" : "";
          const xml = `${head}<${ns}tableQuery xmlns${ns ? `:${ns.slice(0, -1)}` : ""}="urn:test">${note}<${ns}json${attrs}>${before}${data}${after}</${ns}json ></${ns}tableQuery>`;
          expect(jsonInside(xml)).toEqual(JSON.parse(JSON.stringify(value)));
        },
      ),
    );
  });

  it("says when there is no JSON to read", () => {
    expect(() => jsonInside("<tableQuery><json/></tableQuery>")).toThrow(SyntaxError);
    expect(() => jsonInside("<tableQuery/>")).toThrow(SyntaxError);
    expect(() => jsonInside("<tableQuery><json>{</json></tableQuery>")).toThrow(SyntaxError);
  });
});
