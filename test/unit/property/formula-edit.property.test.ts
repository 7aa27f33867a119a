/**
 * "Edit a formula" loads a cell's =REPORTING.STATS(...) into the query builder and writes the
 * builder's formula back: for every formula the builder can produce, that round trip must give
 * back the very same text (and a model the form can show whole), or editing would rewrite
 * formulas the user never changed.
 */
import fc from "fast-check";
import { readStatsQuery } from "../../../src/core/arguments/stats-query";
import { builderProblem } from "../../../src/core/builder-limits";
import { statsModelOfFormula } from "../../../src/core/formula-parse";
import { statsArgumentsOf, statsFormula, type StatsQueryModel } from "../../../src/core/formula-text";
import { PICKER_FILTERS } from "../../../src/taskpane/tabs/query/query-form";
import { builderModel, FUZZ_SEED, statsModel } from "./support/arbitraries";

const TODAYS = fc.constantFrom("2026-07-03", "2024-02-29", "2025-01-01", "2025-12-31");
const PICKERS = PICKER_FILTERS.map(([name]) => name);

function loaded(formula: string, today: string): StatsQueryModel {
  const read = statsModelOfFormula(formula, () => today, "REPORTING");
  if ("problem" in read) throw new Error(`${formula} was refused: ${read.problem}`);
  return read.model;
}

describe("builder model -> formula -> parse -> model -> formula", () => {
  it("gives back exactly the same text, and a model the form can show", () => {
    fc.assert(
      fc.property(builderModel, TODAYS, (model, today) => {
        const formula = statsFormula(model, "REPORTING");
        const again = loaded(formula, today);
        expect(statsFormula(again, "REPORTING")).toBe(formula);
        expect(builderProblem(again, PICKERS)).toBeUndefined();
      }),
      { seed: FUZZ_SEED, numRuns: 2000 },
    );
  });

  it("gives back the same text for any formula the functions accept, whatever the builder's limits", () => {
    const accepted = statsModel.filter((model) => {
      // The formula writes a repeated picker value twice; the function reads it once.
      if (Object.values(model.filters).some((values) => new Set(values).size !== values?.length)) return false;
      try {
        readStatsQuery(statsArgumentsOf(model), () => "2026-07-03");
        return true;
      } catch {
        return false;
      }
    });
    fc.assert(
      fc.property(accepted, (model) => {
        const formula = statsFormula(model, "REPORTING");
        expect(statsFormula(loaded(formula, "2026-07-03"), "REPORTING")).toBe(formula);
      }),
      { seed: FUZZ_SEED, numRuns: 2000 },
    );
  });
});
