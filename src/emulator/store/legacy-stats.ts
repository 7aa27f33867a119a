import type { LegacyAggregationNode, LegacyGroupBy, LegacyStats } from "../../api";
import { firstDayOfMonth, lastDayOfMonth } from "../data/calendar";
import type { SqlRow, SqlValue } from "./database";
import { PLAIN_FACT, summedOverParts, type FactPart, type FactSource } from "./restated-fact";
import { filterCondition, type EnumCodes } from "./stats-query";
import type { LegacyStatsAnswer } from "./types";

/**
 * The legacy /reporting/v1/stats aggregation. Keys, as this emulator writes them (the spec
 * does not show all of them): `month` "YYYY-MM", `day` "YYYY-MM-DD", `ad_unit_id` the legacy
 * id (`<app_key>_default` or a UUID), `country` the two-letter code. Groupings nest in the
 * order the caller lists them; each leaf carries `stats`, each inner node an `aggregation`.
 * When `month` is among the groupings, the period widens to whole months (spec 4.3 rule 1).
 */

const KEY_EXPRESSIONS: Record<LegacyGroupBy, string> = {
  month: "strftime(day, '%Y-%m')",
  day: "day::VARCHAR",
  ad_unit_id: "ad_unit_id::VARCHAR",
  country: "country::VARCHAR",
};

export interface LegacyQuery {
  sql: string;
  values: SqlValue[];
  from: string;
  to: string;
  groupBy: LegacyGroupBy[];
}

export function effectivePeriod(
  from: string,
  to: string,
  groupBy: readonly LegacyGroupBy[],
): { from: string; to: string } {
  return groupBy.includes("month") ? { from: firstDayOfMonth(from), to: lastDayOfMonth(to) } : { from, to };
}

export function buildLegacyQuery(
  adUnitIds: readonly string[],
  from: string,
  to: string,
  groupBy: readonly LegacyGroupBy[],
  codes: EnumCodes,
  source: FactSource = PLAIN_FACT,
): LegacyQuery {
  const period = effectivePeriod(from, to, groupBy);
  const keys = [...new Set(groupBy)];
  const values: SqlValue[] = [];
  const bind = (value: SqlValue) => {
    values.push(value);
    return `$${values.length}`;
  };
  const parts = source(bind);
  const dayCondition = `day BETWEEN ${bind(period.from)}::DATE AND ${bind(period.to)}::DATE`;
  const adUnitCondition = adUnitIds.length > 0 ? filterCondition("ad_unit_id", adUnitIds, bind, codes) : "FALSE";
  const keySelect = keys.map((key) => `${KEY_EXPRESSIONS[key]} AS key_${key}`);
  const positions = keys.map((_, index) => index + 1).join(", ");
  const sumOf = (part: FactPart, sums: readonly string[], ordered: boolean) => `
SELECT ${[...keySelect, ...sums].join(", ")}
FROM ${part.from}
WHERE ${dayCondition}
  AND ${adUnitCondition}${part.where === undefined ? "" : `\n  AND ${part.where}`}${keys.length > 0 ? `\nGROUP BY ${positions}${ordered ? `\nORDER BY ${positions}` : ""}` : ""}`;
  const doubles = [
    "sum(impressions)::DOUBLE AS impressions",
    "sum(revenue)::DOUBLE AS revenue",
    "sum(requests)::DOUBLE AS requests",
  ];
  const sql =
    parts.length === 1
      ? sumOf(parts[0]!, doubles, true)
      : `${summedOverParts(
          parts,
          keys.map((key) => `key_${key}`),
          (part) =>
            sumOf(
              part,
              ["sum(impressions) AS impressions", "sum(revenue) AS revenue", "sum(requests) AS requests"],
              false,
            ),
          doubles,
        )}${keys.length > 0 ? `\nORDER BY ${positions}` : ""}`;
  return { sql, values, from: period.from, to: period.to, groupBy: keys };
}

function legacyStats(row: SqlRow): LegacyStats {
  const impressions = Number(row.impressions ?? 0);
  const revenue = Number(row.revenue ?? 0);
  return {
    impressions,
    revenue,
    requests: Number(row.requests ?? 0),
    ecpm: impressions === 0 ? 0 : (revenue / impressions) * 1000,
  };
}

/** Nests the flat rows; `legacyIdOf` turns an ad unit's UUID into the id the legacy interface shows. */
export function toLegacyAnswer(
  rows: readonly SqlRow[],
  query: LegacyQuery,
  legacyIdOf: (id: string) => string,
): LegacyStatsAnswer {
  if (query.groupBy.length === 0) {
    return { fromDate: query.from, toDate: query.to, stats: legacyStats(rows[0] ?? {}) };
  }
  const aggregation: Record<string, LegacyAggregationNode> = {};
  for (const row of rows) {
    let level = aggregation;
    query.groupBy.forEach((key, depth) => {
      const raw = String(row[`key_${key}`]);
      const name = key === "ad_unit_id" ? legacyIdOf(raw) : raw;
      if (depth === query.groupBy.length - 1) {
        level[name] = { stats: legacyStats(row) };
        return;
      }
      const node = (level[name] ??= { aggregation: {} });
      level = node.aggregation ??= {};
    });
  }
  return { fromDate: query.from, toDate: query.to, aggregation };
}
