import { CliUsageError, parseCliArgs } from "../../../../src/emulator/server/cli-args";

test("every flag, in both --flag value and --flag=value forms, becomes its option", () => {
  expect(
    parseCliArgs(["--host", "0.0.0.0", "--port=0", "--seed", "7", "--days", "30", "--scale=2", "--latency", "150", "--fail-rate", "0.1", "--rate-limit", "60", "--today", "2026-06-30"]),
  ).toEqual({
    kind: "start",
    options: { host: "0.0.0.0", port: 0, seed: 7, days: 30, scale: 2, latencyMs: 150, failRate: 0.1, rateLimitPerMinute: 60, today: "2026-06-30" },
  });
  expect(parseCliArgs(["--seed", "1", "--help"])).toEqual({ kind: "help" });
});

test.each([
  [["--prot", "80"], "Unknown option --prot"],
  [["--port"], "--port needs a value"],
  [["--days", "thirty"], '--days needs a number, not "thirty"'],
])("%j is refused: %s", (args, message) => {
  expect(() => parseCliArgs(args)).toThrow(CliUsageError);
  expect(() => parseCliArgs(args)).toThrow(message);
});
