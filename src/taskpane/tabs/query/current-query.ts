import { readStatsQuery, type StatsQuery } from "../../../core/arguments/stats-query";
import { statsArgumentsOf, statsFormula, type StatsQueryModel } from "../../../core/formula-text";
import type { QueryForm } from "./query-form";
import { plainMessage, type StatusBar } from "../../shell/status";
import { BUILD_NAMESPACE } from "../../shared/build-namespace";

export interface CurrentQuery {
  model: StatsQueryModel;
  query: StatsQuery;
  formula: string;
  period: { from: string; to: string };
}

/**
 * The query of the form, checked by the same parser the formulas use; undefined, with the reason
 * in the status bar and focus on the field to fix, while the form is wrong.
 */
export function currentQueryOf(form: QueryForm, status: StatusBar, today: () => string): CurrentQuery | undefined {
  const read = form.read();
  if ("problem" in read) {
    status.show(`Fix the marked field first: ${read.problem}`, "error");
    // A field under a closed disclosure (Advanced) cannot take focus: open it first.
    const disclosure = read.field.closest("details");
    if (disclosure) disclosure.open = true;
    read.field.focus();
    return undefined;
  }
  try {
    const query = readStatsQuery(statsArgumentsOf(read.model), today);
    return { model: read.model, query, formula: statsFormula(read.model, BUILD_NAMESPACE), period: read.period };
  } catch (error) {
    status.show(plainMessage(error), "error");
    return undefined;
  }
}
