import { newRecordId } from "../../../core/workbook-queries/stored-query";
import {
  builderModelOf,
  savedModelOf,
  savedQueryNameProblem,
  type SavedQuery,
} from "../../../core/workbook-queries/saved-query";
import { isoTime } from "../../../core/workbook-queries/table-refresh";
import { savedQueryStore } from "../../../office/tables/saved-query-store";
import type { PaneContext } from "../../shell/context";
import { whileBusy } from "../../widgets/dom";
import { queriesChanged } from "../../shared/queries-events";
import type { QueryForm } from "./query-form";
import { plainMessage } from "../../shell/status";
import type { CurrentQuery } from "./current-query";
import { FieldMessages } from "./field-messages";
import { queryElements } from "./elements";

/**
 * The Query tab's Save query: the form's query kept in the workbook under a name, without
 * inserting anything; the Queries tab lists it. A missing or taken name is said under the name
 * field, which gets the focus; a query the form cannot run is said as every action says it.
 */
export function setUpSaveQuery(context: PaneContext, currentQuery: () => CurrentQuery | undefined): void {
  const name = queryElements().saveName;
  const button = queryElements().saveQuery;
  const messages = new FieldMessages();

  function fieldProblem(problem: string | undefined): boolean {
    messages.show(problem ? [{ focus: name, marked: name, problem }] : []);
    if (problem) name.focus();
    return problem !== undefined;
  }

  async function save(): Promise<void> {
    const current = currentQuery();
    if (!current) return;
    const wanted = name.value.trim();
    if (fieldProblem(savedQueryNameProblem(wanted, []))) return;
    try {
      const store = savedQueryStore();
      const { queries } = await store.list();
      if (fieldProblem(savedQueryNameProblem(wanted, queries))) return;
      await store.put({
        version: 1,
        id: newRecordId(),
        name: wanted,
        query: savedModelOf(current.model),
        savedAt: isoTime(Date.now()),
      });
    } catch (error) {
      context.status.show(`The query was not saved. ${plainMessage(error)}`, "error");
      return;
    }
    name.value = "";
    queriesChanged();
    context.status.success(
      `Saved the query ${wanted} in this workbook: the Queries tab lists it, to load it here again.`,
    );
  }

  button.addEventListener("click", () => void whileBusy(button, save));
  // Enter in the name saves it, rather than submitting the form around it (which previews).
  name.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    button.click();
  });
  // The message goes once the name changes: it was about the name as it was.
  name.addEventListener("input", () => fieldProblem(undefined));
}

export interface SavedQueryLoading {
  /** Fills the Query tab's form with a saved query: the starting point of a preview, a table or a formula. */
  loadSaved(query: SavedQuery): void | Promise<void>;
}

export function savedQueryLoading(context: PaneContext, form: QueryForm): SavedQueryLoading {
  return {
    loadSaved(query) {
      if (queryElements().form.hidden) {
        context.status.show(
          `Sign in on the Connect tab with a Reporting profile, then load the saved query ${query.name} again.`,
          "error",
        );
        return;
      }
      const problem = form.load(builderModelOf(query.query));
      if (problem) {
        context.status.show(`The builder cannot show the saved query ${query.name}. ${problem}`, "error");
        return;
      }
      context.status.show(
        `The saved query ${query.name} is in the builder: preview it, insert it as a table or a formula, or change it first.`,
      );
    },
  };
}
