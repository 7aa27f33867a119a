import { Inflate, inflateSync, Zip, ZipDeflate, ZipPassThrough, type ZipInputFile } from "fflate";

/**
 * An .xlsx as its zip entries, read from the central directory so that each entry's compressed
 * bytes, CRC and sizes are known as they were: an entry the refresh does not edit is written
 * back with exactly those bytes (fflate's `Zip` takes any `ZipInputFile`), not recompressed.
 * Zip64 archives (over 4 GB or 65,535 entries) are refused: Excel's workbooks never need them.
 * The archive is read through a `ZipSource`: the headless refresh passes positioned reads of the
 * file, so the input is never held whole (only its central directory and a slice at a time).
 */

export class PackageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PackageError";
  }
}

/** Where an archive's bytes come from: bytes in memory, or positioned reads of a file. */
export interface ZipSource {
  readonly size: number;
  /** The `length` bytes at `at` (fewer only when the source ends before). */
  read(at: number, length: number): Uint8Array;
}

export const bytesSource = (bytes: Uint8Array): ZipSource => ({
  size: bytes.length,
  read: (at, length) => bytes.subarray(at, at + length),
});

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  /** The entry's data as stored in the archive (compressed when `method` is 8), read whole: for small parts. */
  readonly raw: Uint8Array;
  /** The same data a slice at a time, read from the source as it is consumed. */
  rawChunks(): Generator<Uint8Array>;
  /** DOS time and date of the entry, kept as they were. */
  mtime: Date;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const NOT_A_WORKBOOK =
  "The file is not an Excel workbook (.xlsx): it could not be opened as one. Check that you chose the right file and that it is not damaged.";

