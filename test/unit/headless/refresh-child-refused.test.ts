import { EventEmitter } from "node:events";

/**
 * A child process the system refuses (EMFILE, ENFILE: no file descriptor left), as Node's
 * ChildProcess.spawn does it: no pipes, and the error emitted on the next tick. With no listener
 * yet, that error ended the whole server.
 */
jest.mock("node:child_process", () => ({
  ...jest.requireActual<object>("node:child_process"),
  spawn: () => {
    const child = Object.assign(new EventEmitter(), { stdout: null, stderr: null, pid: undefined });
    process.nextTick(() =>
      child.emit("error", Object.assign(new Error("spawn /usr/bin/node EMFILE"), { code: "EMFILE" })),
    );
    return child;
  },
}));

import { startRefreshChild } from "../../../src/headless/refresh-child";

describe("startRefreshChild when the system refuses the process", () => {
  it("reports that it could not start, and leaves no error to end the server", async () => {
    const started = startRefreshChild("/srv/workbooks/book.xlsx", "/etc/credentials.json", {
      command: { args: ["refresh-workbook.js"] },
      timeLimitMs: 60_000,
      graceMs: 1_000,
      onStderr: () => undefined,
    });
    await expect(started.done).resolves.toEqual({
      code: null,
      signal: null,
      lines: [],
      stderrTail: [],
      startError: "spawn /usr/bin/node EMFILE",
    });
    expect(() => started.stop("shutdown")).not.toThrow();
  });
});
