/**
 * A part's content as the refresh streams it: pieces of text, or of its UTF-8 bytes. A rewritten
 * sheet is produced as bytes (Utf8Batch) so that the rows waiting for the deflater sit in one
 * buffer outside V8's heap, where pieces of text held across young collections were promoted to
 * the old generation by the megabyte; a reader of the part (a second edit of the same sheet)
 * gets text back through `textChunks`.
 */
export type PartChunks = Iterable<string | Uint8Array>;

/** The chunks as text, bytes decoded as they come (a character split across two chunks included). */
export function* textChunks(chunks: PartChunks): Generator<string> {
  const decoder = new TextDecoder();
  for (const chunk of chunks) {
    if (typeof chunk === "string") {
      // Bytes left over from a character cut short would be lost: a part is either one or the other.
      const rest = decoder.decode();
      if (rest) yield rest;
      yield chunk;
    } else {
      const text = decoder.decode(chunk, { stream: true });
      if (text) yield text;
    }
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

export const joinedText = (chunks: PartChunks): string => [...textChunks(chunks)].join("");

/** Pieces of text gathered as UTF-8 into pieces of about `size` bytes: a deflater is slow on tiny ones. */
export class Utf8Batch {
  private bytes: Uint8Array;
  private length = 0;
  private readonly encoder = new TextEncoder();

  constructor(private readonly size = 64 * 1024) {
    this.bytes = new Uint8Array(size + 16 * 1024);
  }

  /** Adds `text`; returns a full piece when there is one. */
  add(text: string): Uint8Array | undefined {
    // A UTF-16 unit is at most 3 bytes of UTF-8.
    if (this.bytes.length - this.length < text.length * 3) {
      const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + text.length * 3));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    this.length += this.encoder.encodeInto(text, this.bytes.subarray(this.length)).written;
    return this.length >= this.size ? this.take() : undefined;
  }

  /** What is gathered, as a piece of its own (the consumer may keep it), and empties the batch. */
  take(): Uint8Array {
    const piece = this.bytes.slice(0, this.length);
    this.length = 0;
    return piece;
  }

  get empty(): boolean {
    return this.length === 0;
  }
}