const u16 = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);
const u32 = (bytes: Uint8Array, at: number) =>
  (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;

function dosTime(time: number, date: number): Date {
  return new Date(1980 + (date >> 9), ((date >> 5) & 15) - 1, date & 31, time >> 11, (time >> 5) & 63, (time & 31) * 2);
}

const SLICE = 8 * 1024;
const damaged = (name: string) =>
  new PackageError(`The workbook's part ${name} is damaged. Open the file in Excel, save it, then try again.`);

/** The end record's offset in `tail` (the record is 22 bytes plus a comment of at most 65,535). */
function endOfCentralDirectory(tail: Uint8Array): number {
  for (let at = tail.length - 22; at >= 0; at--) {
    if (u32(tail, at) === EOCD) return at;
  }
  throw new PackageError(NOT_A_WORKBOOK);
}

function storedEntry(source: ZipSource, fields: Omit<ZipEntry, "raw" | "rawChunks">, dataAt: number): ZipEntry {
  const { name, compressedSize } = fields;
  const read = (at: number, length: number) => {
    const bytes = source.read(dataAt + at, length);
    if (bytes.length !== length) throw damaged(name);
    return bytes;
  };
  return {
    ...fields,
    get raw() {
      return read(0, compressedSize);
    },
    *rawChunks() {
      for (let at = 0; at < compressedSize; at += SLICE) yield read(at, Math.min(SLICE, compressedSize - at));
    },
  };
}

/** Every entry of the archive, in central-directory order; reads only the directory and the local headers. */
export function readZip(input: Uint8Array | ZipSource): ZipEntry[] {
  const source = input instanceof Uint8Array ? bytesSource(input) : input;
  if (source.size < 22) throw new PackageError(NOT_A_WORKBOOK);
  // Excel writes no archive comment: the last 22 bytes are the end record, else search the comment's reach.
  let tailAt = source.size - 22;
  let tail = source.read(tailAt, 22);
  if (u32(tail, 0) !== EOCD) {
    tailAt = Math.max(0, source.size - 22 - 65_535);
    tail = source.read(tailAt, source.size - tailAt);
  }
  const end = endOfCentralDirectory(tail);
  const count = u16(tail, end + 10);
  const directoryAt = u32(tail, end + 16);
  if (count === 0xffff || directoryAt === 0xffffffff)
    throw new PackageError("The workbook is too large to refresh without Excel (it is a Zip64 archive).");
  if (directoryAt > tailAt + end) throw new PackageError(NOT_A_WORKBOOK);
  const directory = source.read(directoryAt, tailAt + end - directoryAt);
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  let at = 0;
  for (let index = 0; index < count; index++) {
    if (at + 46 > directory.length || u32(directory, at) !== CENTRAL) throw new PackageError(NOT_A_WORKBOOK);
    const method = u16(directory, at + 10);
    const [time, date] = [u16(directory, at + 12), u16(directory, at + 14)];
    const crc = u32(directory, at + 16);
    const compressedSize = u32(directory, at + 20);
    const size = u32(directory, at + 24);
    const nameLength = u16(directory, at + 28);
    const extraLength = u16(directory, at + 30);
    const commentLength = u16(directory, at + 32);
    const localAt = u32(directory, at + 42);
    const name = decoder.decode(directory.subarray(at + 46, at + 46 + nameLength));
    const local = localAt + 30 <= source.size ? source.read(localAt, 30) : new Uint8Array(0);
    if (local.length !== 30 || u32(local, 0) !== LOCAL) throw new PackageError(NOT_A_WORKBOOK);
    const dataAt = localAt + 30 + u16(local, 26) + u16(local, 28);
    if (dataAt + compressedSize > source.size) throw new PackageError(NOT_A_WORKBOOK);
    if (method !== 0 && method !== 8)
      throw new PackageError(
        `The workbook's part ${name} is compressed in a way this command does not read. Open the file in Excel, save it, then try again.`,
      );
    entries.push(storedEntry(source, { name, method, crc, compressedSize, size, mtime: dosTime(time, date) }, dataAt));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The uncompressed bytes of an entry. */
export function entryBytes(entry: ZipEntry): Uint8Array {
  const bytes = entry.method === 0 ? entry.raw : inflateSync(entry.raw, { out: new Uint8Array(entry.size) });
  if (bytes.length !== entry.size) throw damaged(entry.name);
  return bytes;
}

export function entryText(entry: ZipEntry): string {
  return new TextDecoder().decode(entryBytes(entry));
}

/**
 * The entry's text piece by piece, inflated a slice at a time: a sheet of 100,000 rows is read
 * without ever holding its whole text (about ten times its compressed size) or its compressed bytes.
 */
export function* entryTextChunks(entry: ZipEntry): Generator<string> {
  const decoder = new TextDecoder();
  if (entry.method === 0) {
    for (const chunk of entry.rawChunks()) yield decoder.decode(chunk, { stream: true });
    const rest = decoder.decode();
    if (rest) yield rest;
    return;
  }
  const out: Uint8Array[] = [];
  const inflate = new Inflate((chunk) => out.push(chunk));
  let size = 0;
  let consumed = 0;
  const push = (chunk: Uint8Array, last: boolean) => {
    try {
      inflate.push(chunk, last);
    } catch {
      throw damaged(entry.name);
    }
  };
  if (entry.compressedSize === 0) push(new Uint8Array(0), true);
  for (const chunk of entry.rawChunks()) {
    consumed += chunk.length;
    push(chunk, consumed >= entry.compressedSize);
    for (const piece of out.splice(0)) {
      size += piece.length;
      yield decoder.decode(piece, { stream: true });
    }
  }
  if (size !== entry.size) throw damaged(entry.name);
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** What goes into the written archive for one name: the entry as it was, or new content. */
export type OutputEntry =
  { kind: "kept"; entry: ZipEntry } | { kind: "new"; name: string; mtime: Date; chunks: Iterable<string | Uint8Array> };

/** An untouched entry: its stored bytes, CRC and sizes handed to the writer as they were. */
function keptInput(entry: ZipEntry): ZipInputFile & { push(): void } {
  const file: ZipInputFile & { push(): void } = {
    filename: entry.name,
    size: entry.size,
    crc: entry.crc,
    compression: entry.method,
    mtime: entry.mtime,
    push() {
      // A slice at a time from the source: the writer passes each on at once, so neither copy is held.
      let sent = 0;
      for (const chunk of entry.rawChunks()) {
        sent += chunk.length;
        file.ondata!(null, chunk as Uint8Array<ArrayBuffer>, sent >= entry.compressedSize);
      }
      if (entry.compressedSize === 0) file.ondata!(null, new Uint8Array(0), true);
    },
  };
  return file;
}

/**
 * A DEFLATE compressor for one new entry, given by a host that has a faster one than fflate's
 * (the headless refresh: Node's zlib, src/headless/zlib-deflater.ts). `push` takes the entry's
 * bytes in order and returns the raw DEFLATE data ready so far (maybe none); the pieces
 * returned, in order, must make one DEFLATE stream, ended on `final`.
 */
export interface RawDeflater {
  push(chunk: Uint8Array, final: boolean): Uint8Array[];
}

export interface WriteZipOptions {
  /** A deflater per new entry; fflate's streaming one (level 3) without it. */
  deflater?: () => RawDeflater;
}

/** A new entry compressed by a host's deflater: fflate's pass-through entry keeps its CRC and size. */
class HostDeflatedEntry extends ZipPassThrough {
  constructor(
    name: string,
    private readonly deflater: RawDeflater,
  ) {
    super(name);
    this.compression = 8;
  }

  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    // A deflater that throws fails writeZip itself: `push` runs within its loop.
    let pieces = this.deflater.push(chunk, final);
    // The writer must hear `final` exactly once, on the stream's last piece.
    if (final && pieces.length === 0) pieces = [new Uint8Array(0)];
    pieces.forEach((piece, index) =>
      this.ondata(null, piece as Uint8Array<ArrayBuffer>, final && index === pieces.length - 1),
    );
  }
}

/**
 * Writes the archive entry by entry to `sink` (a file, a buffer): the kept entries' bytes as
 * they were, the new ones deflated chunk by chunk, so a large sheet is never held twice.
 */
export function writeZip(
  entries: Iterable<OutputEntry>,
  sink: (chunk: Uint8Array) => void,
  options: WriteZipOptions = {},
): void {
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else sink(chunk);
  });
  const encoder = new TextEncoder();
  let scratch = new Uint8Array(0);
  for (const output of entries) {
    if (output.kind === "kept") {
      const input = keptInput(output.entry);
      zip.add(input);
      input.push();
    } else {
      // Level 3: most of level 6's size in half its time, on sheets of 100,000 rows. mem 4: a
      // hash table of 2^16 entries (zlib's default size), where fflate's streaming default is
      // 2^20 (2 MB held for the whole sheet); the 100,000-row sheet deflates to the same size.
      const file = options.deflater
        ? new HostDeflatedEntry(output.name, options.deflater())
        : new ZipDeflate(output.name, { level: 3, mem: 4 });
      file.mtime = output.mtime;
      zip.add(file);
      for (const chunk of output.chunks) {
        if (typeof chunk !== "string") {
          file.push(chunk);
          continue;
        }
        // The deflater copies what it is pushed: one buffer takes every piece of text in turn.
        if (scratch.length < chunk.length * 3) scratch = new Uint8Array(chunk.length * 3);
        file.push(scratch.subarray(0, encoder.encodeInto(chunk, scratch).written));
      }
      file.push(new Uint8Array(0), true);
    }
    if (failure) throw failure;
  }
  zip.end();
  if (failure) throw failure;
}
