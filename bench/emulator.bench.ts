/**
 * Cost of the emulator: typical /stats queries, asked over HTTP (POST /stats, the answer read
 * whole) and of the store directly (SQL built from the request, bound parameters, rows turned
 * into entries), each as a ratio to the same query written by hand as plain SQL on the same
 * DuckDB connection, at about 5 million fact rows, in one run (interleaved rounds in rotating
 * order, medians). Target: at most 1.3x for the /stats query over HTTP. Also the time to start
 * with the default data set, and to build the 5-million-row one.
 */
import type { StatsRequest } from "../src/api";
import { addDays } from "../src/emulator/data/calendar";
import { startEmulator } from "../src/emulator";
import { createStore, estimateFactRows, type DuckDbReportingStore } from "../src/emulator/store";
import { statsOverHttp } from "./support/stats-over-http";
import { interleavedMedians, median } from "./support/timing";
import { widestBearer } from "./support/widest-bearer";

const WARM_UP_ROUNDS = 2;
const ROUNDS = 11;
const START_RUNS = 3;
const TARGET_RATIO = 1.3;
/**
 * EMULATOR_BENCH_RESTATEMENTS=1 runs everything with restatements on (the store's answers then
 * differ from the plain SQL on the last 15 days, so only row counts are checked against it).
 */
const RESTATEMENTS = process.env.EMULATOR_BENCH_RESTATEMENTS === "1";
/** Scale 4 over the default two years holds about 5.8 million fact rows. */
const LARGE = { seed: 1, days: 730, scale: 4, today: "2026-06-30", restatements: RESTATEMENTS } as const;

interface BenchQuery {
  name: string;
  request: StatsRequest & { filters: { organizations: string[] } };
  /** The same question as a person would write it in SQL, literals inline. */
  sql: string;
}

/** Literals of a column's ENUM type: comparing ENUM with ENUM stays in integers, as the store's filters do. */
function list(values: readonly string[], enumType: string): string {
  return values.map((value) => `'${value.replace(/'/g, "''")}'::${enumType}`).join(", ");
}

const METRICS_SQL = `sum(impressions)::DOUBLE AS impressions, sum(revenue)::DOUBLE AS revenues, sum(requests)::DOUBLE AS requests,
  coalesce(sum(revenue)::DOUBLE / nullif(sum(impressions), 0) * 1000, 0) AS ecpm`;

function queries(store: DuckDbReportingStore): BenchQuery[] {
  const organizations = widestBearer(store.credentials).organizations;
  const { from, to } = store.period;
  const yearAgo = addDays(to, -364);
  const base = `FROM fact WHERE day BETWEEN DATE '${from}' AND DATE '${to}' AND organization_id IN (${list(organizations, "organization_key")})`;
  const lastYear = `FROM fact WHERE day BETWEEN DATE '${yearAgo}' AND DATE '${to}' AND organization_id IN (${list(organizations, "organization_key")})`;
  const countries = ["US", "GB", "DE", "FR", "JP"];
  const formats = ["interstitial", "optin_video"];
  return [
    {
      name: "overall total, 2 years",
      request: { filters: { from, to, organizations } },
      sql: `SELECT ${METRICS_SQL} ${base}`,
    },
    {
      name: "by date, 2 years",
      request: { filters: { from, to, organizations }, groups: ["date"] },
      sql: `SELECT day::VARCHAR AS date, ${METRICS_SQL}, count(*) OVER () AS total ${base} GROUP BY day ORDER BY day`,
    },
    {
      name: "by date and country, top 100 by revenues",
      request: {
        filters: { from, to, organizations },
        groups: ["date", "country"],
        orders: ["revenues:desc"],
        limit: 100,
      },
      sql: `SELECT day::VARCHAR AS date, country::VARCHAR AS country, ${METRICS_SQL}, count(*) OVER () AS total ${base}
            GROUP BY day, country ORDER BY revenues DESC, date, country LIMIT 100`,
    },
    {
      name: "by asset, 5 countries, 2 formats, mobile, 1 year",
      request: {
        filters: { from: yearAgo, to, organizations, countries, formats, device_types: ["mobile"] },
        groups: ["asset"],
      },
      sql: `SELECT asset_id::VARCHAR AS asset, ${METRICS_SQL}, count(*) OVER () AS total ${lastYear}
            AND country IN (${list(countries, "country_key")}) AND format IN (${list(formats, "format_key")})
            AND device_type IN ('mobile'::device_type_key)
            GROUP BY asset_id ORDER BY asset`,
    },
    {
      name: "by week, 2 years",
      request: { filters: { from, to, organizations }, groups: ["date"], date_group: "week" },
      sql: `SELECT week::VARCHAR AS date, impressions, revenues, requests, ecpm, count(*) OVER () AS total
            FROM (SELECT date_trunc('week', day)::DATE AS week, ${METRICS_SQL} ${base} GROUP BY week) ORDER BY week`,
    },
  ];
}

