import { mkdirSync } from "node:fs";
import path from "node:path";

/**
 * Points TMPDIR (so `os.tmpdir()` here and in every process the test starts) at a folder of the
 * test's own, until the returned function puts it back. The refresh command spools rows into
 * TMPDIR and reports, then deletes, the spool files that killed runs left there over an hour
 * ago: in a shared /tmp, another test's killed child (or a developer's) adds a line this test did
 * not cause.
 */
export function usePrivateTmpdir(parent: string): () => void {
  const previous = process.env.TMPDIR;
  const own = path.join(parent, "tmp");
  mkdirSync(own, { recursive: true });
  process.env.TMPDIR = own;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  };
}
