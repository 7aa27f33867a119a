import { createRandom } from "../data/random";

/**
 * The SQL that draws the daily rows of the fact table from `days` x `combos`. Generating in
 * the database instead of JavaScript keeps the default data set's start around a second and
 * the 5-million-row one within seconds: no row ever crosses into JavaScript.
 *
 * Noise comes from DuckDB's `hash()` of the row's key and a salt drawn from the seed: the same
 * seed gives the same data with the DuckDB version pinned in package-lock.json. (An integer
 * hash written in SQL arithmetic would survive DuckDB upgrades, but measured 10 times slower:
 * 1.1 s against 0.12 s per noise column at 7 million candidate rows.)
 */
export const NOISE_MACROS = [
  /** Uniform in [0, 1), a pure function of `k` and `salt`. */
  "CREATE OR REPLACE MACRO demo_noise(k, salt) AS hash(k, salt) / 18446744073709551616.0",
];

/**
 * Revenue is fixed-point with 24 decimals, not DOUBLE: sums of DOUBLE depend on the order in
 * which DuckDB's threads combine partial sums, so the same request answered twice differed
 * in the last bits (measured, and enough to make a CSV disagree with its JSON). DECIMAL sums
 * are exact integer arithmetic, hence identical every time and correctly rounded when turned
 * back into a double. 24 decimals keep at least 17 significant digits down to 1e-7 (every
 * such double survives the round trip unchanged), and 14 integer digits leave ample room.
 * Measured at 5.8 million rows: total 46-92 ms against 12-39 ms for a DOUBLE sum, grouped by
 * day and country 270-340 ms against 190-250 ms; casting DOUBLE at query time cost 360 ms+.
 */
export const REVENUE_TYPE = "DECIMAL(38, 24)";

export interface GenerationParameters {
  days: number;
  outageRate: number;
  /** Share of rows sold at a tiny fraction of their usual price (remnant demand). */
  remnantRate: number;
  salts: { active: number; outage: number; volume: number; fill: number; ecpm: number; remnant: number };
  /**
   * For restatements: adds `revenue_double`, the revenue before its cast to DECIMAL, which they
   * scale (a DECIMAL(38, 24) read back as DOUBLE costs about 3 microseconds a row: 200 ms for the
   * 61,000 rows of a fortnight at scale 2), and stores the rows in day order, so that reading the
   * last fortnight apart from the rest skips most of the table instead of scanning it twice
   * (measured: a filtered query over a year 1.5x the plain table's time without the order).
   */
  restatable?: boolean;
}

export function generationSalts(seed: number): GenerationParameters["salts"] {
  const random = createRandom(seed).fork("facts");
  const salt = () => random.int(0, 2147483646);
  return { active: salt(), outage: salt(), volume: salt(), fill: salt(), ecpm: salt(), remnant: salt() };
}

/** Every value in the text below is a number the generator computed, checked to be an integer or finite. */
export function factGenerationSql(parameters: GenerationParameters): string {
  const integer = (value: number) => {
    if (!Number.isSafeInteger(value)) throw new RangeError(`expected an integer, got ${value}`);
    return String(value);
  };
  const real = (value: number) => {
    if (!Number.isFinite(value)) throw new RangeError(`expected a finite number, got ${value}`);
    return String(value);
  };
  const days = integer(parameters.days);
  const last = integer(parameters.days - 1);
  const { salts } = parameters;
  return `
CREATE TABLE fact AS
WITH candidates AS (
  SELECT d.day, d.volume AS day_volume, d.ecpm AS day_ecpm, d.years, c.*,
         c.combo_id * ${days} + d.day_index AS row_key
  FROM days d JOIN combos c ON d.day_index >= c.launch_index
  WHERE demo_noise(c.combo_id * ${days} + d.day_index, ${integer(salts.active)}) < c.activity
    AND (d.day_index = ${last}
         OR demo_noise(c.asset_number * ${days} + d.day_index, ${integer(salts.outage)}) >= ${real(parameters.outageRate)})
),
drawn AS (
  SELECT *,
    greatest(1, round(base_requests * day_volume * pow(1 + growth, years)
                      * (0.7 + 0.6 * demo_noise(row_key, ${integer(salts.volume)}))))::INTEGER AS requests,
    least(1.0, fill * (0.85 + 0.3 * demo_noise(row_key, ${integer(salts.fill)}))) AS fill_today,
    ecpm * day_ecpm * exp(0.6 * (demo_noise(row_key, ${integer(salts.ecpm)}) - 0.5))
      * CASE WHEN demo_noise(row_key, ${integer(salts.remnant)}) < ${real(parameters.remnantRate)} THEN 0.0001 ELSE 1 END
      AS ecpm_today
  FROM candidates
),
filled AS (
  SELECT *, floor(requests * fill_today)::INTEGER AS impressions FROM drawn
)
SELECT day, organization_id, asset_id, asset_type, ad_unit_id, format, integration_type, device_type, country,
       impressions, requests, (impressions * ecpm_today / 1000)::${REVENUE_TYPE} AS revenue${parameters.restatable ? ", impressions * ecpm_today / 1000 AS revenue_double" : ""}
FROM filled${parameters.restatable ? "\nORDER BY day" : ""}`;
}
