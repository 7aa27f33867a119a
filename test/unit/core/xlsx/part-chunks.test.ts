import fc from "fast-check";
import { joinedText, textChunks, Utf8Batch } from "../../../../src/core/xlsx/part-chunks";
import { WorkbookPackage } from "../../../../src/core/xlsx/workbook-package";
import { excelMade } from "../../../support/stored-query-parts";

/**
 * A rewritten sheet comes out as UTF-8 pieces; whoever reads the part again (a second table on
 * the same sheet, the package's text) gets the same text back, however the bytes were cut.
 */

const encode = (text: string) => new TextEncoder().encode(text);

function cutAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    pieces.push(bytes.slice(from, point));
    from = point;
  }
  return pieces;
}

describe("textChunks", () => {
  it("decodes UTF-8 cut anywhere, inside a character included", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.array(fc.nat(), { maxLength: 12 }), (text, cuts) => {
        const wellFormed = new TextDecoder().decode(encode(text));
        expect(joinedText(cutAt(encode(text), cuts))).toBe(wellFormed);
      }),
    );
  });

  it("passes text through and keeps its order among bytes", () => {
    expect([...textChunks(["<a>", encode("é"), "<b/>", encode("€</a>")])].join("")).toBe("<a>é<b/>€</a>");
  });
});

describe("Utf8Batch", () => {
  it("gives every byte once, in order, in pieces of at least its size but the last", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "grapheme", maxLength: 40 }), { maxLength: 200 }), (texts) => {
        const batch = new Utf8Batch(64);
        const pieces: Uint8Array[] = [];
        for (const text of texts) {
          const full = batch.add(text);
          if (full) pieces.push(full);
        }
        if (!batch.empty) pieces.push(batch.take());
        expect(pieces.slice(0, -1).every((piece) => piece.length >= 64)).toBe(true);
        expect(joinedText(pieces)).toBe(texts.join(""));
      }),
    );
  });

  it("hands out pieces of their own: the next ones do not overwrite them", () => {
    const batch = new Utf8Batch(4);
    const first = batch.add("aaaa")!;
    batch.add("bbbb");
    expect(new TextDecoder().decode(first)).toBe("aaaa");
  });
});

describe("a part edited as UTF-8 pieces", () => {
  it("reads back as text, whole and piece by piece", () => {
    const pkg = new WorkbookPackage(excelMade("table-sample.xlsx"));
    const sheet = "xl/worksheets/sheet1.xml";
    const xml =
      '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Größe €</t></is></c></row></sheetData></worksheet>';
    pkg.replace(sheet, () => cutAt(encode(xml), [7, 66, 67, 68, 69]));
    expect(pkg.text(sheet)).toBe(xml);
    expect([...pkg.source(sheet)()].join("")).toBe(xml);
  });
});
