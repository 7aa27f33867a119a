import type { FormulaEditing } from "./formula-edit";
import type { PaneContext } from "../../shell/context";
import { whileBusy } from "../../widgets/dom";
import { lazyPart } from "../../shell/lazy-part";
import { formulaEditPart, freezePart, tableEditPart, tableInsertPart } from "./action-parts";
import type { QueryForm } from "./query-form";
import type { StatusBar } from "../../shell/status";
import type { TableEditing } from "./table-edit";
import type { insertLinkedTable as InsertLinkedTable } from "./table-insert";
import { queryElements } from "./elements";

export type { TableEditing };

/**
 * The Query tab's actions whose code is fetched when first used (src/taskpane/action-parts.ts),
 * with the signatures of the modules they load, so that the tab calls them as it would call
 * those modules. Their buttons stay busy while the code arrives; a load that fails is said in the
 * status bar (or thrown to the action bar's runner) and tried again on the next press.
 */

/** Runs `run` with a part once it is loaded; a failed load is said in the status bar. */
function pressWithPart<T>(
  button: HTMLButtonElement,
  status: StatusBar,
  part: () => Promise<T>,
  run: (loaded: T) => Promise<void>,
): void {
  button.addEventListener(
    "click",
    () =>
      void whileBusy(button, async () => {
        let loaded: T;
        try {
          loaded = await part();
        } catch (error) {
          status.error(error);
          return;
        }
        await run(loaded);
      }),
  );
}

export function setUpFreeze(context: PaneContext): void {
  pressWithPart(queryElements().freeze, context.status, freezePart, (part) => part.freezeSelectionAsValues(context));
}

/** "Edit selected formula"; Update formula and Stop editing appear once a formula is loaded, with the code that serves them. */
export function setUpFormulaEditing(
  context: PaneContext,
  form: QueryForm,
  currentFormula: () => string | undefined,
): void {
  const editing = lazyPart<FormulaEditing>(async () =>
    (await formulaEditPart()).setUpFormulaEditing(context, form, currentFormula),
  );
  pressWithPart(queryElements().editFormula, context.status, editing, (loaded) => loaded.edit());
}

/** Editing a stored table's query, started from the Queries tab: the banner and its buttons come with the code. */
export function setUpTableEditing(context: PaneContext, form: QueryForm): TableEditing {
  const editing = lazyPart(async () => (await tableEditPart()).setUpTableEditing(context, form));
  return {
    async edit(record) {
      try {
        await (await editing()).edit(record);
      } catch (error) {
        context.status.error(error);
      }
    },
  };
}

export async function insertLinkedTable(
  ...args: Parameters<typeof InsertLinkedTable>
): ReturnType<typeof InsertLinkedTable> {
  return (await tableInsertPart()).insertLinkedTable(...args);
}
