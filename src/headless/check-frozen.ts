import { checkFrozenSheets, type FrozenCheck, type FrozenFetchDependencies } from "../core/changes/frozen-check";
import { frozenCheckLine } from "../core/changes/frozen-check-text";
import { groupColumnsOf, loggedChanges, type LoggedChanges } from "../core/changes/streamed-changes";
import { frozenRowsIn, frozenSheetRecords } from "../core/xlsx/frozen-sheet-parts";
import { WorkbookPackage } from "../core/xlsx/workbook-package";
import { PackageError } from "../core/xlsx/zip-package";
import { UsageError } from "./usage-error";
import { openWorkbookFile, type WorkbookFile } from "./workbook-files";
import { thresholdFor } from "./change-threshold";

/**
 * `--check-frozen`: asks the service each frozen sheet's query again and says, per sheet, whether
 * the close still holds, as the pane's "Check frozen sheets" does. The file is only read.
 */

export interface FrozenCheckLine {
  file: string;
  frozenSheet: string;
  /** `moved`: the service's numbers differ from the frozen ones; `unchecked`: see `reason`. */
  outcome: FrozenCheck["kind"];
  /** The pane's sentence for the sheet. */
  line: string;
  frozenDay: string;
  /** The frozen cells were edited after the freeze: they were compared as they are now. */
  edited?: boolean;
  changes?: LoggedChanges;
  reason?: string;
}

/** `thresholdPercent` undefined: the workbook's own (Queries tab), else 1 %. */
export async function checkFrozenFile(
  file: string,
  deps: FrozenFetchDependencies,
  givenThreshold: number | undefined,
): Promise<{ status: 0 | 1; lines: FrozenCheckLine[] }> {
  // Read where it lies, as the refresh reads it: only the parts the check needs are loaded.
  const source: WorkbookFile = openWorkbookFile(file);
  try {
    return await checkPackage(file, source, deps, givenThreshold);
  } finally {
    source.close();
  }
}

async function checkPackage(
  file: string,
  source: WorkbookFile,
  deps: FrozenFetchDependencies,
  givenThreshold: number | undefined,
): Promise<{ status: 0 | 1; lines: FrozenCheckLine[] }> {
  let pkg: WorkbookPackage;
  try {
    pkg = new WorkbookPackage(source);
  } catch (error) {
    if (error instanceof PackageError) throw new UsageError(`${file}: ${error.message}`);
    throw error;
  }
  const thresholdPercent = thresholdFor(pkg, givenThreshold);
  const records = frozenSheetRecords(pkg);
  const checks = await checkFrozenSheets(
    records,
    { ...deps, readFrozen: async (record) => frozenRowsIn(pkg, record) },
    thresholdPercent,
    new AbortController().signal,
  );
  const lines = checks.map((check): FrozenCheckLine => ({
    file,
    frozenSheet: check.record.sheet.name,
    outcome: check.kind,
    line: frozenCheckLine(check, thresholdPercent),
    frozenDay: check.record.fingerprint.frozenDay,
    ...(check.kind === "unchecked"
      ? { reason: check.reason }
      : {
          ...(check.edited ? { edited: true } : {}),
          changes: loggedChanges(check.changes, groupColumnsOf(check.fresh.columns), thresholdPercent),
        }),
  }));
  return { status: checks.some((check) => check.kind === "unchecked") ? 1 : 0, lines };
}