async function plainSql(store: DuckDbReportingStore, sql: string): Promise<unknown[][]> {
  return store.withConnection(async (connection) => (await connection.runAndReadAll(sql)).getRowsJS());
}

/** The two legs must answer the same question, or the ratio means nothing. */
async function checkSameAnswer(store: DuckDbReportingStore, query: BenchQuery): Promise<void> {
  const viaStore = await store.stats(query.request);
  const viaSql = await plainSql(store, query.sql);
  const firstRevenues = viaStore.stats[0]?.metrics.revenues;
  const revenueColumn = (query.request.groups ?? []).length + 1;
  if (viaStore.stats.length !== viaSql.length || (!RESTATEMENTS && firstRevenues !== viaSql[0]?.[revenueColumn])) {
    throw new Error(
      `${query.name}: the store and the SQL disagree (${viaStore.stats.length} against ${viaSql.length} rows)`,
    );
  }
}

async function startTimes(): Promise<void> {
  const runs: number[] = [];
  let rows = 0;
  for (let run = 0; run < START_RUNS; run++) {
    const started = performance.now();
    const store = await createStore({ restatements: RESTATEMENTS });
    runs.push(performance.now() - started);
    rows = store.factRows;
    await store.close();
  }
  console.log(
    `start with the default data set (${rows.toLocaleString("en-US")} fact rows): median ${median(runs).toFixed(0)} ms of ${START_RUNS} runs`,
  );
}

export async function run(): Promise<void> {
  console.log(`restatements ${RESTATEMENTS ? "on" : "off"} (EMULATOR_BENCH_RESTATEMENTS=1 turns them on)`);
  await startTimes();
  const expected = estimateFactRows(LARGE);
  const started = performance.now();
  const store = await createStore(LARGE);
  try {
    console.log(
      `build at scale ${LARGE.scale}: ${store.factRows.toLocaleString("en-US")} fact rows (estimated ${Math.round(expected).toLocaleString("en-US")}) in ${(performance.now() - started).toFixed(0)} ms`,
    );
    if (store.factRows < 5_000_000) throw new Error(`only ${store.factRows} fact rows; the benchmark needs 5 million`);
    const emulator = await startEmulator({ store, today: LARGE.today });
    const token = widestBearer(store.credentials).token;
    try {
      console.log("query | sql ms | store ms | http ms | store/sql | http/sql");
      let worstStore = 0;
      let worstHttp = 0;
      for (const query of queries(store)) {
        await checkSameAnswer(store, query);
        const medians = await interleavedMedians(
          {
            store: () => store.stats(query.request),
            sql: () => plainSql(store, query.sql),
            http: () => statsOverHttp(emulator.baseUrl, token, query.request),
          },
          { warmUp: WARM_UP_ROUNDS, measured: ROUNDS },
        );
        const storeRatio = medians.store / medians.sql;
        const httpRatio = medians.http / medians.sql;
        worstStore = Math.max(worstStore, storeRatio);
        worstHttp = Math.max(worstHttp, httpRatio);
        console.log(
          `${query.name} | ${medians.sql.toFixed(1)} | ${medians.store.toFixed(1)} | ${medians.http.toFixed(1)} | ${storeRatio.toFixed(2)}x | ${httpRatio.toFixed(2)}x`,
        );
      }
      console.log(`worst store/sql ratio ${worstStore.toFixed(2)}x`);
      console.log(
        `worst http/sql ratio ${worstHttp.toFixed(2)}x (target at most ${TARGET_RATIO}x): ${worstHttp <= TARGET_RATIO ? "met" : "NOT met"}`,
      );
    } finally {
      await emulator.close();
    }
  } finally {
    await store.close();
  }
}
