import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

export const REPO_ROOT = resolve(__dirname, "../..");

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), info.mtimeMs);
}

/**
 * dist/ when a build wrote every one of `outputs` there after the last change to `inputs`
 * (paths below the repository; `npm test` builds first), so a test can use it instead of
 * building again.
 */
export function freshDist(outputs: readonly string[], inputs: readonly string[]): string | undefined {
  const dist = join(REPO_ROOT, "dist");
  const files = outputs.map((file) => join(dist, file));
  if (!files.every((file) => existsSync(file))) return undefined;
  const builtAt = Math.min(...files.map((file) => statSync(file).mtimeMs));
  const changedAt = Math.max(...inputs.map((input) => newestChange(join(REPO_ROOT, input))));
  return builtAt > changedAt ? dist : undefined;
}
