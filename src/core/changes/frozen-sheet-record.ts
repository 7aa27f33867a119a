import { z } from "zod";
import { METRICS } from "../../api";
import { storedTableQuery } from "../workbook-queries/stored-query";
import { escapeXml, jsonInside, wrapJson } from "../workbook-queries/xml-json";
import { FINGERPRINT_VERSION, HASH_ALGORITHM, type Fingerprint } from "./fingerprint";

/**
 * What the workbook keeps of a sheet "Freeze for close" made: where the frozen values are and
 * their fingerprint, in a custom XML part of its own (and a copy in the document's settings), as
 * the tables' records are. Like them it travels with the file, so it holds nothing secret: a
 * profile by name only, inside the query; `.strict()` refuses any field not listed here.
 */
export const FROZEN_SHEET_NAMESPACE = "urn:ad-reporting-excel:frozen-sheet:1";

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const isoTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
const count = z.number().int().min(0).max(1_000_000_000);

const fingerprintSchema = z
  .object({
    version: z.literal(FINGERPRINT_VERSION),
    query: z
      .object({
        words: z.string().max(10_000),
        run: z
          .union([
            z.object({ table: storedTableQuery.shape.query }).strict(),
            z.object({ formula: z.string().min(1).max(8_192) }).strict(),
          ])
          .optional(),
      })
      .strict(),
    frozenDay: isoDay,
    dataThrough: isoDay.optional(),
    columns: z.array(z.object({ key: z.string().max(255), isMetric: z.boolean() }).strict()).max(16_384),
    rows: count,
    totals: z.object(Object.fromEntries(METRICS.map((metric) => [metric, z.number().optional()]))).strict(),
    hash: z.string().regex(new RegExp(`^${HASH_ALGORITHM}:[0-9a-f]{16}$`)),
  })
  .strict();

export const frozenSheetRecord = z
  .object({
    version: z.literal(1),
    id: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
    /** The frozen sheet: its id survives a rename, the name is the fallback and what the pane shows. */
    sheet: z.object({ excelId: z.string().max(200), name: z.string().min(1).max(31) }).strict(),
    frozenAt: isoTime,
    /** Where the values were copied from (`Sheet1!B2:F40`). */
    source: z.string().max(300),
    /** Where the values are on the frozen sheet: the first row copied (1-based), the header's when `header`. */
    values: z
      .object({
        firstRow: z.number().int().min(1).max(1_048_576),
        header: z.boolean(),
        columns: z.number().int().min(1).max(16_384),
      })
      .strict(),
    fingerprint: fingerprintSchema,
  })
  .strict();

export type FrozenSheetRecord = z.infer<typeof frozenSheetRecord> & { fingerprint: Fingerprint };

export function frozenSheetXml(record: FrozenSheetRecord): string {
  const checked = frozenSheetRecord.parse(record);
  return wrapJson("frozenSheet", FROZEN_SHEET_NAMESPACE, checked, ` id="${escapeXml(checked.id)}"`);
}

export function parseFrozenSheetRecord(entry: unknown): FrozenSheetRecord | undefined {
  const parsed = frozenSheetRecord.safeParse(entry);
  return parsed.success ? (parsed.data as FrozenSheetRecord) : undefined;
}

/** The record a part holds; undefined when this version cannot read it (a newer add-in's, a damaged one). */
export function readFrozenSheetXml(xml: string): FrozenSheetRecord | undefined {
  try {
    return parseFrozenSheetRecord(jsonInside(xml));
  } catch {
    return undefined;
  }
}
