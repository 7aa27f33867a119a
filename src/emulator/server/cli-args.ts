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
  --latency MS       delay added to every answer, in milliseconds
  --fail-rate P      share of requests answered 500, from 0 to 1
  --rate-limit N     requests per minute per credential, then 429 with Retry-After
  --help             print this help
`;

export type CliCommand = { kind: "help" } | { kind: "start"; options: EmulatorOptions };

type NumberFlag = "port" | "seed" | "days" | "scale" | "latencyMs" | "failRate" | "rateLimitPerMinute";

const NUMBER_FLAGS: Record<string, NumberFlag> = {
  "--port": "port",
  "--seed": "seed",
  "--days": "days",
  "--scale": "scale",
  "--latency": "latencyMs",
  "--fail-rate": "failRate",
  "--rate-limit": "rateLimitPerMinute",
};

export class CliUsageError extends Error {
  override name = "CliUsageError";
}

/** Accepts `--flag value` and `--flag=value`; any problem is a CliUsageError saying which flag. */
export function parseCliArgs(args: readonly string[]): CliCommand {
  const options: EmulatorOptions = {};
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === "--help" || arg === "-h") return { kind: "help" };
    const [flag, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const value = inline ?? args[++index];
    if (flag !== "--host" && flag !== "--today" && !(flag in NUMBER_FLAGS)) {
      throw new CliUsageError(`Unknown option ${flag}. Run with --help to see the options.`);
    }
    if (value === undefined || value === "") throw new CliUsageError(`${flag} needs a value.`);
    if (flag === "--host") options.host = value;
    else if (flag === "--today") options.today = value;
    else {
      const number = Number(value);
      if (!Number.isFinite(number)) throw new CliUsageError(`${flag} needs a number, not "${value}".`);
      options[NUMBER_FLAGS[flag]!] = number;
    }
  }
  return { kind: "start", options };
}
