import { closeSync, openSync, readSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { StringDecoder } from "node:string_decoder";
import type { RowSpool } from "../core/xlsx/table-fetch";
import type { TableCell } from "../core/workbook-queries/table-columns";
import { temporaryFiles } from "./temporary-files";

/**
 * A table's new rows kept in a private temporary file (one JSON array per line) between the
 * fetch and the writing of the workbook, so that a refresh of 100,000 rows holds a few pages in
 * memory rather than every row. Read as often as the package needs it; deleted by `dispose`.
 */

export const SPOOL_PREFIX = "refresh-workbook-";
/** The spool files runs make (a killed run leaves them): `refresh-workbook-<pid>-<n>.rows`; one run's when `pid` is given. */
export const spoolFilesOf = (pid?: number): RegExp => new RegExp(`^${SPOOL_PREFIX}${pid ?? "\\d+"}-\\d+\\.rows$`);
export const SPOOL_FILE = spoolFilesOf();
let made = 0;

export function fileSpool(dir: string = tmpdir()): RowSpool {
  made += 1;
  const file = path.join(dir, `${SPOOL_PREFIX}${process.pid}-${made}.rows`);
  const fd = openSync(file, "wx+", 0o600);
  temporaryFiles.add(file);
  let count = 0;
  let closed = false;
  return {
    append(rows) {
      // A few hundred rows at a time: V8 keeps large strings and buffers until a full collection.
      for (let from = 0; from < rows.length; from += 500) {
        let text = "";
        for (const row of rows.slice(from, from + 500)) text += `${JSON.stringify(row)}\n`;
        const bytes = Buffer.from(text, "utf8");
        for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written);
      }
      count += rows.length;
    },
    get count() {
      return count;
    },
    *rows(): Generator<readonly TableCell[]> {
      const buffer = Buffer.alloc(32 * 1024);
      const decoder = new StringDecoder("utf8");
      let position = 0;
      let rest = "";
      for (;;) {
        const read = readSync(fd, buffer, 0, buffer.length, position);
        if (read === 0) break;
        position += read;
        const text = rest + decoder.write(buffer.subarray(0, read));
        const lines = text.split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) yield JSON.parse(line) as TableCell[];
      }
      if (rest) yield JSON.parse(rest) as TableCell[];
    },
    dispose() {
      if (closed) return;
      closed = true;
      closeSync(fd);
      rmSync(file, { force: true });
      temporaryFiles.delete(file);
    },
  };
}
