import fs, { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { WorkbookPackage } from "../../../src/core/xlsx/workbook-package";
import type { OutputEntry } from "../../../src/core/xlsx/zip-package";
import { openWorkbookFile, writeWorkbookFile } from "../../../src/headless/workbook-files";
import { excelMade } from "../../support/stored-query-parts";

/**
 * The command's workbook files: the input read where it lies, the refreshed copy written to a
 * temporary file, read back from the disk entry by entry, then renamed over its target.
 */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "workbook-files-"));
});
afterEach(() => {
  jest.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

const kept = (pkg: WorkbookPackage): OutputEntry[] => pkg.outputEntries();

describe("writing a refreshed workbook", () => {
  it("writes in place from the open input, keeping its permissions, and leaves no temporary file", () => {
    const file = path.join(dir, "book.xlsx");
    writeFileSync(file, excelMade("table-sample.xlsx"), { mode: 0o640 });
    const input = openWorkbookFile(file);
    try {
      const pkg = new WorkbookPackage(input);
      pkg.replace("xl/workbook.xml", pkg.text("xl/workbook.xml").replace("<calcPr", '<calcPr fullCalcOnLoad="1"'));
      writeWorkbookFile(file, kept(pkg));
    } finally {
      input.close();
    }
    expect(readdirSync(dir)).toEqual(["book.xlsx"]);
    expect(statSync(file).mode & 0o777).toBe(0o640);
    const written = new WorkbookPackage(new Uint8Array(readFileSync(file)));
    expect(written.text("xl/workbook.xml")).toContain('<calcPr fullCalcOnLoad="1"');
    expect(written.sheets().map((sheet) => sheet.name)).toEqual(
      new WorkbookPackage(excelMade("table-sample.xlsx")).sheets().map((sheet) => sheet.name),
    );
  });

  it("reads the written copy back from the disk without loading it", () => {
    const file = path.join(dir, "book.xlsx");
    writeFileSync(file, excelMade("table-sample.xlsx"));
    const input = openWorkbookFile(file);
    const loads = jest.spyOn(fs, "readFileSync");
    try {
      writeWorkbookFile(path.join(dir, "out.xlsx"), kept(new WorkbookPackage(input)));
    } finally {
      input.close();
    }
    expect(loads).not.toHaveBeenCalled();
    expect(
      new WorkbookPackage(new Uint8Array(readFileSync(path.join(dir, "out.xlsx")))).sheets().length,
    ).toBeGreaterThan(0);
  });

  it("replaces nothing when the written copy holds no workbook", () => {
    const target = path.join(dir, "out.xlsx");
    writeFileSync(target, "the previous file");
    const notAWorkbook: OutputEntry[] = [
      { kind: "new", name: "hello.txt", mtime: new Date(2026, 0, 1), chunks: ["hello"] },
    ];
    expect(() => writeWorkbookFile(target, notAWorkbook)).toThrow(
      `The refreshed copy of ${target} could not be read back, so nothing was replaced.`,
    );
    expect(readFileSync(target, "utf8")).toBe("the previous file");
    expect(readdirSync(dir)).toEqual(["out.xlsx"]);
  });
});
