import { METRICS, type StatsEntry } from "../../../../src/api";
import type { CellInput } from "../../../../src/core/cell-values";
import { statsArgumentsOf, type StatsQueryModel } from "../../../../src/core/formula-text";
import { comparisonPeriodOf, type ComparisonMode } from "./calendar";
import type { BearerCase } from "./cases";
import { attempt, type CheckContext } from "./context";
import { expectedEcpm } from "./ledger";
import { rawRows } from "./raw";
import { requestOf } from "./shapes";

/**
 * `compare=` of STATS against /stats asked directly over the comparison period (worked out here
 * from its definition). The columns' layout, change = value - comparison on every row, the
 * comparison's eCPM from its own revenues and impressions, and, where every comparison row has a
 * row of the period to stand on (no date group, or days with previous_period), each count's and
 * the revenues' comparison column summing to the comparison period's total. The row-by-row match
 * itself is the property test test/integration/functions/compare.property.test.ts.
 */

const SUMMED = ["impressions", "revenues", "requests"] as const;

export async function checkComparisonCase(
  context: CheckContext,
  bearerCase: BearerCase,
  mode: ComparisonMode,
): Promise<void> {
  const { world, ledger, endpoint, addIn } = context;
  const identity = world.bearer[bearerCase.identity]!;
  if ("word" in bearerCase.model.period) return;
  const period = bearerCase.model.period;
  const label = `${bearerCase.label} compare=${mode}`;
  const model: StatsQueryModel = {
    ...bearerCase.model,
    metrics: [],
    limit: undefined,
    offset: undefined,
    dateGroupLimit: undefined,
    headers: "api",
    profile: identity.label,
    cacheSeconds: undefined,
    compare: mode,
  };
  const args = statsArgumentsOf(model);
  const spill = await attempt(context, "comparison", label, "STATS with compare=", () =>
    addIn
      .runtime()
      .functions.stats(
        ...([args.from, args.to, args.groups, args.metrics, args.filters, args.orders, args.options] as [
          CellInput,
          CellInput,
          CellInput,
          CellInput,
          CellInput,
          CellInput,
          CellInput,
        ]),
      ),
  );
  if (!spill) return;
  const [header = [], ...rows] = spill.rows;
  const groups = model.groups;
  const expectedHeader = [
    ...groups,
    ...METRICS.flatMap((metric) => [metric, `${metric}_previous`, `${metric}_change`, `${metric}_change_pct`]),
  ];
  if (
    !ledger.check(
      "comparison",
      label,
      "the columns: groups, then each metric with its comparison, change and change %",
      JSON.stringify(header) === JSON.stringify(expectedHeader),
      () => JSON.stringify(header),
    )
  )
    return;
  const column = (name: string) => expectedHeader.indexOf(name);

  for (const row of rows) {
    for (const metric of METRICS) {
      const current = row[column(metric)];
      const previous = row[column(`${metric}_previous`)];
      const change = row[column(`${metric}_change`)];
      if (typeof current === "number" && typeof previous === "number")
        ledger.sameAmount(
          "comparison",
          label,
          `${metric}_change is ${metric} - ${metric}_previous`,
          change,
          current - previous,
        );
      else
        ledger.check("comparison", label, `${metric}_change is blank where a side is missing`, change === "", () =>
          String(change),
        );
    }
    const revenues = row[column("revenues_previous")];
    const impressions = row[column("impressions_previous")];
    if (typeof revenues === "number" && typeof impressions === "number") {
      ledger.sameAmount(
        "comparison",
        label,
        "ecpm_previous is revenues_previous / impressions_previous x 1000",
        row[column("ecpm_previous")],
        expectedEcpm(revenues, impressions),
      );
    }
  }

  const byDate = groups.includes("date");
  if (byDate && !(mode === "previous_period" && (model.dateGroup ?? "day") === "day")) return;
  const before = comparisonPeriodOf(period, mode);
  const direct = await rawRows(endpoint, identity, requestOf({ ...model, orders: [] }, before));
  for (const metric of SUMMED) {
    const shown = rows.reduce(
      (sum, row) =>
        sum +
        (typeof row[column(`${metric}_previous`)] === "number" ? (row[column(`${metric}_previous`)] as number) : 0),
      0,
    );
    const total = direct.stats.reduce((sum: number, entry: StatsEntry) => sum + (entry.metrics[metric] ?? 0), 0);
    ledger.sameAmount(
      "comparison",
      label,
      `${metric}_previous adds up to /stats over ${before.from}..${before.to}`,
      shown,
      total,
    );
  }
}
