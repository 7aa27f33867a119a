import {
  CLAWBACK_FIRST_AGE,
  CLAWBACK_MAX,
  CLAWBACK_MIN,
  CLAWBACK_RATE,
  DAY_SHARE_OF_ESTIMATE,
  ESTIMATE_AMPLITUDES,
  RESTATEMENT_DAYS,
  VOLUME_SHARE_OF_AMPLITUDE,
  type RestatementSalts,
} from "../data/restatements";
import type { SqlValue } from "./database";
import { REVENUE_TYPE } from "./fact-generation";

/** One part of the fact rows: a FROM item and, when it covers only some days, their condition. */
export interface FactPart {
  from: string;
  where?: string;
}

/**
 * Where a query reads its fact rows: `fact` itself, or the rows as the service shows them on
 * the clock's day, in parts. Receives the query's `bind` so that the clock is a bound parameter
 * and the statement text (hence the prepared statement) stays the same as the clock moves.
 */
export type FactSource = (bind: (value: SqlValue) => string) => FactPart[];

export const PLAIN_FACT: FactSource = () => [{ from: "fact" }];

/**
 * Sums over the parts: each part is aggregated on its own, then the partial sums are added. A
 * single aggregate over a UNION of the parts would lose the table's column statistics, without
 * which DuckDB sums every integer as a HUGEINT: measured 1.4x to 1.7x slower over two years.
 * `aggregate(part)` is the SELECT of one part: its groups first, named `groupNames`, then the
 * sums `impressions`, `revenue` (DECIMAL, so that adding the parts stays exact) and `requests`.
 * `sums` are the combined SELECT's metric columns, over those three. One part is aggregated as is.
 */
export function summedOverParts(
  parts: readonly FactPart[],
  groupNames: readonly string[],
  aggregate: (part: FactPart) => string,
  sums: readonly string[],
): string {
  if (parts.length === 1) return aggregate(parts[0]!);
  const groups = groupNames.map((name) => `"${name}"`);
  return `
  SELECT ${[...groups, ...sums].join(", ")}
  FROM (${parts.map(aggregate).join("\n  UNION ALL\n")})${groups.length > 0 ? `\n  GROUP BY ${groups.join(", ")}` : ""}`;
}

const DIMENSIONS =
  "day, organization_id, asset_id, asset_type, ad_unit_id, format, integration_type, device_type, country";

function integer(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`expected an integer, got ${value}`);
  return String(value);
}

function real(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`expected a finite number, got ${value}`);
  return String(value);
}

/** Uniform in [0, 1) from 16 bits of a hash, `slice` 0 to 3: one hash gives up to four draws. */
function draw(hash: string, slice: number): string {
  return `(((${hash}) >> ${16 * slice}) & 65535) / 65536.0`;
}

/**
 * The fact rows as seen on day `today` (a bound parameter): nothing from today on, days older
 * than RESTATEMENT_DAYS as stored, younger ones adjusted per row by the model of
 * ../data/restatements. The adjustment is computed at query time, per row, from hashes: no table
 * is rewritten when the clock moves, and only the last fortnight's rows (about 2 % of two years)
 * pay for it. Each row takes at most three hashes (measured: one hash per draw made a query over
 * two years 1.7x slower than the plain table; with three, see docs/emulator.md), and revenue is scaled
 * from `revenue_double`, then back to DECIMAL before it is summed, so sums stay exact and
 * repeatable. A factor of exactly 1 leaves a row's numbers untouched, to the bit.
 */
export function restatedFact(salts: RestatementSalts, today: string): FactSource {
  const amplitudeCases = ESTIMATE_AMPLITUDES.map(
    (amplitude, index) => `WHEN ${index + 1} THEN ${real(amplitude)}`,
  ).join(" ");
  const clawbackAges = RESTATEMENT_DAYS - CLAWBACK_FIRST_AGE + 1;
  // Per row, whatever its age: whether and when it is clawed back, and by how much.
  const clawed = `${draw("row_key", 0)} < ${real(CLAWBACK_RATE)}`;
  const clawbackAge = `${integer(CLAWBACK_FIRST_AGE)} + floor(${draw("row_key", 1)} * ${integer(clawbackAges)})`;
  const clawbackShare = `${real(CLAWBACK_MIN)} + ${real(CLAWBACK_MAX - CLAWBACK_MIN)} * ${draw("row_key", 2)}`;
  // Per row and age: the estimate's own errors; per day and age: the one every row shares.
  const signed = (hash: string, slice: number) => `(2 * ${draw(hash, slice)} - 1)`;
  return (bind) => {
    const clock = `${bind(today)}::DATE`;
    const settled: FactPart = { from: "fact", where: `day < ${clock} - ${integer(RESTATEMENT_DAYS)}` };
    const recent = `(
  SELECT ${DIMENSIONS},
         CASE WHEN volume_factor = 1 THEN impressions ELSE round(impressions * volume_factor)::INTEGER END AS impressions,
         CASE WHEN volume_factor = 1 THEN requests ELSE round(requests * volume_factor)::INTEGER END AS requests,
         CASE WHEN revenue_factor = 1 THEN revenue ELSE (revenue_double * revenue_factor)::${REVENUE_TYPE} END AS revenue
  FROM (
    SELECT *,
           CASE WHEN amplitude = 0 THEN 1 ELSE 1 + amplitude * ${real(VOLUME_SHARE_OF_AMPLITUDE)} * ${signed("age_key", 1)} END AS volume_factor,
           CASE WHEN amplitude = 0 THEN 1
                ELSE 1 + amplitude * (${real(1 - DAY_SHARE_OF_ESTIMATE)} * ${signed("age_key", 0)}
                                      + ${real(DAY_SHARE_OF_ESTIMATE)} * ${signed(`hash(day, age, ${integer(salts.day)})`, 0)}) END
             * CASE WHEN ${clawed} AND age < ${clawbackAge} THEN 1 / (1 - (${clawbackShare})) ELSE 1 END AS revenue_factor
    FROM (
      SELECT *, CASE WHEN amplitude = 0 THEN 0 ELSE hash(row_key, age) END AS age_key
      FROM (
        SELECT *, (${clock} - day) AS age,
               hash(day, ad_unit_id, country, device_type, integration_type, ${integer(salts.row)}) AS row_key,
               CASE (${clock} - day) ${amplitudeCases} ELSE 0 END AS amplitude
        FROM fact WHERE day >= ${clock} - ${integer(RESTATEMENT_DAYS)} AND day < ${clock}
      )
    )
  )
) AS fact`;
    return [settled, { from: recent }];
  };
}
