import { constants, deflateRawSync } from "node:zlib";
import type { RawDeflater } from "../core/xlsx/zip-package";

/**
 * The headless refresh's deflater: Node's zlib (C) instead of fflate's (JavaScript), which took
 * a fifth of a 100,000-row refresh's CPU (a profile of bench/headless-refresh.bench.ts). Node has
 * no synchronous streaming deflate, and the writer is synchronous, so the entry is compressed a
 * block at a time as pigz does: each block is a separate deflateRawSync call given the 32 KB of
 * input before it as its dictionary (DEFLATE's whole window, so back-references reach across
 * blocks as in one stream) and ended by a sync flush, which closes it on a byte boundary without
 * ending the stream; the last block is finished instead. The blocks, concatenated, are one raw
 * DEFLATE stream, as the zip entry needs.
 */

/** Input compressed per call: large enough that a call's set-up (zlib's state, the dictionary) is noise. */
const BLOCK_BYTES = 128 * 1024;
/** DEFLATE's window: no back-reference reaches further. */
const WINDOW_BYTES = 32 * 1024;

export function zlibRawDeflater(level = 3): RawDeflater {
  const block = Buffer.allocUnsafe(BLOCK_BYTES);
  let filled = 0;
  const window = Buffer.allocUnsafe(WINDOW_BYTES);
  // Empty until the first full block is compressed, then always 32 KB.
  let windowFilled = false;

  const compress = (final: boolean): Buffer => {
    const input = block.subarray(0, filled);
    const out = deflateRawSync(input, {
      level,
      finishFlush: final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
      ...(windowFilled ? { dictionary: window } : {}),
    });
    // The next block's dictionary: only full blocks come before the last, so the last 32 KB of
    // everything compressed so far are this block's.
    if (!final) {
      input.copy(window, 0, filled - WINDOW_BYTES, filled);
      windowFilled = true;
    }
    filled = 0;
    return out;
  };

  return {
    push(chunk, final) {
      const out: Uint8Array[] = [];
      for (let at = 0; at < chunk.length;) {
        const taken = Math.min(chunk.length - at, BLOCK_BYTES - filled);
        block.set(chunk.subarray(at, at + taken), filled);
        filled += taken;
        at += taken;
        if (filled === BLOCK_BYTES && !(final && at === chunk.length)) out.push(compress(false));
      }
      if (final) out.push(compress(true));
      return out;
    },
  };
}
