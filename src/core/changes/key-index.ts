import { grown } from "../typed-arrays";

/**
 * Text keys numbered 0, 1, 2… in the order they are added, found again by their text: the old
 * rows' keys of a table's change report, 100,000 of them in a headless refresh. A Map of strings
 * put 100,000 strings and a 100,000-entry table in V8's old generation, which every full
 * collection of the refresh then marked again. Here the keys sit end to end in one byte buffer
 * and an open-addressing table of slot numbers finds them, all outside V8's heap: about 16 bytes
 * a key plus a byte a character (keys are JSON, mostly ASCII; any other UTF-16 unit takes 3).
 */
export class KeyIndex {
  private bytes: Uint8Array;
  /** Where each key's bytes start; the next key's start is where it ends. */
  private starts: Uint32Array;
  private hashes: Uint32Array;
  /** Slot + 1 of the key hashed to each place, 0 where none is. Never more than half full. */
  private table: Int32Array;
  private count = 0;

  /** `expected`: how many keys will come, when known, so that nothing grows by copying. */
  constructor(expected = 1024) {
    const slots = Math.max(16, expected);
    this.hashes = new Uint32Array(slots);
    this.starts = new Uint32Array(slots + 1);
    this.bytes = new Uint8Array(slots * 24);
    this.table = new Int32Array(2 ** Math.ceil(Math.log2(slots * 2)));
  }

  get size(): number {
    return this.count;
  }

  /** The slot of `key`, or -1 when it was never added. */
  find(key: string): number {
    const hash = fnv1a(key);
    const mask = this.table.length - 1;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const entry = this.table[at]!;
      if (entry === 0) return -1;
      const slot = entry - 1;
      if (this.hashes[slot] === hash && this.holds(slot, key)) return slot;
    }
  }

  /** Adds `key`, which must not be there yet, as the next slot; returns that slot. */
  add(key: string): number {
    const slot = this.count;
    // Half as much again when full: the arena is most of the index, and doubling it would waste more.
    this.hashes = grown(this.hashes, slot + 1, uint32s, 1.5);
    this.starts = grown(this.starts, this.hashes.length + 1, uint32s, 1);
    let at = this.starts[slot]!;
    this.bytes = grown(this.bytes, at + key.length * 3, uint8s, 1.5);
    const bytes = this.bytes;
    for (let index = 0; index < key.length; index++) {
      const unit = key.charCodeAt(index);
      // Below 0x80, one byte; above, a first byte of 0x80-0x83 (its top two bits) then two of seven bits each.
      if (unit < 0x80) bytes[at++] = unit;
      else {
        bytes[at++] = 0x80 | (unit >> 14);
        bytes[at++] = (unit >> 7) & 0x7f;
        bytes[at++] = unit & 0x7f;
      }
    }
    this.starts[slot + 1] = at;
    this.hashes[slot] = fnv1a(key);
    this.count += 1;
    if (this.count * 2 > this.table.length) {
      this.table = new Int32Array(this.table.length * 2);
      for (let placed = 0; placed < this.count; placed++) this.place(placed);
    } else this.place(slot);
    return slot;
  }

  /** The key of `slot`, as it was added. */
  keyOf(slot: number): string {
    const units: number[] = [];
    for (let at = this.starts[slot]!, end = this.starts[slot + 1]!; at < end;) {
      const first = this.bytes[at++]!;
      units.push(first < 0x80 ? first : ((first & 3) << 14) | (this.bytes[at++]! << 7) | this.bytes[at++]!);
    }
    // By pieces: fromCharCode takes its code units as arguments. Unpaired surrogates come back as they went in.
    let key = "";
    for (let from = 0; from < units.length; from += 4096) key += String.fromCharCode(...units.slice(from, from + 4096));
    return key;
  }

  private holds(slot: number, key: string): boolean {
    const bytes = this.bytes;
    let at = this.starts[slot]!;
    const end = this.starts[slot + 1]!;
    for (let index = 0; index < key.length; index++) {
      if (at >= end) return false;
      const first = bytes[at++]!;
      const unit = first < 0x80 ? first : ((first & 3) << 14) | (bytes[at++]! << 7) | bytes[at++]!;
      if (unit !== key.charCodeAt(index)) return false;
    }
    return at === end;
  }

  private place(slot: number): void {
    const mask = this.table.length - 1;
    let at = this.hashes[slot]! & mask;
    while (this.table[at] !== 0) at = (at + 1) & mask;
    this.table[at] = slot + 1;
  }
}

/** FNV-1a over the code units: cheap, and spreads the keys of a table (dates, names) well enough. */
function fnv1a(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

// Made once: add() runs for every old row.
const uint32s = (length: number) => new Uint32Array(length);
const uint8s = (length: number) => new Uint8Array(length);
