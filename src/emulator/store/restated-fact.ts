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

/**
 * Where a query reads its fact rows: `fact` itself, or the rows as the service shows them on
 * the clock's day. Receives the query's `bind` so that the clock is a bound parameter and the
 * statement text (hence the prepared statement) stays the same as the clock moves.
 */
export type FactSource = (bind: (value: SqlValue) => string) => string;

export const PLAIN_FACT: FactSource = () => "fact";

const DIMENSIONS = "day, organization_id, asset_id, asset_type, ad_unit_id, format, integration_type, device_type, country";

function integer(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`expected an integer, got ${value}`);
  return String(value);
}

function real(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`expected a finite number, got ${value}`);
  return String(value);
}

/**
 * The fact rows as seen on day `today` (a bound parameter): nothing from today on, days older than
 * RESTATEMENT_DAYS as stored, younger ones adjusted per row by the model of
 * ../data/restatements. The adjustment is computed at query time, per row, from hashes: no
 * table is rewritten when the clock moves, and only the last fortnight's rows (about 2 % of
 * two years) pay for it. Revenue goes back to DECIMAL before it is summed, so sums stay exact
 * and repeatable; a factor of exactly 1 leaves a row's numbers untouched, to the bit.
 */
export function restatedFact(salts: RestatementSalts, today: string): FactSource {
  const amplitudeCases = ESTIMATE_AMPLITUDES.map((amplitude, index) => `WHEN ${index + 1} THEN ${real(amplitude)}`).join(" ");
  const clawbackAges = RESTATEMENT_DAYS - CLAWBACK_FIRST_AGE + 1;
  const signed = (salt: number) => `(2 * demo_noise(hash(row_key, age), ${integer(salt)}) - 1)`;
  return (bind) => {
    const clock = `${bind(today)}::DATE`;
    return `(
  SELECT ${DIMENSIONS}, impressions, requests, revenue FROM fact WHERE day < ${clock} - ${integer(RESTATEMENT_DAYS)}
  UNION ALL
  SELECT ${DIMENSIONS},
         CASE WHEN volume_factor = 1 THEN impressions ELSE round(impressions * volume_factor)::INTEGER END AS impressions,
         CASE WHEN volume_factor = 1 THEN requests ELSE round(requests * volume_factor)::INTEGER END AS requests,
         CASE WHEN revenue_factor = 1 THEN revenue ELSE (revenue::DOUBLE * revenue_factor)::${REVENUE_TYPE} END AS revenue
  FROM (
    SELECT *,
           1 + amplitude * ${real(VOLUME_SHARE_OF_AMPLITUDE)} * ${signed(salts.volume)} AS volume_factor,
           (1 + amplitude * (${real(1 - DAY_SHARE_OF_ESTIMATE)} * ${signed(salts.revenue)}
                             + ${real(DAY_SHARE_OF_ESTIMATE)} * (2 * demo_noise(hash(day, age), ${integer(salts.day)}) - 1)))
             * CASE WHEN demo_noise(row_key, ${integer(salts.clawback)}) < ${real(CLAWBACK_RATE)}
                     AND age < ${integer(CLAWBACK_FIRST_AGE)} + floor(demo_noise(row_key, ${integer(salts.clawbackAge)}) * ${integer(clawbackAges)})
                    THEN 1 / (1 - (${real(CLAWBACK_MIN)} + ${real(CLAWBACK_MAX - CLAWBACK_MIN)} * demo_noise(row_key, ${integer(salts.clawbackSize)})))
                    ELSE 1 END AS revenue_factor
    FROM (
      SELECT *, (${clock} - day) AS age,
             hash(day, ad_unit_id, country, device_type, integration_type, ${integer(salts.row)}) AS row_key,
             CASE (${clock} - day) ${amplitudeCases} ELSE 0 END AS amplitude
      FROM fact WHERE day >= ${clock} - ${integer(RESTATEMENT_DAYS)} AND day < ${clock}
    )
  )
) AS fact`;
  };
}
