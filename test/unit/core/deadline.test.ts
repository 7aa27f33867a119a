import { DeadlineError, withDeadline, type Timers } from "../../../src/core/deadline";

/** Timers that fire only when the test says so. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 1;
  const timers: Timers = {
    setTimeout(callback) {
      const id = next++;
      pending.set(id, callback);
      return id;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  return {
    timers,
    pending,
    fireAll() {
      for (const [id, callback] of [...pending]) {
        pending.delete(id);
        callback();
      }
    },
  };
}

describe("withDeadline", () => {
  it("settles with the work's value and stops its timer", async () => {
    const clock = manualTimers();
    await expect(withDeadline(async () => 42, { timers: clock.timers })).resolves.toBe(42);
    expect(clock.pending.size).toBe(0);
  });

  it("passes the work's own error through", async () => {
    const clock = manualTimers();
    const failure = new Error("service down");
    await expect(withDeadline(async () => Promise.reject(failure), { timers: clock.timers })).rejects.toBe(failure);
    expect(clock.pending.size).toBe(0);
  });

  it("rejects with a plain message at the deadline and aborts the work", async () => {
    const clock = manualTimers();
    let workSignal: AbortSignal | undefined;
    const never = withDeadline(
      (signal) => {
        workSignal = signal;
        // Work that would otherwise wait forever, and rejects once aborted, as the client does.
        return new Promise<never>((_resolve, reject) =>
          signal.addEventListener("abort", () => reject(new Error("aborted"))),
        );
      },
      { timers: clock.timers, deadlineMs: 120_000 },
    );
    await Promise.resolve();
    clock.fireAll();
    const error = await never.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeadlineError);
    expect((error as DeadlineError).userMessage).toMatch(/took too long to answer \(more than 2 minutes\)/);
    expect(workSignal?.aborted).toBe(true);
  });

  it("aborts the work when the caller's signal aborts", async () => {
    const clock = manualTimers();
    const caller = new AbortController();
    let workSignal: AbortSignal | undefined;
    const call = withDeadline(
      (signal) => {
        workSignal = signal;
        return new Promise<never>((_resolve, reject) =>
          signal.addEventListener("abort", () => reject(new Error("cancelled"))),
        );
      },
      { timers: clock.timers, signal: caller.signal },
    );
    await Promise.resolve();
    caller.abort();
    await expect(call).rejects.toThrow("cancelled");
    expect(workSignal?.aborted).toBe(true);
    expect(clock.pending.size).toBe(0);
  });

  it("hands already-aborted work an aborted signal", async () => {
    const caller = new AbortController();
    caller.abort();
    const seen = await withDeadline(async (signal) => signal.aborted, {
      signal: caller.signal,
      timers: manualTimers().timers,
    });
    expect(seen).toBe(true);
  });
});
