import type { EmulatorOptions } from "./options";

export const USAGE = `Usage: npm run emulator -- [options]

Starts the local Reporting service. The first line written to stdout is one JSON object with
baseUrl, legacyBaseUrl and the demo credentials; human-readable lines follow.

Options:
  --host HOST        interface to listen on (default 127.0.0.1)
  --port N           port, 0 picks a free one (default 0)
  --seed N           seed of the generated data (same seed, same data)
  --days N           days of daily data, ending yesterday
  --scale N          size multiplier of the data set
  --today YYYY-MM-DD the emulator's today (default: the local calendar day)
  --restatements     recent days' numbers move as the clock advances (npm start turns it on)
  --no-restatements  numbers never move (the default)
  --latency MS       delay added to every answer, in milliseconds
  --fail-rate P      share of requests answered 500, from 0 to 1
  --rate-limit N     requests per minute per credential, then 429 with Retry-After
  --help             print this help
`;

export type CliCommand = { kind: "help" } | { kind: "start"; options: EmulatorOptions };

type NumberFlag = "port" | "seed" | "days" | "scale" | "latencyMs" | "failRate" | "rateLimitPerMinute";

// A Map: `"constructor" in` an object literal is true, and would take that word for a flag.
const NUMBER_FLAGS = new Map<string, NumberFlag>([
  ["--port", "port"],
  ["--seed", "seed"],
  ["--days", "days"],
  ["--scale", "scale"],
  ["--latency", "latencyMs"],
  ["--fail-rate", "failRate"],
  ["--rate-limit", "rateLimitPerMinute"],
]);

export class CliUsageError extends Error {
  override name = "CliUsageError";
}

/** The flag that sets each option, so that a refusal names what the user typed. */
const FLAG_OF_OPTION = new Map<string, string>([
  ["host", "--host"],
  ["today", "--today"],
  ...[...NUMBER_FLAGS].map(([flag, option]): [string, string] => [option, flag]),
]);

/**
 * A refused option value as the command line's user knows it: `failRate must be between 0
 * and 1` becomes `--fail-rate must be between 0 and 1`. Other messages pass unchanged.
 */
export function inFlagTerms(message: string): string {
  const option = /^(\w+) must /.exec(message)?.[1];
  const flag = option === undefined ? undefined : FLAG_OF_OPTION.get(option);
  return flag === undefined ? message : flag + message.slice(option!.length);
}

/** What to do when the server cannot listen; undefined for failures that are not about the address. */
export function listenProblem(error: unknown, host: string, port: number): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case "EADDRINUSE":
      return `port ${port} on ${host} is already in use (another emulator or program holds it). Stop that program, or choose another port with --port (--port 0 picks a free one).`;
    case "EACCES":
      return `this user may not listen on port ${port}. Choose a port above 1023 with --port, or --port 0 for a free one.`;
    case "EADDRNOTAVAIL":
    case "ENOTFOUND":
      return `${host} is not an address of this machine. Use --host 127.0.0.1 (the default), or an address this machine has.`;
    default:
      return undefined;
  }
}

/** Accepts `--flag value` and `--flag=value`; any problem is a CliUsageError saying which flag. */
export function parseCliArgs(args: readonly string[]): CliCommand {
  const options: EmulatorOptions = {};
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === "--help" || arg === "-h") return { kind: "help" };
    if (arg === "--restatements" || arg === "--no-restatements") {
      options.restatements = arg === "--restatements";
      continue;
    }
    const [flag, inline] = arg.includes("=")
      ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
      : [arg, undefined];
    const value = inline ?? args[++index];
    const numberFlag = NUMBER_FLAGS.get(flag);
    if (flag !== "--host" && flag !== "--today" && numberFlag === undefined) {
      throw new CliUsageError(`Unknown option ${flag}. Run with --help to see the options.`);
    }
    if (value === undefined || value === "") throw new CliUsageError(`${flag} needs a value.`);
    if (flag === "--host") options.host = value;
    else if (flag === "--today") options.today = value;
    else if (numberFlag !== undefined) {
      const number = Number(value);
      if (!Number.isFinite(number)) throw new CliUsageError(`${flag} needs a number, not "${value}".`);
      options[numberFlag] = number;
    }
  }
  return { kind: "start", options };
}
