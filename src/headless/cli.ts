import { parseArgs } from "node:util";
import { refreshFiles } from "./refresh-files";
import { stopCleanlyOnSignals } from "./temporary-files";

/**
 * npm run refresh-workbook -- BOOK.xlsx [MORE.xlsx ...] --credentials CREDENTIALS.json
 *                             [--out OUT.xlsx | --in-place] [--only TABLE_NAME ...]
 *                             [--log FILE.jsonl] [--notify-url URL] [--dry-run] [--threshold PERCENT] [--check-frozen]
 * See docs/headless-refresh.md.
 */

const USAGE =
  "Usage: npm run refresh-workbook -- BOOK.xlsx [MORE.xlsx ...] --credentials CREDENTIALS.json [--out OUT.xlsx | --in-place] [--only TABLE_NAME ...] [--log FILE.jsonl] [--notify-url URL] [--dry-run] [--threshold PERCENT] [--check-frozen]";

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        credentials: { type: "string" },
        out: { type: "string" },
        "in-place": { type: "boolean" },
        only: { type: "string", multiple: true },
        log: { type: "string" },
        "notify-url": { type: "string" },
        "dry-run": { type: "boolean" },
        threshold: { type: "string" },
        "check-frozen": { type: "boolean" },
        help: { type: "boolean" },
      },
    });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!values.credentials) {
    process.stderr.write(`Give the credentials file with --credentials (a JSON file only you can read).\n${USAGE}\n`);
    return 2;
  }
  return refreshFiles(
    {
      files: positionals,
      credentials: values.credentials,
      ...(values.out ? { out: values.out } : {}),
      ...(values["in-place"] ? { inPlace: true } : {}),
      ...(values.only ? { only: values.only } : {}),
      ...(values.log ? { log: values.log } : {}),
      ...(values["notify-url"] ? { notifyUrl: values["notify-url"] } : {}),
      ...(values["dry-run"] ? { dryRun: true } : {}),
      ...(values["check-frozen"] ? { checkFrozen: true } : {}),
      // Not a number ("1%") reaches refreshFiles as NaN, which refuses it in plain words.
      ...(values.threshold !== undefined
        ? { thresholdPercent: values.threshold.trim() === "" ? Number.NaN : Number(values.threshold) }
        : {}),
    },
    { stdout: (line) => process.stdout.write(`${line}\n`), stderr: (line) => process.stderr.write(`${line}\n`) },
  );
}

stopCleanlyOnSignals();
main().then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    process.stderr.write(
      `The refresh stopped on an unexpected error: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 2;
  },
);
