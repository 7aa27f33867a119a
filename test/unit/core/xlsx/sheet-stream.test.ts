import { rewriteSheet, sheetPieces, type SheetPiece } from "../../../../src/core/xlsx/sheet-stream";
import { joinedText } from "../../../../src/core/xlsx/part-chunks";
import { SheetFormatError } from "../../../../src/core/xlsx/sheet-cells";
import { entryTextChunks, readZip } from "../../../../src/core/xlsx/zip-package";
import { excelMade } from "../../../support/stored-query-parts";

/**
 * The worksheet read one row at a time from pieces of text cut anywhere (inside a tag, an
 * attribute, a cell's text): the same rows as from the whole text, and a sheet rewritten with
 * nothing to change is the sheet as written.
 */

const SHEET =
  '<?xml version="1.0"?><worksheet xmlns="x"><dimension ref="A1:C3"/><sheetData>' +
  '<row r="1" spans="1:3"><c r="A1" t="inlineStr"><is><t>Date &lt;day&gt;</t></is></c><c r="B1"><v>1</v></c></row>' +
  '<row r="2"/>' +
  '<row><c r="A3"><f>SUM(B1:B2)</f><v>1</v></c></row>' +
  '<row r="10" customHeight="1" ht="20"><c r="C10" s="2"/></row>' +
  "</sheetData><tableParts/></worksheet>";

function cut(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size));
  return pieces;
}

const summary = (pieces: Iterable<SheetPiece>) => {
  const out: string[] = [];
  let tail = "";
  for (const piece of pieces) {
    if (piece.kind === "tail") tail += piece.text;
    else out.push(piece.kind === "head" ? `head:${piece.text}` : `row ${piece.row.row}:${piece.row.text}`);
  }
  return [...out, `tail:${tail}`];
};

describe("sheetPieces", () => {
  const whole = summary(sheetPieces([SHEET]));

  it("reads the head, each row with its number (counted on when a row omits it) and the tail", () => {
    expect(whole).toEqual([
      'head:<?xml version="1.0"?><worksheet xmlns="x"><dimension ref="A1:C3"/><sheetData>',
      'row 0:<row r="1" spans="1:3"><c r="A1" t="inlineStr"><is><t>Date &lt;day&gt;</t></is></c><c r="B1"><v>1</v></c></row>',
      'row 1:<row r="2"/>',
      'row 2:<row><c r="A3"><f>SUM(B1:B2)</f><v>1</v></c></row>',
      'row 9:<row r="10" customHeight="1" ht="20"><c r="C10" s="2"/></row>',
      "tail:</sheetData><tableParts/></worksheet>",
    ]);
  });

  it("reads the same from pieces of any size", () => {
    for (let size = 1; size <= 40; size++)
      expect({ size, pieces: summary(sheetPieces(cut(SHEET, size))) }).toEqual({ size, pieces: whole });
  });

  it("reads an empty sheetData, and refuses a sheet without one", () => {
    expect(summary(sheetPieces(cut("<worksheet><sheetData/><x/></worksheet>", 3)))).toEqual([
      "head:<worksheet><sheetData>",
      "tail:</sheetData><x/></worksheet>",
    ]);
    expect(() => [...sheetPieces(["<worksheet><cols/></worksheet>"])]).toThrow(SheetFormatError);
    expect(() => [...sheetPieces(['<worksheet><sheetData><row r="1"><c r="A1"/>'])]).toThrow(SheetFormatError);
  });

  it("gives back an Excel-made sheet unchanged when no cell changes, read as the zip inflates it", () => {
    const entry = readZip(excelMade("table-sample.xlsx")).find(
      (candidate) => candidate.name === "xl/worksheets/sheet1.xml",
    )!;
    const text = [...entryTextChunks(entry)].join("");
    const rewritten = joinedText(
      rewriteSheet(
        entryTextChunks(entry),
        { top: 10_000, left: 0, bottom: 10_001, right: 0 },
        () => [],
        (head) => head,
      ),
    );
    expect(rewritten).toBe(text);
  });

  it("keeps the tail and the last rows whatever the rows before them fill of a 64 KB piece", () => {
    // Rows of 200 bytes: around 327 of them a piece is full just before, at, or just after the
    // tail, which was once dropped with the rows gathered before it.
    const row = (index: number) => {
      const open = `<row r="${index + 1}"><c r="A${index + 1}" t="inlineStr"><is><t>`;
      return `${open}${"x".repeat(200 - open.length - "</t></is></c></row>".length)}</t></is></c></row>`;
    };
    const tail = `</sheetData><conditionalFormatting sqref="A1:A9">${"<cfRule/>".repeat(120)}</conditionalFormatting></worksheet>`;
    for (let count = 318; count <= 330; count++) {
      const sheet = `<worksheet><sheetData>${Array.from({ length: count }, (_, index) => row(index)).join("")}${tail}`;
      const rewritten = joinedText(
        rewriteSheet(
          cut(sheet, 5_000),
          { top: 50_000, left: 0, bottom: 50_001, right: 0 },
          () => [],
          (head) => head,
        ),
      );
      expect({ count, same: rewritten === sheet }).toEqual({ count, same: true });
    }
  });

  it("writes the sheet as UTF-8 pieces that end on whole characters", () => {
    const text = "é€😀<&>";
    const cells = (row: number) => [
      { column: 0, text: `<c r="A${row + 1}" t="inlineStr"><is><t>${text}</t></is></c>` },
    ];
    const pieces = [
      ...rewriteSheet(
        ["<worksheet><sheetData></sheetData></worksheet>"],
        { top: 0, left: 0, bottom: 2_999, right: 0 },
        cells,
        (head) => head,
      ),
    ];
    expect(pieces.length).toBeGreaterThan(2);
    const decoder = new TextDecoder("utf-8", { fatal: true });
    const decoded = pieces.map((piece) => decoder.decode(piece));
    expect(decoded.join("")).toBe(joinedText(pieces));
    expect(decoded.join("").split(text)).toHaveLength(3_001);
  });
});
