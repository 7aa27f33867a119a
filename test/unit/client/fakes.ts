import type { FetchLike, Sleep, TransportOptions } from "../../../src/client/transport";

/** What a fake fetch received. */
export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal;
  redirect?: string | undefined;
}

/**
 * One scripted answer: a Response, a function making one (given the call), an Error to reject
 * with, "hang" (never settles, ignoring the signal) or "hang-until-aborted" (rejects on abort,
 * like a real fetch).
 */
export type Answer =
  Response | ((call: RecordedCall) => Response | Promise<Response>) | Error | "hang" | "hang-until-aborted";

export interface ScriptedFetch extends FetchLike {
  calls: RecordedCall[];
}

/** A fetch answering from a script, one answer per call; the last answer repeats. */
export function scriptedFetch(...answers: Answer[]): ScriptedFetch {
  const calls: RecordedCall[] = [];
  const fetch = (async (url, init) => {
    const call: RecordedCall = {
      url,
      method: init.method,
      headers: { ...init.headers },
      body: init.body,
      signal: init.signal,
      redirect: init.redirect,
    };
    calls.push(call);
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (answer === undefined) throw new Error("scriptedFetch has no answer");
    if (answer === "hang") return new Promise<never>(() => {});
    if (answer === "hang-until-aborted") {
      return new Promise<never>((_resolve, reject) => {
        init.signal.addEventListener(
          "abort",
          () => reject(new DOMException("The operation was aborted.", "AbortError")),
          { once: true },
        );
      });
    }
    if (answer instanceof Error) throw answer;
    if (typeof answer === "function") return answer(call);
    return answer.clone();
  }) as FetchLike as unknown as ScriptedFetch;
  fetch.calls = calls;
  return fetch;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

export function text(body: string, status: number, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers });
}

/** A sleep that returns at once and records how long it was asked to wait. */
export function recordingSleep(): Sleep & { delays: number[] } {
  const delays: number[] = [];
  const sleep = (async (ms: number) => {
    delays.push(ms);
  }) as Sleep & { delays: number[] };
  sleep.delays = delays;
  return sleep;
}

/** Transport options with everything faked: no real waiting, a fixed clock and fixed jitter. */
export function fakeTransportOptions(
  fetch: FetchLike,
  extra: TransportOptions = {},
): TransportOptions & { sleep: ReturnType<typeof recordingSleep> } {
  return {
    fetch,
    sleep: recordingSleep(),
    now: () => Date.UTC(2025, 0, 15, 12, 0, 0),
    random: () => 0.5,
    ...extra,
  } as TransportOptions & {
    sleep: ReturnType<typeof recordingSleep>;
  };
}

/** Resolves after pending promise callbacks have run, without relying on timers. */
export async function flushPromises(rounds = 10): Promise<void> {
  for (let round = 0; round < rounds; round += 1) await Promise.resolve();
}

/** A clock that moves only when the transport sleeps (or the test advances it), so time budgets are testable. */
export function fakeClock(start = Date.UTC(2025, 0, 15, 12, 0, 0)) {
  let current = start;
  const delays: number[] = [];
  const sleep: Sleep = async (ms) => {
    delays.push(ms);
    current += ms;
  };
  return { now: () => current, sleep, delays, advance: (ms: number) => void (current += ms) };
}

/**
 * A body of `totalBytes` made only as it is read, which counts what was read and whether the
 * reader cancelled: it shows how much of a huge answer the transport pulled in.
 */
export function lazyBody(totalBytes: number, chunkBytes = 64 * 1024) {
  const state = { pulledBytes: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const size = Math.min(chunkBytes, totalBytes - state.pulledBytes);
      if (size <= 0) {
        controller.close();
        return;
      }
      state.pulledBytes += size;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}
