import fc from "fast-check";
import {
  DATE_GROUPS,
  FILTER_NAMES,
  GROUP_OF_FILTER,
  GROUPS,
  METRICS,
  type FilterName,
  type GroupName,
} from "../../../../src/api";
import { HEADER_STYLES, type HeaderStyle } from "../../../../src/core/arguments/options";
import type { LegacyQueryModel, QueryPeriod, StatsQueryModel } from "../../../../src/core/formula-text";
import { LEGACY_FUNCTION_GROUPS, type LegacyFunctionGroup } from "../../../../src/core/legacy/group-by";
import { PERIOD_WORDS } from "../../../../src/core/periods";
import { plusDays } from "./calendar";
import type { World } from "./world";

/**
 * The generated queries: seeded (FUZZ_SEED), so that a failure replays, and built so that every
 * run covers every group, date grouping, filter, order (each name, both directions), window,
 * header style, cell date style and credential whatever the seed: case i takes the i-th of each
 * list in turn, the seed decides everything else.
 */

export const DATE_STYLES = ["double", "formattedNumber", "serial"] as const;
/** How a spilled date reaches the cell: a dated number (two Office.js versions) or a bare serial. */
export type DateStyle = (typeof DATE_STYLES)[number];
export const ORDER_ENTRIES: readonly string[] = [...METRICS, ...GROUPS].flatMap((name) => [name, `${name}:desc`]);
export const WINDOWS = ["none", "limit", "offset", "offset and limit", "date_group_limit"] as const;
export type WindowKind = (typeof WINDOWS)[number];

export interface BearerCase {
  /** Names the query in every problem reported: `Q17 B1 2028-01-03..2028-02-11 groups=...`. */
  label: string;
  /** Index into world.bearer. */
  identity: number;
  /** The query as the task pane builds it; its formula arguments are what STATS receives. */
  model: StatsQueryModel;
  window: WindowKind;
  /** Arguments as the pane writes them (texts), or as a user's cells give them (date serials, ranges). */
  cellArguments: "texts" | "cells";
  dateStyle: DateStyle;
  /** Rows per statsAll page as a share of the rows (small shares make many pages). */
  pageShare: number;
  /** The spill budget of the core functions for this query, in bytes: small ones cut the spill. */
  spillBudget: number;
  /** Also checked through an inserted table, the exports, VALUE cells (the slower paths). */
  table: boolean;
  exports: boolean;
  value: boolean;
  /** A filter names an asset of another organization (isolation). */
  foreignAsset: boolean;
}

export type LegacyPeriod = QueryPeriod | "service default";

export interface LegacyCase {
  label: string;
  /** Index into world.legacy. */
  identity: number;
  period: LegacyPeriod;
  groupBy: LegacyFunctionGroup[];
  headers: HeaderStyle;
  cellArguments: "texts" | "cells";
  dateStyle: DateStyle;
}

const choices = fc.record({
  groups: fc.shuffledSubarray([...GROUPS], { minLength: 0, maxLength: 2 }),
  metrics: fc.oneof(fc.constant([] as string[]), fc.shuffledSubarray([...METRICS], { minLength: 1 })),
  filters: fc.shuffledSubarray([...FILTER_NAMES], { maxLength: 1 }),
  picks: fc.array(fc.nat(), { minLength: 24, maxLength: 24 }),
  orders: fc.shuffledSubarray([...ORDER_ENTRIES], { maxLength: 2 }),
  word: fc.constantFrom(...PERIOD_WORDS),
  start: fc.integer({ min: -8, max: 118 }),
  length: fc.integer({ min: 1, max: 40 }),
  limit: fc.integer({ min: 0, max: 300 }),
  offset: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 60 })),
  dateGroupLimit: fc.integer({ min: 0, max: 6 }),
  pageShare: fc.oneof(fc.double({ min: 0.02, max: 1, noNaN: true }), fc.constant(1)),
  spillBudget: fc.constantFrom(1_500, 6_000, 30_000, 4_000_000),
  cellArguments: fc.constantFrom("texts" as const, "cells" as const),
  foreignAsset: fc.boolean(),
});

const legacyChoices = fc.record({
  groups: fc.shuffledSubarray([...LEGACY_FUNCTION_GROUPS], { maxLength: 3 }),
  word: fc.constantFrom(...PERIOD_WORDS),
  start: fc.integer({ min: -10, max: 125 }),
  length: fc.integer({ min: 1, max: 35 }),
  cellArguments: fc.constantFrom("texts" as const, "cells" as const),
});

