import path from "node:path";
import { childOutcome, withoutServerPaths } from "../../../src/headless/child-outcome";
import type { ChildRun } from "../../../src/headless/refresh-child";

const LIMIT = 30 * 60 * 1000;
const run = (fields: Partial<ChildRun>): ChildRun => ({ code: 0, signal: null, lines: [], stderrTail: [], ...fields });

describe("what the status says of a workbook's refresh in its child process", () => {
  it("counts the tables of the child's JSON lines, with its exit status", () => {
    const outcome = childOutcome(
      run({
        code: 1,
        lines: [
          { file: "/srv/b.xlsx", outcome: "cleaned", reason: "Deleted an old temporary file." },
          { file: "/srv/b.xlsx", table: "Stats", outcome: "refreshed" },
          { file: "/srv/b.xlsx", table: "Legacy", outcome: "failed", reason: "The service refused the key." },
        ],
      }),
      "b.xlsx",
      LIMIT,
    );
    expect(outcome).toEqual({
      status: 1,
      tablesRefreshed: 1,
      tablesFailed: 1,
      reasons: ["Legacy: The service refused the key."],
    });
  });

  it("says a run stopped at the time limit took too long, left the workbook as it was, and what to do", () => {
    const outcome = childOutcome(run({ code: null, signal: "SIGTERM", stoppedBy: "time-limit" }), "b.xlsx", LIMIT);
    expect(outcome).toEqual({ status: 2, tablesRefreshed: 0, tablesFailed: 0, reasons: [expect.any(String)] });
    expect(outcome.reasons[0]).toMatch(
      /^The refresh of this workbook took longer than 30 minutes and was stopped\. The workbook was left as it was\./,
    );
    expect(outcome.reasons[0]).toContain("--refresh-timeout");
  });

  it("does not say a workbook the run had already replaced was left as it was", () => {
    // A stop comes while the workbook is written: it takes effect once the copy is renamed into place.
    const stoppedLate = childOutcome(
      run({
        code: null,
        signal: "SIGTERM",
        stoppedBy: "time-limit",
        replaced: true,
        lines: [{ file: "/srv/b.xlsx", table: "Stats", outcome: "refreshed", output: "/srv/b.xlsx" }],
      }),
      "b.xlsx",
      LIMIT,
    );
    expect(stoppedLate).toEqual({ status: 0, tablesRefreshed: 1, tablesFailed: 0, reasons: [] });
    const silent = (fields: Partial<ChildRun>) =>
      childOutcome(run({ code: null, replaced: true, ...fields }), "b.xlsx", LIMIT).reasons;
    expect([
      ...silent({ signal: "SIGTERM", stoppedBy: "time-limit" }),
      ...silent({ signal: "SIGTERM", stoppedBy: "shutdown" }),
      ...silent({ signal: "SIGKILL" }),
    ]).toEqual([
      "The workbook was refreshed and written, but it took longer than 30 minutes and was stopped before it reported on its tables. Open it to check them; the next scheduled run refreshes it again.",
      "The workbook was refreshed and written, but the server was shutting down and stopped it before it reported on its tables. Open it to check them; the next scheduled run refreshes it again.",
      "The workbook was refreshed and written, but it stopped unexpectedly (it was ended by the signal SIGKILL) before it reported on its tables. Open it to check them; the next scheduled run refreshes it again.",
    ]);
    // Not replaced: left as it was, as before.
    expect(childOutcome(run({ code: null, signal: "SIGKILL", replaced: false }), "b.xlsx", LIMIT).reasons[0]).toContain(
      "The workbook was left as it was",
    );
  });

  it("says a run stopped for the server's shutdown is refreshed next time", () => {
    expect(
      childOutcome(run({ code: null, signal: "SIGTERM", stoppedBy: "shutdown" }), "b.xlsx", LIMIT).reasons,
    ).toEqual([expect.stringMatching(/^The server was shutting down, so the refresh of this workbook was stopped\./)]);
  });

  it.each<[string, Partial<ChildRun>, string]>([
    ["ended by a signal", { code: null, signal: "SIGKILL" }, "it was ended by the signal SIGKILL"],
    [
      "out of memory",
      {
        code: null,
        signal: "SIGABRT",
        stderrTail: [
          "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory",
          " 1: 0xb7c3e0 node::Abort()",
        ],
      },
      "it ran out of memory",
    ],
    [
      "an exit without a line",
      { code: 1, stderrTail: ["TypeError: x is not a function", "    at f (cli.js:1:1)"] },
      "it ended with exit status 1 before reporting on any table",
    ],
    [
      "an exit status the command never gives",
      { code: 7, lines: [{ file: "b.xlsx", table: "Stats", outcome: "refreshed" }] },
      "it ended with exit status 7",
    ],
    [
      "a child that could not start",
      { code: -2, startError: "spawn node ENOENT" },
      "it could not be started: spawn node ENOENT",
    ],
  ])("says a child that died (%s) stopped unexpectedly, and why", (_name, fields, detail) => {
    const outcome = childOutcome(run(fields), "b.xlsx", LIMIT);
    expect(outcome).toEqual({ status: 2, tablesRefreshed: 0, tablesFailed: 0, reasons: [expect.any(String)] });
    expect(outcome.reasons[0]).toContain(`The refresh of this workbook stopped unexpectedly (${detail}`);
    expect(outcome.reasons[0]).toContain("The workbook was left as it was");
    expect(outcome.reasons[0]).toContain("npm run refresh-workbook -- b.xlsx --in-place");
  });

  it("gives the command's own words when it refused to start (exit status 2, no line)", () => {
    const said =
      'The credentials file /etc/c.json can be read by other users of this computer. Make it private with: chmod 600 "/etc/c.json" — then run the refresh again.';
    expect(childOutcome(run({ code: 2, stderrTail: [said] }), "b.xlsx", LIMIT)).toEqual({
      status: 2,
      tablesRefreshed: 0,
      tablesFailed: 0,
      reasons: [said],
    });
  });

  it("shows no server path on the status route: the folder and the credentials file become names", () => {
    const said =
      'The credentials file /etc/reporting/c.json can be read by other users. Make it private with: chmod 600 "/etc/reporting/c.json". The workbook /srv/books/b.xlsx was left as it was.';
    expect(withoutServerPaths(said, "/srv/books/", "/etc/reporting/c.json")).toBe(
      'The credentials file c.json can be read by other users. Make it private with: chmod 600 "c.json". The workbook b.xlsx was left as it was.',
    );
    const relative = withoutServerPaths("The workbook books/b.xlsx could not be read.", "books", "c.json");
    expect(relative).toBe("The workbook b.xlsx could not be read.");
    expect(
      withoutServerPaths(`The workbook ${path.resolve("books", "b.xlsx")} could not be read.`, "books", "c.json"),
    ).toBe("The workbook b.xlsx could not be read.");
  });
});
