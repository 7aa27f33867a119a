import { Inflate, inflateSync, Zip, ZipDeflate, type ZipInputFile } from "fflate";

/**
 * An .xlsx as its zip entries, read from the central directory so that each entry's compressed
 * bytes, CRC and sizes are known as they were: an entry the refresh does not edit is written
 * back with exactly those bytes (fflate's `Zip` takes any `ZipInputFile`), not recompressed.
 * Zip64 archives (over 4 GB or 65,535 entries) are refused: Excel's workbooks never need them.
 */

export class PackageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PackageError";
  }
}

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  /** The entry's data as stored in the archive (compressed when `method` is 8). */
  raw: Uint8Array;
  /** DOS time and date of the entry, kept as they were. */
  mtime: Date;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const NOT_A_WORKBOOK = "The file is not an Excel workbook (.xlsx): it could not be opened as one. Check that you chose the right file and that it is not damaged.";

const u16 = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);
const u32 = (bytes: Uint8Array, at: number) => (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;

function dosTime(time: number, date: number): Date {
  return new Date(1980 + (date >> 9), ((date >> 5) & 15) - 1, date & 31, time >> 11, (time >> 5) & 63, (time & 31) * 2);
}

function endOfCentralDirectory(bytes: Uint8Array): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
    if (u32(bytes, at) === EOCD) return at;
  }
  throw new PackageError(NOT_A_WORKBOOK);
}

/** Every entry of the archive, in central-directory order. */
export function readZip(bytes: Uint8Array): ZipEntry[] {
  if (bytes.length < 22) throw new PackageError(NOT_A_WORKBOOK);
  const end = endOfCentralDirectory(bytes);
  const count = u16(bytes, end + 10);
  let at = u32(bytes, end + 16);
  if (count === 0xffff || at === 0xffffffff) throw new PackageError("The workbook is too large to refresh without Excel (it is a Zip64 archive).");
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.length || u32(bytes, at) !== CENTRAL) throw new PackageError(NOT_A_WORKBOOK);
    const method = u16(bytes, at + 10);
    const [time, date] = [u16(bytes, at + 12), u16(bytes, at + 14)];
    const crc = u32(bytes, at + 16);
    const compressedSize = u32(bytes, at + 20);
    const size = u32(bytes, at + 24);
    const nameLength = u16(bytes, at + 28);
    const extraLength = u16(bytes, at + 30);
    const commentLength = u16(bytes, at + 32);
    const localAt = u32(bytes, at + 42);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (localAt + 30 > bytes.length || u32(bytes, localAt) !== LOCAL) throw new PackageError(NOT_A_WORKBOOK);
    const dataAt = localAt + 30 + u16(bytes, localAt + 26) + u16(bytes, localAt + 28);
    if (dataAt + compressedSize > bytes.length) throw new PackageError(NOT_A_WORKBOOK);
    if (method !== 0 && method !== 8) throw new PackageError(`The workbook's part ${name} is compressed in a way this command does not read. Open the file in Excel, save it, then try again.`);
    entries.push({ name, method, crc, compressedSize, size, raw: bytes.subarray(dataAt, dataAt + compressedSize), mtime: dosTime(time, date) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The uncompressed bytes of an entry. */
export function entryBytes(entry: ZipEntry): Uint8Array {
  const bytes = entry.method === 0 ? entry.raw : inflateSync(entry.raw, { out: new Uint8Array(entry.size) });
  if (bytes.length !== entry.size) throw new PackageError(`The workbook's part ${entry.name} is damaged. Open the file in Excel, save it, then try again.`);
  return bytes;
}

export function entryText(entry: ZipEntry): string {
  return new TextDecoder().decode(entryBytes(entry));
}

const SLICE = 8 * 1024;

/**
 * The entry's text piece by piece, inflated a slice at a time: a sheet of 100,000 rows is read
 * without ever holding its whole text (about ten times its compressed size).
 */
export function* entryTextChunks(entry: ZipEntry): Generator<string> {
  const decoder = new TextDecoder();
  if (entry.method === 0) {
    for (let at = 0; at < entry.raw.length; at += SLICE) yield decoder.decode(entry.raw.subarray(at, at + SLICE), { stream: true });
    const rest = decoder.decode();
    if (rest) yield rest;
    return;
  }
  const out: Uint8Array[] = [];
  const inflate = new Inflate((chunk) => out.push(chunk));
  let size = 0;
  for (let at = 0; at < entry.raw.length || at === 0; at += SLICE) {
    const last = at + SLICE >= entry.raw.length;
    try {
      inflate.push(entry.raw.subarray(at, at + SLICE), last);
    } catch {
      throw new PackageError(`The workbook's part ${entry.name} is damaged. Open the file in Excel, save it, then try again.`);
    }
    for (const chunk of out.splice(0)) {
      size += chunk.length;
      yield decoder.decode(chunk, { stream: true });
    }
    if (last) break;
  }
  if (size !== entry.size) throw new PackageError(`The workbook's part ${entry.name} is damaged. Open the file in Excel, save it, then try again.`);
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** What goes into the written archive for one name: the entry as it was, or new content. */
export type OutputEntry = { kind: "kept"; entry: ZipEntry } | { kind: "new"; name: string; mtime: Date; chunks: Iterable<string | Uint8Array> };

/** An untouched entry: its stored bytes, CRC and sizes handed to the writer as they were. */
function keptInput(entry: ZipEntry): ZipInputFile & { push(): void } {
  const file: ZipInputFile & { push(): void } = {
    filename: entry.name,
    size: entry.size,
    crc: entry.crc,
    compression: entry.method,
    mtime: entry.mtime,
    push() {
      file.ondata!(null, entry.raw as Uint8Array<ArrayBuffer>, true);
    },
  };
  return file;
}

/**
 * Writes the archive entry by entry to `sink` (a file, a buffer): the kept entries' bytes as
 * they were, the new ones deflated chunk by chunk, so a large sheet is never held twice.
 */
export function writeZip(entries: Iterable<OutputEntry>, sink: (chunk: Uint8Array) => void): void {
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
      // Level 3: most of level 6's size in half its time, on sheets of 100,000 rows.
      const file = new ZipDeflate(output.name, { level: 3 });
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