function pick<T>(items: readonly T[], seed: number): T {
  return items[seed % items.length]!;
}

function someOf<T>(items: readonly T[], count: number, seeds: readonly number[]): T[] {
  const chosen = new Set<T>();
  for (let index = 0; index < count && chosen.size < items.length; index++)
    chosen.add(pick(items, seeds[index % seeds.length]! + index));
  return [...chosen];
}

function shortList(values: readonly string[]): string {
  const shown = values.slice(0, 3).map((value) => (value.length > 13 ? `${value.slice(0, 8)}…` : value));
  return values.length > 3 ? `${shown.join(",")},+${values.length - 3}` : shown.join(",");
}

export function describeModel(model: StatsQueryModel): string {
  const period = "word" in model.period ? model.period.word : `${model.period.from}..${model.period.to}`;
  const parts = [period, `groups=${model.groups.join(",") || "-"}`, `metrics=${model.metrics.join(",") || "all"}`];
  const filters = FILTER_NAMES.filter((name) => (model.filters[name]?.length ?? 0) > 0).map(
    (name) => `${name}[${shortList(model.filters[name]!)}]`,
  );
  if (filters.length > 0) parts.push(`filters=${filters.join(";")}`);
  if (model.orders.length > 0) parts.push(`orders=${model.orders.join(",")}`);
  if (model.dateGroup) parts.push(`date_group=${model.dateGroup}`);
  if (model.dateGroupLimit !== undefined) parts.push(`date_group_limit=${model.dateGroupLimit}`);
  if (model.offset !== undefined) parts.push(`offset=${model.offset}`);
  if (model.limit !== undefined) parts.push(`limit=${model.limit}`);
  parts.push(`headers=${model.headers ?? "readable"}`);
  return parts.join(" ");
}

export function labelOf(bearerCase: Pick<BearerCase, "model" | "identity">, index: number, world: World): string {
  return `Q${index} ${world.bearer[bearerCase.identity]!.label} ${describeModel(bearerCase.model)}`;
}

export function bearerCases(world: World, count: number, seed: number): BearerCase[] {
  const drawn = fc.sample(choices, { seed, numRuns: count });
  return drawn.map((draw, index) => {
    const identity = index % world.bearer.length;
    const own = world.bearer[identity]!;
    const ungrouped = index % 10 === 9;
    const groups: GroupName[] = ungrouped ? [] : [...(draw.groups as GroupName[])];
    if (!ungrouped && !groups.includes(GROUPS[index % GROUPS.length]!)) groups.unshift(GROUPS[index % GROUPS.length]!);

    // Sorting by a group needs it among the groups: it is added, except to an ungrouped query.
    const orders: string[] = [];
    for (const entry of [ORDER_ENTRIES[index % ORDER_ENTRIES.length]!, ...draw.orders]) {
      const name = entry.split(":")[0]!;
      if (orders.some((taken) => taken.split(":")[0] === name)) continue;
      if ((GROUPS as readonly string[]).includes(name)) {
        if (ungrouped) continue;
        if (!groups.includes(name as GroupName)) groups.push(name as GroupName);
      }
      orders.push(entry);
    }

    // Filters around one asset of the credential, so that most combinations still find rows.
    const anchor = pick(own.assets, draw.picks[23]!);
    const anchored: Record<FilterName, string[]> = {
      organizations: [anchor.organization],
      assets: [anchor.id],
      asset_types: [anchor.assetType],
      ad_units: anchor.adUnits.map((unit) => unit.id),
      countries: [],
      formats: anchor.adUnits.map((unit) => unit.format),
      integration_types: [],
      device_types: [],
    };
    const filters: Partial<Record<FilterName, string[]>> = {};
    const filterNames = [...new Set([FILTER_NAMES[index % FILTER_NAMES.length]!, ...draw.filters])];
    filterNames.forEach((name, position) => {
      const values = own.values[name];
      const count = 1 + (draw.picks[position]! % Math.min(4, values.length));
      const near = anchored[name].length > 0 ? [pick(anchored[name], draw.picks[position + 8]!)] : [];
      filters[name] = [...new Set([...near, ...someOf(values, count - near.length, draw.picks.slice(position * 3))])];
    });
    const narrow = own.organizations.length < world.widest.organizations.length;
    const foreignAsset = narrow && draw.foreignAsset && index % 4 === 3;
    if (foreignAsset) {
      const foreign = world.everyAsset.filter((asset) => !own.organizations.includes(asset.organization));
      filters.assets = [
        ...(filters.assets ?? someOf(own.values.assets, 2, draw.picks)),
        pick(foreign, draw.picks[20]!).id,
      ];
    }

    const window = WINDOWS[Math.floor(index / 2) % WINDOWS.length]!;
    const hasDate = groups.includes("date");
    const from = plusDays(world.period.from, draw.start);
    const model: StatsQueryModel = {
      period: index % 7 === 3 ? { word: draw.word } : { from, to: plusDays(from, draw.length - 1) },
      groups,
      metrics: draw.metrics as StatsQueryModel["metrics"],
      filters,
      orders,
      headers: HEADER_STYLES[Math.floor(index / 3) % HEADER_STYLES.length]!,
      profile: own.label,
    };
    if (hasDate) model.dateGroup = DATE_GROUPS[Math.floor(index / GROUPS.length) % DATE_GROUPS.length]!;
    if (window === "limit" || window === "offset and limit") model.limit = draw.limit;
    if (window === "offset" || window === "offset and limit") model.offset = draw.offset;
    if (window === "date_group_limit") model.dateGroupLimit = draw.dateGroupLimit;

    const bearerCase: BearerCase = {
      label: "",
      identity,
      model,
      window,
      cellArguments: draw.cellArguments,
      dateStyle: DATE_STYLES[Math.floor(index / 9) % DATE_STYLES.length]!,
      pageShare: draw.pageShare,
      spillBudget: draw.spillBudget,
      table: index % 2 === 0,
      exports: index % 3 === 1,
      value: index % 2 === 1,
      foreignAsset,
    };
    bearerCase.label = labelOf(bearerCase, index, world);
    return bearerCase;
  });
}

