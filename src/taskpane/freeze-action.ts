import { freezePlan, localTimestamp, type FreezeNoteInput } from "../core/freeze-note";
import { freezeSelection } from "../office/freeze";
import type { PaneContext } from "./context";
import { plainMessage } from "./status";

/**
 * "Freeze selection as values": the selected table or REPORTING result copied to a new sheet as
 * values, named after its period, under a note of its query, profile, refresh and data-through
 * date, so that a closed month stops moving.
 */
export async function freezeSelectionAsValues(context: PaneContext): Promise<void> {
  async function dataThrough(): Promise<FreezeNoteInput["dataThrough"]> {
    try {
      return { day: (await context.runtime.reference("dates")).to };
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
        dataThrough: await dataThrough(),
      });
    });
    const rows = frozen.rows.toLocaleString();
    context.status.success(`Frozen as values on the new sheet "${frozen.sheetName}": ${rows} ${frozen.rows === 1 ? "row" : "rows"} under a note of the query.`);
  } catch (error) {
    context.status.error(error);
  }
}
