import { checkFrozenSheet, type FrozenCheck } from "../../../core/changes/frozen-check";
import {
  frozenCheckLine,
  frozenChecksSummary,
  frozenMoveLines,
  frozenTotalLines,
} from "../../../core/changes/frozen-check-text";
import type { FrozenSheetRecord } from "../../../core/changes/frozen-sheet-record";
import { restatedSheet } from "../../../core/changes/restated-sheet";
import { localTimestamp } from "../../../core/freeze-note";
import { runtimeFetchDependencies } from "../../../core/workbook-queries/runtime-fetch";
import { changeThresholdOf, DEFAULT_CHANGE_THRESHOLD } from "../../../core/workbook-queries/workbook-options";
import { frozenSheetNameNow, readFrozenValues, writeRestatedSheet } from "../../../office/frozen-sheets";
import { frozenSheetStore } from "../../../office/tables/frozen-sheet-store";
import { pageQueries } from "../../../office/tables/page-queries";
import type { PaneContext } from "../../shell/context";
import { el, whileBusy } from "../../widgets/dom";
import { plainMessage } from "../../shell/status";
import { queriesElements } from "./elements";

/**
 * "Check frozen sheets" in the Queries tab: each sheet Freeze for close made, its query asked of
 * the service again (fresh), and per sheet whether it still holds, with the largest moves and, on
 * request, the comparison written to a new sheet. The frozen sheets are only read.
 */
export function setUpFrozenChecks(context: PaneContext): void {
  const button = queriesElements().checkFrozen;
  const list = queriesElements().frozenResults;
  const status = context.status;

  /** The record with the sheet's name now: the user may have renamed it since the freeze. */
  async function current(record: FrozenSheetRecord): Promise<FrozenSheetRecord> {
    const name = await frozenSheetNameNow(record).catch(() => undefined);
    return name ? { ...record, sheet: { ...record.sheet, name } } : record;
  }

  function item(check: FrozenCheck, threshold: number): HTMLLIElement {
    const beyond = check.kind === "moved" && check.beyond;
    const moves = frozenMoveLines(check);
    const name = check.record.sheet.name;
    const children: HTMLElement[] = [el("p", { text: frozenCheckLine(check, threshold) })];
    const totals = frozenTotalLines(check);
    if (totals.length > 0 || moves.length > 0) {
      children.push(
        el("details", {}, [
          el("summary", { text: `Totals and largest moves (${moves.length})` }),
          el(
            "ul",
            { className: "totals", attrs: { "aria-label": "Totals, frozen and now" } },
            totals.map((line) => el("li", { text: line })),
          ),
          el(
            "ul",
            { className: "moves", attrs: { "aria-label": "Largest moves" } },
            moves.map((line) => el("li", { text: line })),
          ),
        ]),
      );
    }
    if (check.kind !== "unchecked") {
      const write = el("button", {
        className: "subtle",
        text: "Write the comparison",
        attrs: { type: "button", "aria-label": `Write the comparison of ${name} to a new sheet` },
      });
      write.addEventListener("click", () => void whileBusy(write, () => writeComparison(check)));
      children.push(el("div", { className: "button-row" }, [write]));
    }
    return el(
      "li",
      {
        className: check.kind === "moved" ? (beyond ? "moved beyond" : "moved") : check.kind,
        attrs: { "data-sheet": name },
      },
      children,
    );
  }

  async function writeComparison(check: Extract<FrozenCheck, { changes: unknown }>): Promise<void> {
    try {
      const written = await writeRestatedSheet(check.record.sheet.name, () =>
        restatedSheet(check, localTimestamp(new Date())),
      );
      status.success(
        `Wrote the comparison with ${check.record.sheet.name} on the new sheet "${written.sheetName}". The frozen sheet is unchanged.`,
      );
    } catch (error) {
      status.show(`The comparison was not written. ${plainMessage(error)}`, "error");
    }
  }

  async function checkAll(): Promise<void> {
    if (context.host !== "excel") {
      status.show("Checking frozen sheets needs Excel: open this add-in inside Excel.", "error");
      return;
    }
    // The workbook's own threshold, the one its refreshes are flagged by (Queries tab).
    const threshold = await pageQueries()
      .store.options()
      .then(changeThresholdOf, () => DEFAULT_CHANGE_THRESHOLD);
    list.hidden = true;
    status.busy("Reading the frozen sheets…");
    try {
      const { records } = await frozenSheetStore().list();
      const deps = { ...runtimeFetchDependencies(context.runtime), readFrozen: readFrozenValues };
      const checks: FrozenCheck[] = [];
      for (const [index, stored] of records.entries()) {
        const record = await current(stored);
        status.busy(`Checking ${record.sheet.name} (${index + 1} of ${records.length})…`);
        checks.push(await checkFrozenSheet(record, deps, threshold, new AbortController().signal));
      }
      list.replaceChildren(...checks.map((check) => item(check, threshold)));
      list.hidden = checks.length === 0;
      const summary = frozenChecksSummary(checks, threshold);
      status.show(summary, checks.some((check) => check.kind === "unchecked") ? "error" : "success");
    } catch (error) {
      status.show(`The frozen sheets could not be checked. ${plainMessage(error)}`, "error");
    }
  }

  button.disabled = context.host !== "excel";
  button.addEventListener("click", () => void whileBusy(button, checkAll));
}
