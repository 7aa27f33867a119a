import { COMPARE_MODES, type CompareMode } from "../../../core/compare/compare-mode";
import type { StatsQueryModel } from "../../../core/formula-text";

/** The builder's "Compare with" select: its empty option is no comparison. */
export function compareChoiceOf(text: string): CompareMode | undefined {
  return (COMPARE_MODES as readonly string[]).includes(text) ? (text as CompareMode) : undefined;
}

export function withCompare(model: StatsQueryModel, choice: CompareMode | undefined): StatsQueryModel {
  return choice === undefined ? model : { ...model, compare: choice };
}
