import { METRICS, type MetricName } from "../../api";
import { READABLE_METRIC_HEADERS } from "../rows/headers";
import type { TableCell } from "../workbook-queries/table-columns";
import type { StoredTableModel } from "../workbook-queries/stored-query";
import { metricFigure } from "./change-line";
import { tableTotals, type MetricValues, type TableRows } from "./table-changes";

/**
 * What "Freeze for close" froze, kept so that the close can be checked later against the service:
 * the query (in words, and in a form the add-in can ask again), the day of the freeze, the
 * data-through day, the row count, each metric's total and a hash of the values. Versioned: a
 * later add-in reads `version` before anything else.
 *
 * The hash is FNV-1a 64 over the UTF-8 bytes of the data rows in order, each cell written with
 * its type and length (`n:12.5`, `s:FR`, `b:1`), numbers to Excel's 15 significant digits. It
 * tells whether the frozen cells are still the ones frozen; it is no protection against someone
 * who means to forge them (nothing secret is involved).
 */

export const FINGERPRINT_VERSION = 1;
export const HASH_ALGORITHM = "fnv1a64";

/** A column of the frozen values, as a change report takes it: the API name of a query column. */
export interface FrozenColumn {
  key: string;
  isMetric: boolean;
}

/** What the check asks the service again: a table's stored query, or a REPORTING.STATS formula. */
export type FrozenRun = { table: StoredTableModel } | { formula: string };

export interface FrozenQuery {
  /** The query in words, as the frozen sheet's note says it. */
  words: string;
  /** Absent when the values came from something the add-in cannot ask again (a table it does not refresh). */
  run?: FrozenRun | undefined;
}

export interface Fingerprint {
  version: typeof FINGERPRINT_VERSION;
  query: FrozenQuery;
  /** The local day of the freeze: "last month" in the query is read as it was read that day. */
  frozenDay: string;
  /** The last day the service had statistics for when the values were frozen, when it said. */
  dataThrough?: string | undefined;
  /** The query's columns, left to right: the first columns of the frozen values. */
  columns: FrozenColumn[];
  /** Data rows frozen (header and totals row excluded). */
  rows: number;
  /** Each metric's total, eCPM recomputed from revenues and impressions. */
  totals: MetricValues;
  /** `fnv1a64:` and 16 hex digits. */
  hash: string;
}

export interface FingerprintInput {
  query: FrozenQuery;
  frozenDay: string;
  dataThrough?: string | undefined;
  columns: readonly FrozenColumn[];
  /** The data rows as frozen, every column (the query's first, then any the user added). */
  rows: readonly (readonly TableCell[])[];
}

export function fingerprintOf(input: FingerprintInput): Fingerprint {
  const columns = input.columns.map((column) => ({ key: column.key, isMetric: column.isMetric }));
  return {
    version: FINGERPRINT_VERSION,
    query: input.query,
    frozenDay: input.frozenDay,
    ...(input.dataThrough ? { dataThrough: input.dataThrough } : {}),
    columns,
    rows: input.rows.length,
    totals: tableTotals(frozenTable(columns, input.rows)),
    hash: valuesHash(input.rows),
  };
}

/**
 * The frozen rows as a change report compares them. A column the add-in did not name (a user's
 * table's header) has a key no query has: it is matched as a group, by its text.
 */
export const frozenTable = (columns: readonly FrozenColumn[], rows: readonly (readonly TableCell[])[]): TableRows => ({
  columns: columns as TableRows["columns"],
  rows,
});

/**
 * The query's columns of values frozen from a table the add-in does not refresh: a header that
 * names a metric (`Revenues`, `revenues`) is one; everything else is a group, so that totals are
 * still kept where they can be.
 */
export function columnsFromHeader(header: readonly unknown[]): FrozenColumn[] {
  return header.map((cell) => {
    const text = String(cell ?? "")
      .trim()
      .toLowerCase();
    const metric = METRICS.find((name) => name === text || READABLE_METRIC_HEADERS[name].toLowerCase() === text);
    return metric ? { key: metric, isMetric: true } : { key: text, isMetric: false };
  });
}

/** A number as Excel keeps it (15 significant digits), so that a value read back hashes as written. */
function numberText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const kept = Number(value.toPrecision(15));
  return Object.is(kept, -0) ? "0" : String(kept);
}

function cellText(cell: TableCell | null | undefined): string {
  if (typeof cell === "number") return `n:${numberText(cell)}`;
  if (typeof cell === "boolean") return `b:${cell ? 1 : 0}`;
  return `s:${cell ?? ""}`;
}

/**
 * FNV-1a 64 in four 16-bit limbs: exact in doubles, and far quicker than BigInt over the millions
 * of bytes of a large sheet.
 */
class Fnv1a64 {
  private readonly limbs = [0x2325, 0x8422, 0x9ce4, 0xcbf2];

  update(bytes: Uint8Array): void {
    let [h0, h1, h2, h3] = this.limbs as [number, number, number, number];
    for (const byte of bytes) {
      h0 ^= byte;
      // × 0x100000001b3: × 0x1b3, plus the hash shifted by 40 bits (two limbs and 8 bits).
      const t0 = h0 * 0x1b3;
      let t1 = h1 * 0x1b3;
      let t2 = h2 * 0x1b3 + (h0 << 8);
      const t3 = h3 * 0x1b3 + (h1 << 8);
      t1 += t0 >>> 16;
      h0 = t0 & 0xffff;
      t2 += t1 >>> 16;
      h1 = t1 & 0xffff;
      h3 = (t3 + (t2 >>> 16)) & 0xffff;
      h2 = t2 & 0xffff;
    }
    this.limbs.splice(0, 4, h0, h1, h2, h3);
  }

  hex(): string {
    return [...this.limbs]
      .reverse()
      .map((limb) => limb.toString(16).padStart(4, "0"))
      .join("");
  }
}

/** FNV-1a 64 of `text`'s UTF-8 bytes, as 16 hex digits. */
export function fnv1a64(text: string): string {
  const hash = new Fnv1a64();
  hash.update(new TextEncoder().encode(text));
  return hash.hex();
}

/** The hash of data rows, cell by cell in order; a row's length and each cell's are part of it. */
export function valuesHash(rows: readonly (readonly (TableCell | null | undefined)[])[]): string {
  const hash = new Fnv1a64();
  const encoder = new TextEncoder();
  for (const row of rows) {
    let text = `r${row.length};`;
    for (const cell of row) {
      const cellString = cellText(cell);
      text += `${cellString.length}:${cellString};`;
    }
    hash.update(encoder.encode(text));
  }
  return `${HASH_ALGORITHM}:${hash.hex()}`;
}

const TOTAL_ORDER: readonly MetricName[] = ["revenues", "impressions", "requests", "ecpm"];

/** The fingerprint in the note's words: `42 rows; Revenues 1,234.56; Impressions 98,765; hash fnv1a64:…`. */
export function fingerprintText(fingerprint: Fingerprint): string {
  const totals = TOTAL_ORDER.flatMap((metric) => {
    const total = fingerprint.totals[metric];
    return total === undefined ? [] : [`${READABLE_METRIC_HEADERS[metric]} ${metricFigure(metric, total)}`];
  });
  const rows = `${fingerprint.rows.toLocaleString("en-US")} ${fingerprint.rows === 1 ? "row" : "rows"}`;
  return [`version ${fingerprint.version}`, rows, ...totals, `hash ${fingerprint.hash}`].join("; ");
}
