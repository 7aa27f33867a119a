/**
 * The limits of real Excel the fake enforces (see /work/shared/excel-limits.md and the notes at
 * each check): what a request may carry, which texts Excel reads as formulas, which APIs need
 * which requirement sets, and the arguments Excel refuses. Each check throws as Excel would.
 */
import { addressOf, type Box } from "./addresses";
import { richApiError } from "./excel-errors";

// "5 MB" read as 5,000,000 bytes, the stricter reading of Microsoft's figure.
export const REQUEST_LIMIT_BYTES = 5_000_000;

const encoder = new TextEncoder();
export const utf8Bytes = (text: string): number => encoder.encode(text).length;
/** What a value costs in a request: the UTF-8 bytes of its JSON. */
export const jsonBytes = (value: unknown): number => utf8Bytes(JSON.stringify(value ?? null));

/** Excel on the web refuses a request whose payload passes 5 MB; nothing of it is applied. */
export function checkRequestSize(bytes: number): void {
  if (bytes > REQUEST_LIMIT_BYTES) {
    throw richApiError(
      "RequestPayloadSizeLimitExceeded",
      'The request payload size has exceeded the limit. Please refer to the documentation: "https://docs.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins".',
    );
  }
}

/** The answer to a request's reads is bound by the same 5 MB. */
export function checkAnswerSize(bytes: number): void {
  if (bytes > REQUEST_LIMIT_BYTES)
    throw richApiError("ResponsePayloadSizeLimitExceeded", "The response payload size has exceeded the limit.");
}

// Range.values reads a text starting with one of these as a formula unless the cell is text ("@").
export const FORMULA_START = /^[=+\-@]/;

/** Whether Range.values turns `value` into a formula in a cell formatted `numberFormat`. */
export function readsAsFormula(value: unknown, numberFormat: string): value is string {
  return typeof value === "string" && FORMULA_START.test(value) && numberFormat !== "@";
}

/** `values`, `formulas` and `numberFormat` arrays are exactly as large as their range. */
export function checkShape(box: Box, value: unknown, kind: string): void {
  if (
    !Array.isArray(value) ||
    value.length !== box.rows ||
    value.some((row) => !Array.isArray(row) || row.length !== box.columns)
  ) {
    throw new Error(`fake Excel: ${kind} of ${addressOf(box)} must be ${box.rows}x${box.columns}`);
  }
}

/** A row given to Table.rows.add holds one value per column. */
export function checkRowWidth(row: unknown, columns: number): void {
  if (!Array.isArray(row) || row.length !== columns)
    throw richApiError("InvalidArgument", "fake Excel: a row must have one value per column");
}

/** isSetSupported: a set at a version offers every lower one; every set when `offered` is absent. */
export function supportsSet(offered: readonly string[] | undefined, name: string, version: string): boolean {
  if (!offered) return true;
  const minor = (text: string | undefined) => Number((text ?? "1.1").split(".")[1] ?? 0);
  return offered.some((set) => {
    const [setName, setVersion] = set.split(" ");
    return setName === name && minor(setVersion) >= minor(version);
  });
}

type Supports = (name: string, version: string) => boolean;

/**
 * valuesAsJson needs data types, which ExcelApi 1.16 alone does not promise (office-js 3504):
 * where CustomFunctionsRuntime 1.4 is missing, the load fails (the exact error is assumed).
 */
export function checkValuesAsJson(supports: Supports): void {
  if (!(supports("ExcelApi", "1.16") && supports("CustomFunctionsRuntime", "1.4"))) {
    throw richApiError("ApiNotFound", "fake Excel: Range.valuesAsJson is not available in this Excel");
  }
}

/** PivotTable.getDataSourceString is ExcelApi 1.15: Office 2021 (1.14) has no such method, so the batch fails. */
export function checkDataSourceString(supports: Supports): void {
  if (!supports("ExcelApi", "1.15"))
    throw richApiError("ApiNotFound", "fake Excel: PivotTable.getDataSourceString needs ExcelApi 1.15");
}

const SHEET_NAME = /^[^[\]:*?/\\]{1,31}$/;
/** A worksheet name: 1 to 31 characters, none of [ ] : * ? / \ (uniqueness is the workbook's check). */
export const isSheetName = (name: string): boolean => SHEET_NAME.test(name);

const TABLE_NAME = /^[A-Za-z_\\][A-Za-z0-9_.\\]{0,254}$/;
const CELL_LIKE = /^([A-Za-z]{1,3}\d+|[Rr]\d*[Cc]\d*|[RrCc])$/;
/** A table or defined name: a letter, _ or \ first, no spaces, and not a cell reference such as A1 or R1C1. */
export const isNameSyntax = (name: string): boolean => TABLE_NAME.test(name) && !CELL_LIKE.test(name);

/**
 * A table's AutoFilter covers its header row and body, never its totals row (an Excel-made table
 * with ref C4:G9 and a totals row has autoFilter ref C4:G8). A range with the totals row would put
 * it under the filter, so the fake refuses any other range.
 */
export function checkFilterRange(tableName: string, given: Box, wanted: Box): void {
  if (addressOf(given) !== addressOf(wanted)) {
    throw richApiError(
      "InvalidArgument",
      `fake Excel: the table ${tableName} filters ${addressOf(wanted)} (header row and body), not ${addressOf(given)}`,
    );
  }
}

/** Criteria read back from Excel carry null properties, which apply() refuses (office-js #1226). */
export function checkFilterCriteria(criteria: unknown): void {
  if (typeof criteria !== "object" || criteria === null || Object.values(criteria).some((value) => value === null)) {
    throw richApiError("InvalidArgument", "The argument is invalid or missing or has an incorrect format.");
  }
}
