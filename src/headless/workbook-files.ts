import {
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { WorkbookPackage } from "../core/xlsx/workbook-package";
import { writeZip, type OutputEntry, type ZipSource } from "../core/xlsx/zip-package";
import { temporaryFiles } from "./temporary-files";
import { UsageError } from "./usage-error";
import { zlibRawDeflater } from "./zlib-deflater";

/**
 * Where a refreshed workbook goes and how it gets there: always through a temporary file in the
 * destination's folder, read back and checked before a rename puts it in place, so the file a
 * user opens is never half-written, and an interrupted run leaves the input as it was.
 */

/** `~$BOOK.xlsx` beside `BOOK.xlsx`: the owner file Excel keeps while the workbook is open. */
export function excelLockOf(file: string): string {
  return path.join(path.dirname(file), `~$${path.basename(file)}`);
}

export function defaultOutputOf(file: string): string {
  const extension = path.extname(file);
  return path.join(path.dirname(file), `${path.basename(file, extension)}.refreshed${extension || ".xlsx"}`);
}

/** A workbook file read where it lies, by positioned reads: open until `close`. */
export interface WorkbookFile extends ZipSource {
  close(): void;
}

function fileSource(file: string): WorkbookFile {
  const fd = openSync(file, "r");
  let size: number;
  try {
    size = fstatSync(fd).size;
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return {
    size,
    read(at, length) {
      const bytes = new Uint8Array(Math.max(0, Math.min(length, size - at)));
      let got = 0;
      while (got < bytes.length) {
        const read = readSync(fd, bytes, got, bytes.length - got, at + got);
        if (read === 0) break;
        got += read;
      }
      return got === bytes.length ? bytes : bytes.subarray(0, got);
    },
    close: () => closeSync(fd),
  };
}

/**
 * The workbook to refresh, not loaded: the zip's directory and the parts the refresh reads are
 * read from the file, and its untouched parts are copied from it a slice at a time when the
 * refreshed copy is written, so a run never holds the whole input.
 */
export function openWorkbookFile(file: string): WorkbookFile {
  try {
    return fileSource(file);
  } catch {
    throw new UsageError(`The workbook ${file} could not be read. Check the path, and that this account may read it.`);
  }
}

/** `.BOOK.xlsx.<pid>.refreshing`: the temporary file a run writes beside BOOK.xlsx. */
export const temporaryOf = (target: string, pid: number = process.pid) =>
  path.join(path.dirname(target), `.${path.basename(target)}.${pid}.refreshing`);
const TEMPORARY = /^\..+\.\d+\.refreshing$/;

/** A run writes a 100,000-row workbook in well under a minute: an hour-old temporary file is a killed run's. */
export const STALE_AFTER_MS = 60 * 60 * 1000;

/**
 * Deletes the temporary files that runs of this command left in `dir` when they were killed:
 * only files named as this command names them, and only those older than `staleMs`, so that
 * another run writing now (on this host or another sharing the folder) keeps its own. Returns
 * the names deleted.
 */
export function removeStaleTemporaries(
  dir: string,
  now: number = Date.now(),
  staleMs: number = STALE_AFTER_MS,
  pattern: RegExp = TEMPORARY,
): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((name) => {
    if (!pattern.test(name)) return false;
    try {
      const stat = statSync(path.join(dir, name));
      if (!stat.isFile() || now - stat.mtimeMs < staleMs) return false;
      rmSync(path.join(dir, name), { force: true });
      return true;
    } catch {
      return false;
    }
  });
}

/** Writes `entries` as a zip to a temporary file beside `target`, checks it opens, then renames it over `target`. */
export function writeWorkbookFile(target: string, entries: Iterable<OutputEntry>): void {
  const temporary = temporaryOf(target);
  // The refreshed file keeps the permissions of the one it replaces.
  const mode = existsSync(target) ? statSync(target).mode & 0o777 : 0o644;
  const fd = openSync(temporary, "w", mode);
  temporaryFiles.add(temporary);
  try {
    writeZip(
      entries,
      (chunk) => {
        for (let written = 0; written < chunk.length;) written += writeSync(fd, chunk, written);
      },
      { deflater: () => zlibRawDeflater() },
    );
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    temporaryFiles.delete(temporary);
    throw error;
  }
  closeSync(fd);
  try {
    // Read back from the disk, entry by entry (the file is not loaded): the zip's directory, each
    // entry's local header and the extent of its data, and the workbook part must be there before
    // it replaces anything.
    const written = fileSource(temporary);
    try {
      new WorkbookPackage(written);
    } finally {
      written.close();
    }
  } catch {
    rmSync(temporary, { force: true });
    temporaryFiles.delete(temporary);
    throw new Error(
      `The refreshed copy of ${target} could not be read back, so nothing was replaced. Check the free space of the disk, then run the refresh again.`,
    );
  }
  renameSync(temporary, target);
  temporaryFiles.delete(temporary);
}

export function lockedByExcel(file: string): boolean {
  return existsSync(excelLockOf(file));
}
