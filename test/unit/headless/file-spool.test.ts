import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileSpool } from "../../../src/headless/file-spool";

/** The command's spool of a table's new rows: a private file, read back as written, as often as asked, then deleted. */
describe("fileSpool", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "spool-test-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("gives back every row as appended, across reads of many pieces and characters of several bytes", () => {
    const spool = fileSpool(dir);
    // Rows long enough, and with characters of 2 to 4 bytes, to cross the reader's pieces anywhere.
    const rows = Array.from({ length: 3_000 }, (_, index) => [
      `Ünïcödé ${index} “quoted” \n 🎯`,
      index * 1.5,
      index % 2 === 0,
      "",
    ]);
    spool.append(rows.slice(0, 1_234));
    spool.append(rows.slice(1_234));
    expect(spool.count).toBe(3_000);
    expect([...spool.rows()]).toEqual(rows);
    expect([...spool.rows()]).toHaveLength(3_000);
    const [file] = readdirSync(dir);
    expect(statSync(path.join(dir, file!)).mode & 0o777).toBe(0o600);
    spool.dispose();
    expect(existsSync(path.join(dir, file!))).toBe(false);
  });
});
