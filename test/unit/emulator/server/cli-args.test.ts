import { CliUsageError, inFlagTerms, listenProblem, parseCliArgs } from "../../../../src/emulator/server/cli-args";

test("every flag, in both --flag value and --flag=value forms, becomes its option", () => {
  expect(
    parseCliArgs([
      "--host",
      "0.0.0.0",
      "--port=0",
      "--seed",
      "7",
      "--days",
      "30",
      "--scale=2",
      "--latency",
      "150",
      "--fail-rate",
      "0.1",
      "--rate-limit",
      "60",
      "--today",
      "2026-06-30",
    ]),
  ).toEqual({
    kind: "start",
    options: {
      host: "0.0.0.0",
      port: 0,
      seed: 7,
      days: 30,
      scale: 2,
      latencyMs: 150,
      failRate: 0.1,
      rateLimitPerMinute: 60,
      today: "2026-06-30",
    },
  });
  expect(parseCliArgs(["--seed", "1", "--help"])).toEqual({ kind: "help" });
});

test("--restatements takes no value, and the last of --restatements and --no-restatements wins", () => {
  expect(parseCliArgs(["--restatements", "--seed", "3"])).toEqual({
    kind: "start",
    options: { restatements: true, seed: 3 },
  });
  expect(parseCliArgs(["--restatements", "--no-restatements"])).toEqual({
    kind: "start",
    options: { restatements: false },
  });
  expect(parseCliArgs([])).toEqual({ kind: "start", options: {} });
});

test.each([
  [["--prot", "80"], "Unknown option --prot"],
  [["--port"], "--port needs a value"],
  [["--days", "thirty"], '--days needs a number, not "thirty"'],
])("%j is refused: %s", (args, message) => {
  expect(() => parseCliArgs(args)).toThrow(CliUsageError);
  expect(() => parseCliArgs(args)).toThrow(message);
});

describe("refusals in the words of the command line", () => {
  it.each([
    ["failRate must be between 0 and 1, not 2", "--fail-rate must be between 0 and 1, not 2"],
    ["latencyMs must be 0 or more, not -1", "--latency must be 0 or more, not -1"],
    ["rateLimitPerMinute must be a whole number above 0, not 0", "--rate-limit must be a whole number above 0, not 0"],
    [
      "port must be a whole number from 0 to 65535, not 70000",
      "--port must be a whole number from 0 to 65535, not 70000",
    ],
    ["days must be a whole number from 1 to 3660, got 0", "--days must be a whole number from 1 to 3660, got 0"],
    ["scale must be a number above 0 and at most 64, got 0", "--scale must be a number above 0 and at most 64, got 0"],
    ["seed must be a finite number, got NaN", "--seed must be a finite number, got NaN"],
    [
      "today must be a date written YYYY-MM-DD, not 2026-13-01",
      "--today must be a date written YYYY-MM-DD, not 2026-13-01",
    ],
  ])("%s", (message, expected) => {
    expect(inFlagTerms(message)).toBe(expected);
  });

  it("leaves other messages alone", () => {
    expect(inFlagTerms("cannot pick from an empty list")).toBe("cannot pick from an empty list");
    expect(inFlagTerms("constructor must be called with new")).toBe("constructor must be called with new");
  });
});

describe("listen failures say what to do", () => {
  it("names the port in use and the way out", () => {
    const message = listenProblem(
      Object.assign(new Error("listen EADDRINUSE"), { code: "EADDRINUSE" }),
      "127.0.0.1",
      8080,
    );
    expect(message).toContain("port 8080 on 127.0.0.1 is already in use");
    expect(message).toContain("--port 0");
  });

  it("explains a privileged port and an address the machine does not have", () => {
    expect(listenProblem({ code: "EACCES" }, "127.0.0.1", 80)).toContain("port above 1023");
    expect(listenProblem({ code: "EADDRNOTAVAIL" }, "10.9.9.9", 0)).toContain(
      "10.9.9.9 is not an address of this machine",
    );
    expect(listenProblem({ code: "ENOTFOUND" }, "nowhere.invalid", 0)).toContain("--host 127.0.0.1");
  });

  it("leaves other failures to the general message", () => {
    expect(listenProblem(new Error("disk full"), "127.0.0.1", 0)).toBeUndefined();
    expect(listenProblem(null, "127.0.0.1", 0)).toBeUndefined();
  });
});

test.each(["__proto__", "constructor", "toString", "--constructor", "--__proto__"])(
  "point 9: %s is an unknown option, not a lookup on Object.prototype",
  (flag) => {
    expect(() => parseCliArgs([flag, "5"])).toThrow(`Unknown option ${flag}. Run with --help to see the options.`);
  },
);