/** The group a filter narrows: VALUE cells vary along it. */
export function groupOfFilter(name: FilterName): GroupName {
  return GROUP_OF_FILTER[name];
}

export function describeLegacy(legacyCase: Omit<LegacyCase, "label">, index: number, world: World): string {
  const period =
    legacyCase.period === "service default"
      ? "(service default)"
      : "word" in legacyCase.period
        ? legacyCase.period.word
        : `${legacyCase.period.from}..${legacyCase.period.to}`;
  return `L-Q${index} ${world.legacy[legacyCase.identity]!.label} ${period} group_by=${legacyCase.groupBy.join(",") || "-"} headers=${legacyCase.headers}`;
}

export function legacyCases(world: World, count: number, seed: number): LegacyCase[] {
  const drawn = fc.sample(legacyChoices, { seed: seed + 1, numRuns: count });
  return drawn.map((draw, index) => {
    const groupBy: LegacyFunctionGroup[] = [LEGACY_FUNCTION_GROUPS[index % LEGACY_FUNCTION_GROUPS.length]!];
    for (const group of draw.groups) {
      const clash = (group === "month" && groupBy.includes("day")) || (group === "day" && groupBy.includes("month"));
      if (!clash && !groupBy.includes(group)) groupBy.push(group);
    }
    // Nesting in every order: the mandatory grouping is sometimes last.
    if (index % 2 === 1) groupBy.reverse();
    const from = plusDays(world.period.from, draw.start);
    let period: LegacyPeriod;
    if (index % 9 === 4) period = "service default";
    else if (index % 5 === 2) period = { word: draw.word };
    else period = { from, to: plusDays(from, draw.length - 1) };
    const legacyCase = {
      identity: index % world.legacy.length,
      period,
      groupBy,
      headers: HEADER_STYLES[Math.floor(index / world.legacy.length) % HEADER_STYLES.length]!,
      cellArguments: draw.cellArguments,
      dateStyle: DATE_STYLES[Math.floor(index / 3) % DATE_STYLES.length]!,
    };
    return { ...legacyCase, label: describeLegacy(legacyCase, index, world) };
  });
}

/** The pane's Legacy tab model of a case with a period of its own. */
export function legacyModelOf(legacyCase: LegacyCase, world: World): LegacyQueryModel | undefined {
  if (legacyCase.period === "service default") return undefined;
  return {
    period: legacyCase.period,
    groupBy: legacyCase.groupBy,
    headers: legacyCase.headers,
    profile: world.legacy[legacyCase.identity]!.label,
  };
}
