import { formulaProfile, freezePlan, localTimestamp, type FreezeNoteInput } from "../core/freeze-note";
import { freezeSelection } from "../office/freeze";
import type { PaneContext } from "./context";
import { plainMessage } from "./status";

/**
 * "Freeze selection as values": the selected table or REPORTING result copied to a new sheet as
 * values, named after its period, under a note of its query, profile, refresh and data-through
 * date, so that a closed month stops moving.
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
  try {
    const frozen = await freezeSelection(async (source) => {
      context.status.busy(`Copying ${source.rows.length.toLocaleString()} rows as values…`);
      return freezePlan({
        source,
        today: () => context.today(),
        copiedAt: localTimestamp(new Date()),
        activeProfile: context.current().active?.name,
        dataThrough: await dataThrough(source.formula),
      });
    });
    const rows = frozen.rows.toLocaleString();
    context.status.success(`Frozen as values on the new sheet "${frozen.sheetName}": ${rows} ${frozen.rows === 1 ? "row" : "rows"} under a note of the query.`);
  } catch (error) {
    context.status.error(error);
  }
}
