import { fingerprintText } from "../../../core/changes/fingerprint";
import { freezeFingerprint, noteTableQuery, type FreezeFingerprint } from "../../../core/changes/freeze-fingerprint";
import {
  formulaProfile,
  freezePlan,
  localTimestamp,
  type FreezeNoteInput,
  type FreezeSourceInfo,
} from "../../../core/freeze-note";
import { isoTime } from "../../../core/workbook-queries/table-refresh";
import { newRecordId, type StoredTableQuery } from "../../../core/workbook-queries/stored-query";
import { freezeSelection } from "../../../office/freeze";
import { frozenSheetStore } from "../../../office/tables/frozen-sheet-store";
import { pageQueries } from "../../../office/tables/page-queries";
import type { PaneContext } from "../../shell/context";
import { plainMessage } from "../../shell/status";

/** The record of the table copied, when the add-in refreshes it: by Excel's id, else by name. */
async function tableRecord(source: FreezeSourceInfo): Promise<StoredTableQuery | undefined> {
  if (source.kind !== "table") return undefined;
  const { records } = await pageQueries().store.list();
  const name = source.tableName?.toLowerCase();
  return (
    records.find((record) => record.table.excelId === source.tableId) ??
    records.find((record) => record.table.name.toLowerCase() === name)
  );
}

/**
 * "Freeze selection as values": the selected table or REPORTING result copied to a new sheet as
 * values, named after its period, under a note of its query, profile, refresh and data-through
 * date, so that a closed month stops moving. Its fingerprint (the note's last row, and a record in
 * the workbook) lets "Check frozen sheets" tell later whether the service still says the same.
 */
export async function freezeSelectionAsValues(context: PaneContext): Promise<void> {
  /** From the profile the formula pins, if any: another account's service can be a day behind. */
  async function dataThrough(formula: string | undefined): Promise<FreezeNoteInput["dataThrough"]> {
    try {
      const profile = formula ? formulaProfile(formula, () => context.today()) : undefined;
      return { day: (await context.runtime.reference("dates", profile ? { profile } : {})).to };
    } catch (error) {
      return { unknown: `the service could not say: ${plainMessage(error)}` };
    }
  }

  if (context.host !== "excel") {
    context.status.show("Freezing needs Excel: open this add-in inside Excel.", "error");
    return;
  }
  context.status.busy("Reading the selection…");
  const frozenDay = context.today();
  let print: FreezeFingerprint | undefined;
  try {
    const frozen = await freezeSelection(async (source) => {
      context.status.busy(`Copying ${source.rows.length.toLocaleString()} rows as values…`);
      // A workbook whose records cannot be read still freezes: the note then names the table only.
      const record = await tableRecord(source).catch(() => undefined);
      const through = await dataThrough(source.formula);
      const plan = freezePlan({
        source,
        today: () => frozenDay,
        copiedAt: localTimestamp(new Date()),
        activeProfile: context.current().active?.name,
        dataThrough: through,
        storedQuery: record ? noteTableQuery(record, frozenDay) : undefined,
      });
      const [, noteQuery = ""] = plan.note.find(([label]) => label === "Query") ?? [];
      print = freezeFingerprint({
        source,
        record,
        frozenDay,
        dataThrough: record?.lastRefresh?.dataThrough ?? ("day" in through ? through.day : undefined),
        noteQuery,
      });
      return { ...plan, note: [...plan.note, ["Fingerprint", fingerprintText(print.fingerprint)]] };
    });
    const rows = frozen.rows.toLocaleString();
    const done = `Frozen as values on the new sheet "${frozen.sheetName}": ${rows} ${frozen.rows === 1 ? "row" : "rows"} under a note of the query.`;
    if (!print) throw new Error("the freeze made no fingerprint");
    try {
      await frozenSheetStore().put({
        version: 1,
        id: newRecordId(),
        sheet: { excelId: frozen.sheetId, name: frozen.sheetName },
        frozenAt: isoTime(Date.now()),
        source: frozen.source.address,
        values: { firstRow: frozen.firstRow, header: print.header, columns: Math.max(frozen.columns, 1) },
        fingerprint: print.fingerprint,
      });
    } catch (error) {
      context.status.show(
        `${done} Its fingerprint could not be kept in the workbook, so Check frozen sheets will not list it. ${plainMessage(error)}`,
        "error",
      );
      return;
    }
    context.status.success(done);
  } catch (error) {
    context.status.error(error);
  }
}
