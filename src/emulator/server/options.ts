import { FIRST_DATE, isCalendarDate, LAST_DATE } from "../../api";
import type { ReportingStore } from "../store/types";
import type { OriginRule } from "./cors";
import { DEFAULT_ALLOWED_ORIGINS } from "./cors";
import { localToday } from "../data/calendar";
import { seededRandom } from "./random";

export interface EmulatorOptions {
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** Port; default 0, a free port chosen by the system. */
  port?: number;
  /** Seed of the generated data and of the simulated failures. */
  seed?: number;
  /** Days of daily data, ending yesterday. */
  days?: number;
  /** Size multiplier of the data set. */
  scale?: number;
  /** The emulator's today (YYYY-MM-DD); default the local calendar day, as the store's. */
  today?: string;
  /** Recent days' numbers move as the clock advances (see src/emulator/data/restatements.ts); default off. */
  restatements?: boolean;
  /** Delay added before every answer, in milliseconds. */
  latencyMs?: number;
  /** Share of authenticated requests answered 500, between 0 and 1. */
  failRate?: number;
  /** Requests per minute per credential before 429; default no limit. */
  rateLimitPerMinute?: number;
  /** Origins allowed by CORS; default any http(s) origin on localhost, 127.0.0.1 or [::1]. */
  allowedOrigins?: readonly OriginRule[];
  /** Source of the fail-rate draws; default a generator seeded with `seed`. */
  random?: () => number;
  /** Clock of the rate limiter, in milliseconds. */
  now?: () => number;
  /** Serve this store instead of generating one (it is then left open by close()). */
  store?: ReportingStore;
  /** Receives unexpected errors (never sent to clients); default: written to stderr. */
  onError?: (error: unknown) => void;
}

export interface ResolvedOptions {
  host: string;
  port: number;
  seed: number | undefined;
  days: number | undefined;
  scale: number | undefined;
  today: string;
  restatements: boolean;
  latencyMs: number;
  failRate: number;
  rateLimitPerMinute: number;
  allowedOrigins: readonly OriginRule[];
  random: () => number;
  now: () => number;
  onError: (error: unknown) => void;
}

const DEFAULT_FAILURE_SEED = 1;

function check(condition: boolean, message: string): void {
  if (!condition) throw new RangeError(message);
}

function reportToStderr(error: unknown): void {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`emulator: unexpected error: ${text}\n`);
}

export function resolveOptions(options: EmulatorOptions): ResolvedOptions {
  const port = options.port ?? 0;
  const latencyMs = options.latencyMs ?? 0;
  const failRate = options.failRate ?? 0;
  const today = options.today ?? localToday();
  check(
    Number.isInteger(port) && port >= 0 && port <= 65_535,
    `port must be a whole number from 0 to 65535, not ${port}`,
  );
  check(Number.isFinite(latencyMs) && latencyMs >= 0, `latencyMs must be 0 or more, not ${latencyMs}`);
  check(failRate >= 0 && failRate <= 1, `failRate must be between 0 and 1, not ${failRate}`);
  check(
    isCalendarDate(today),
    `today must be a date from ${FIRST_DATE} to ${LAST_DATE} written YYYY-MM-DD, not ${today}`,
  );
  const rate = options.rateLimitPerMinute;
  check(
    rate === undefined || (Number.isInteger(rate) && rate > 0),
    `rateLimitPerMinute must be a whole number above 0, not ${rate}`,
  );
  return {
    host: options.host ?? "127.0.0.1",
    port,
    seed: options.seed,
    days: options.days,
    scale: options.scale,
    today,
    restatements: options.restatements ?? false,
    latencyMs,
    failRate,
    rateLimitPerMinute: rate ?? Number.POSITIVE_INFINITY,
    allowedOrigins: options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS,
    random: options.random ?? seededRandom(options.seed ?? DEFAULT_FAILURE_SEED),
    now: options.now ?? Date.now,
    onError: options.onError ?? reportToStderr,
  };
}
