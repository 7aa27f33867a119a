import type { LegacyAggregationNode, LegacyStats, LegacyStatsResponse } from "../../api";
import { ecpmOf } from "../ecpm";

/** One leaf of the nested aggregation: its key at each level, then its statistics. */
export interface LegacyLeaf {
  keys: string[];
  stats: LegacyStats;
}

const ZERO: LegacyStats = { impressions: 0, revenue: 0, requests: 0, ecpm: 0 };

export function sumLegacyStats(items: readonly LegacyStats[]): LegacyStats {
  let impressions = 0;
  let revenue = 0;
  let requests = 0;
  for (const item of items) {
    impressions += item.impressions;
    revenue += item.revenue;
    requests += item.requests;
  }
  return { impressions, revenue, requests, ecpm: ecpmOf(revenue, impressions) };
}

/** A node's statistics: its own, or the sum of what lies below it when the service nests deeper. */
function statsOfNode(node: LegacyAggregationNode): LegacyStats {
  if (node.stats) return node.stats;
  if (!node.aggregation) return ZERO;
  const children = Object.values(node.aggregation);
  return children.length === 1 ? statsOfNode(children[0]!) : sumLegacyStats(children.map(statsOfNode));
}

/**
 * Flattens the aggregation of a legacy answer into one leaf per combination of `depth` keys, in
 * the service's order. Depth 0 gives the totals. A branch that stops early (a node with stats but
 * no further aggregation) keeps "" for its missing keys rather than being dropped.
 */
export function flattenLegacyAggregation(response: LegacyStatsResponse, depth: number): LegacyLeaf[] {
  const root: LegacyAggregationNode = { stats: response.stats, aggregation: response.aggregation };
  if (depth === 0) return [{ keys: [], stats: statsOfNode(root) }];
  const leaves: LegacyLeaf[] = [];
  const walk = (node: LegacyAggregationNode, keys: string[]) => {
    if (keys.length === depth) {
      leaves.push({ keys, stats: statsOfNode(node) });
      return;
    }
    if (!node.aggregation) {
      if (node.stats && keys.length > 0) {
        leaves.push({ keys: [...keys, ...new Array<string>(depth - keys.length).fill("")], stats: node.stats });
      }
      return;
    }
    for (const [key, child] of Object.entries(node.aggregation)) walk(child, [...keys, key]);
  };
  walk(root, []);
  return leaves;
}
