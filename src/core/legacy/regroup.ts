import type { LegacyGroupBy, LegacyStats } from "../../api";
import type { AdUnitIndex } from "./ad-unit-index";
import { sumLegacyStats, type LegacyLeaf } from "./flatten";
import { isDerivedAdUnitGroup, needsRegrouping, type LegacyFunctionGroup } from "./group-by";

/** A row of LEGACY.STATS before it becomes cells: one key per requested grouping, then the statistics. */
export interface LegacyRow {
  keys: string[];
  stats: LegacyStats;
}

/**
 * Maps leaves keyed by the groupings sent to the service onto the groupings the user asked for,
 * then (when a grouping was derived from the ad unit) merges the rows that now share their keys:
 * counts and revenue are summed and eCPM recomputed (spec 4.3 rule 4). An ad unit the
 * applications route does not know keeps "" as its type, name and application.
 */
export function regroupLegacyLeaves(
  leaves: readonly LegacyLeaf[],
  sentGroupBy: readonly LegacyGroupBy[],
  wanted: readonly LegacyFunctionGroup[],
  adUnits: AdUnitIndex,
): LegacyRow[] {
  const adUnitPosition = sentGroupBy.indexOf("ad_unit_id");
  const keyReaders = wanted.map((group): ((keys: string[]) => string) => {
    if (!isDerivedAdUnitGroup(group)) {
      const position = sentGroupBy.indexOf(group);
      return (keys) => keys[position] ?? "";
    }
    return (keys) => {
      const facts = adUnits(keys[adUnitPosition] ?? "");
      if (!facts) return "";
      if (group === "ad_unit_type") return facts.type;
      if (group === "ad_unit_name") return facts.name;
      return facts.applicationLabel;
    };
  });
  const rows = leaves.map((leaf) => ({ keys: keyReaders.map((read) => read(leaf.keys)), stats: leaf.stats }));
  if (!needsRegrouping(wanted)) return rows;
  const merged = new Map<string, { keys: string[]; parts: LegacyStats[] }>();
  for (const row of rows) {
    const id = row.keys.join("\u0000");
    const group = merged.get(id);
    if (group) group.parts.push(row.stats);
    else merged.set(id, { keys: row.keys, parts: [row.stats] });
  }
  return [...merged.values()].map(({ keys, parts }) => ({ keys, stats: sumLegacyStats(parts) }));
}
