import { statsFunctionName, statsModelOfFormula } from "../../../core/formula-parse";
import { formulaProblem } from "../../../core/formula-text";
import { readSelectedFormula, updateFormulaInPlace, type SelectedFormula } from "../../../office/selection";
import type { PaneContext } from "../../shell/context";
import { whileBusy } from "../../widgets/dom";
import type { QueryForm } from "./query-form";
import { BUILD_NAMESPACE } from "../../shared/build-namespace";
import { queryElements } from "./elements";

export interface FormulaEditing {
  /** What "Edit selected formula" does (its button is wired by src/taskpane/query/on-demand-actions.ts). */
  edit(): Promise<void>;
}

/**
 * "Edit selected formula": the selected cell's =REPORTING.STATS(...) (or REPORTINGDEV.STATS) loaded into the query
 * builder, and "Update formula" writing the edited one back into that same cell. A formula the
 * builder cannot show whole is never loaded, so an update can never quietly drop part of it.
 */
export function setUpFormulaEditing(
  context: PaneContext,
  form: QueryForm,
  currentFormula: () => string | undefined,
): FormulaEditing {
  const editButton = queryElements().editFormula;
  const updateButton = queryElements().updateFormula;
  const stopButton = queryElements().stopEditing;
  const notice = queryElements().editing;
  /** The cell being edited and the formula it held when loaded or last updated. */
  let editing: SelectedFormula | undefined;

  function setEditing(target: SelectedFormula | undefined): void {
    editing = target;
    notice.hidden = target === undefined;
    notice.textContent = target
      ? `Editing the formula in ${target.address}. Change the query, then choose Update formula.`
      : "";
    updateButton.hidden = target === undefined;
    stopButton.hidden = target === undefined;
  }

  async function edit(): Promise<void> {
    if (context.host !== "excel") {
      context.status.show("Editing a formula needs Excel: open this add-in inside Excel.", "error");
      return;
    }
    context.status.busy("Reading the selected cell…");
    try {
      const selected = await readSelectedFormula();
      if (selected.formula === "") {
        context.status.show(
          `${selected.address} holds no formula. Select a cell with =${statsFunctionName(BUILD_NAMESPACE)}(...) or any cell of its result.`,
          "error",
        );
        return;
      }
      const read = statsModelOfFormula(selected.formula, () => context.today(), BUILD_NAMESPACE);
      const problem = "problem" in read ? read.problem : form.load(read.model);
      if (problem) {
        context.status.show(`${selected.address}: ${problem}`, "error");
        return;
      }
      setEditing(selected);
      context.status.success(
        `Loaded the formula of ${selected.address}. Change the query, then choose Update formula.`,
      );
    } catch (error) {
      context.status.error(error);
    }
  }

  async function update(): Promise<void> {
    const target = editing;
    if (!target) return;
    // currentFormula has shown what is wrong when it gives nothing.
    const formula = currentFormula();
    if (formula === undefined) return;
    const tooLong = formulaProblem(formula);
    if (tooLong) {
      context.status.show(tooLong, "error");
      return;
    }
    if (formula === target.formula) {
      context.status.show(`The formula in ${target.address} already reads like this: nothing was written.`);
      return;
    }
    context.status.busy(`Updating the formula in ${target.address}…`);
    try {
      await updateFormulaInPlace({ address: target.address, expected: target.formula, formula });
      setEditing({ address: target.address, formula });
      context.status.success(`Formula updated in ${target.address}. It recalculates with the new query.`);
    } catch (error) {
      context.status.error(error);
    }
  }

  updateButton.addEventListener("click", () => void whileBusy(updateButton, update));
  stopButton.addEventListener("click", () => {
    setEditing(undefined);
    context.status.show("Stopped editing: Insert formula writes a new formula at the selected cell.");
    editButton.focus();
  });
  return { edit };
}
