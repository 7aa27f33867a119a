/**
 * Reading an answer's body without holding more of it than wanted: the transport's answers in
 * Excel and the add-in server's exports (src/host) alike. Web streams only, so it runs in both.
 */

/** The part of a body stream read here: chunk by chunk, so that reading can stop early. */
export interface BodyReader {
  read(): Promise<{ done: boolean; value?: Uint8Array | undefined }>;
  cancel(reason?: unknown): Promise<void>;
}

/** The part of a fetch Response read here; a fake without a stream is read whole. */
export interface BodySource {
  body?: { getReader(): BodyReader } | null;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export const NEVER_ABORTED = new AbortController().signal;

/** Settles like `promise`, or rejects as soon as `signal` aborts, whichever comes first. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal === NEVER_ABORTED) return promise;
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  const [only] = chunks;
  // A chunk that is its buffer's whole needs no copy; a view would drag the rest of its buffer along.
  if (chunks.length === 1 && only!.byteOffset === 0 && only!.byteLength === only!.buffer.byteLength) return only!;
  const all = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}

const NOTHING = new Uint8Array(0);

/**
 * The body's bytes up to `maxBytes`; `complete` is false when the body went on past them, in
 * which case the rest is cancelled unread. The first `maxBytes` of such a body are copied out
 * only with `keepPartial`, and `bytes` is empty otherwise: most callers refuse an oversized
 * body, and copying up to the limit (256 MB for an export) for them would be waste. `signal`
 * stops a read that a stalled stream would never end.
 */
export async function readUpTo(
  response: BodySource,
  maxBytes: number,
  signal: AbortSignal,
  { keepPartial = false }: { keepPartial?: boolean } = {},
): Promise<{ bytes: Uint8Array; complete: boolean }> {
  if (!response.body) {
    const bytes = new Uint8Array(await untilAborted(response.arrayBuffer(), signal));
    if (bytes.length <= maxBytes) return { bytes, complete: true };
    return { bytes: keepPartial ? bytes.slice(0, maxBytes) : NOTHING, complete: false };
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await untilAborted(reader.read(), signal);
      if (done) {
        finished = true;
        return { bytes: concat(chunks, length), complete: true };
      }
      if (!value) continue;
      if (length + value.length > maxBytes) {
        if (!keepPartial) return { bytes: NOTHING, complete: false };
        chunks.push(value.subarray(0, maxBytes - length));
        return { bytes: concat(chunks, maxBytes), complete: false };
      }
      chunks.push(value);
      length += value.length;
    }
  } finally {
    // Not awaited: a stalled stream may never confirm, and nothing more is wanted from it.
    if (!finished) reader.cancel().catch(() => undefined);
  }
}
