import fc from "fast-check";
import type { MetricName, StatsEntry, StatsRequest } from "../../../../src/api";
import { tableChanges, type TableChanges } from "../../../../src/core/changes/table-changes";
import type { StatsQueryModel } from "../../../../src/core/formula-text";
import { metricsOf } from "../../../../src/core/rows/stats-rows";
import { runtimeFetchDependencies } from "../../../../src/core/workbook-queries/runtime-fetch";
import { storedModelOf, type StoredTableQuery } from "../../../../src/core/workbook-queries/stored-query";
import type { TableData } from "../../../../src/core/workbook-queries/table-columns";
import { refreshStoredTable, tableStatsQuery } from "../../../../src/core/workbook-queries/table-refresh";
import { RESTATEMENT_DAYS } from "../../../../src/emulator/data/restatements";
import { dayCount, isoOfSerial, plusDays } from "./calendar";
import { bearerCases } from "./cases";
import { attempt, type CheckContext } from "./context";
import { sameAmount } from "./ledger";
import { rawRows } from "./raw";

/**
 * The change report of a table refresh (src/core/changes), reconciled with the service: a table
 * is refreshed through the add-in's own refresh (refreshStoredTable with the runtime's fetch),
 * the emulator's clock moves, the table is refreshed again, and tableChanges of the two sets of
 * rows is compared with the two answers of the service asked directly.
 */

/** Rows a case may have; larger periods are shortened from their start (the recent end is what moves). */
const MAX_ROWS = 4_000;

export interface ChangeCase {
  label: string;
  /** Index into world.bearer. */
  identity: number;
  model: StatsQueryModel & { period: { from: string; to: string } };
  /** The emulator's clock at the first refresh, then at the second. */
  clocks: { before: string; after: string };
}

/** What moving the emulator's clock takes. */
export interface Clock {
  setToday(day: string): void;
}

const moves = fc.record({
  /** The first clock, around the data's today. */
  clockOffset: fc.integer({ min: -8, max: 8 }),
  /** Days the clock moves: mostly forward (the next morning, a fortnight later), sometimes back, sometimes not at all. */
  move: fc.oneof(
    { arbitrary: fc.integer({ min: 1, max: 20 }), weight: 6 },
    { arbitrary: fc.integer({ min: -3, max: -1 }), weight: 1 },
    { arbitrary: fc.constant(0), weight: 1 },
  ),
  /** Days between the period's end and the first clock's yesterday; negative: the period runs past it. */
  endGap: fc.integer({ min: -5, max: 12 }),
  length: fc.integer({ min: 1, max: 45 }),
});

/**
 * The suite's generated queries (groups, date groups, filters, orders, windows, credentials),
 * with periods near the clock and a clock move each. `latestToday` is the last day the emulator's
 * clock accepts.
 */
export function changeCases(context: CheckContext, count: number, seed: number, latestToday: string): ChangeCase[] {
  const { world } = context;
  const queries = bearerCases(world, count * 2, seed).filter((each) => !each.foreignAsset);
  const drawn = fc.sample(moves, { seed, numRuns: queries.length });
  return queries.slice(0, count).map((query, index) => {
    const draw = drawn[index]!;
    const before = plusDays(world.today, draw.clockOffset);
    const moved = plusDays(before, draw.move);
    const after = moved > latestToday ? latestToday : moved;
    const to = plusDays(before, -1 - draw.endGap);
    const start = plusDays(to, 1 - draw.length);
    const from = start < world.period.from ? world.period.from : start;
    const model = { ...query.model, period: { from, to } };
    const label = `${query.label.split(" ").slice(0, 2).join(" ")} ${from}..${to} clock ${before}→${after} ${query.label.split(" ").slice(3).join(" ")}`;
    return { label, identity: query.identity, model, clocks: { before, after } };
  });
}

/** A table's record as the pane keeps it, for the add-in's own refresh. */
function tableRecord(model: StatsQueryModel): StoredTableQuery {
  return {
    version: 1,
    id: "change-report-check",
    query: storedModelOf(model),
    table: { excelId: "{reconciliation}", name: "Changes", sheet: "Changes" },
    columns: ["impressions"],
    pivots: [],
    createdAt: "2028-01-01T00:00:00Z",
  };
}

/** Refreshes the table through the add-in's refresh and keeps what it would have written. */
async function refreshed(
  context: CheckContext,
  model: StatsQueryModel,
): Promise<{ data: TableData; dataThrough: string | undefined }> {
  const runtime = context.addIn.runtime();
  await runtime.ready;
  let written: TableData | undefined;
  const record = await refreshStoredTable(
    tableRecord(model),
    {
      ...runtimeFetchDependencies(runtime),
      today: () => context.world.today,
      write: async (stored, data) => {
        written = data;
        return { ...stored.table, rows: data.rows.length };
      },
      save: async () => undefined,
    },
    new AbortController().signal,
  );
  return { data: written!, dataThrough: record.lastRefresh?.dataThrough };
}

/** Group values as the table holds them, in the service's words: dates as YYYY-MM-DD, nothing as "". */
function keyCells(cells: readonly unknown[], dateColumn: number): string[] {
  return cells.map((cell, index) =>
    index === dateColumn && typeof cell === "number"
      ? isoOfSerial(cell)
      : cell === null || cell === undefined
        ? ""
        : String(cell),
  );
}

const keyText = (cells: readonly unknown[], dateColumn: number) => JSON.stringify(keyCells(cells, dateColumn));

/** A row's numbers: the service's (a metric it left out is undefined) or a change's (MetricValues). */
type RowMetrics = Partial<Record<MetricName, number | undefined>>;

function serviceRows(entries: readonly StatsEntry[], request: StatsRequest): Map<string, RowMetrics> {
  const groups = request.groups ?? [];
  const dateColumn = groups.indexOf("date");
  return new Map(
    entries.map((entry) => [
      keyText(
        groups.map((group) => entry.group[group] ?? ""),
        dateColumn,
      ),
      entry.metrics,
    ]),
  );
}

const centsEqual = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100);

function sameMetrics(a: RowMetrics | undefined, b: RowMetrics | undefined, metrics: readonly MetricName[]): boolean {
  return metrics.every((metric) => {
    const [x, y] = [a?.[metric], b?.[metric]];
    return (
      x !== undefined &&
      y !== undefined &&
      (metric === "impressions" || metric === "requests" ? x === y : sameAmount(x, y))
    );
  });
}

/** The last day a row of `date` (a day, or the first day of a week or month) covers. */
function lastDayOf(date: string, dateGroup: StatsRequest["date_group"]): string {
  if (dateGroup === "week") return plusDays(date, 6);
  if (dateGroup === "month") return plusDays(plusDays(date.slice(0, 7) + "-01", 31).slice(0, 7) + "-01", -1);
  return date;
}

/** Shortens the period from its start until the query has at most MAX_ROWS rows at the later clock. */
async function narrowed(context: CheckContext, changeCase: ChangeCase, clock: Clock): Promise<ChangeCase | undefined> {
  const identity = context.world.bearer[changeCase.identity]!;
  const later = changeCase.clocks.after > changeCase.clocks.before ? changeCase.clocks.after : changeCase.clocks.before;
  clock.setToday(later);
  let model = changeCase.model;
  for (let tries = 0; tries < 10; tries++) {
    const request = tableStatsQuery(storedModelOf(model), () => context.world.today, true).request;
    const { total } = await rawRows(context.endpoint, identity, {
      ...request,
      limit: 1,
      offset: 0,
      date_group_limit: undefined,
    });
    if (total <= MAX_ROWS) return { ...changeCase, model };
    if (dayCount(model.period) <= 1) return undefined;
    model = {
      ...model,
      period: { from: plusDays(model.period.to, 1 - Math.floor(dayCount(model.period) / 2)), to: model.period.to },
    };
  }
  return undefined;
}

/**
 * Refresh, move the clock, refresh again; every problem goes to the ledger under "changes",
 * naming the case. Returns the report, for the deliberate break to look at.
 */
export async function checkChangeCase(
  context: CheckContext,
  original: ChangeCase,
  clock: Clock,
  hooks: { beforeSecondRefresh?(): void } = {},
): Promise<TableChanges | undefined> {
  const { ledger, world, endpoint } = context;
  const changeCase = await narrowed(context, original, clock);
  if (!changeCase) {
    ledger.note("changes", original.label, `skipped: more than ${MAX_ROWS} rows in a single day`);
    return undefined;
  }
  const { label, model, clocks } = changeCase;
  const identity = world.bearer[changeCase.identity]!;
  const request = tableStatsQuery(storedModelOf(model), () => world.today, true).request;
  const groups = request.groups ?? [];
  const metrics = metricsOf(request);
  const earlier = clocks.before < clocks.after ? clocks.before : clocks.after;
  // Days older than the window on both clocks: their answer may not move by a bit.
  const settledTo = plusDays(earlier, -RESTATEMENT_DAYS - 1);
  const settledRequest =
    settledTo >= model.period.from
      ? { ...request, filters: { ...request.filters, to: settledTo < model.period.to ? settledTo : model.period.to } }
      : undefined;

  const at = async (day: string) => {
    clock.setToday(day);
    const table = await attempt(context, "changes", label, `refresh on ${day}`, () => refreshed(context, model));
    const service = await rawRows(endpoint, identity, request);
    const settled = settledRequest ? await rawRows(endpoint, identity, settledRequest) : undefined;
    return { table, service, settled };
  };
  const before = await at(clocks.before);
  hooks.beforeSecondRefresh?.();
  const after = await at(clocks.after);
  if (!before.table || !after.table) return undefined;

  // The refresh's data-through day follows the clock.
  ledger.check(
    "changes",
    label,
    "each refresh's data-through day is the day before the clock",
    before.table.dataThrough === plusDays(clocks.before, -1) && after.table.dataThrough === plusDays(clocks.after, -1),
    () => `${before.table?.dataThrough}, ${after.table?.dataThrough}`,
  );

  const changes = tableChanges(before.table.data, after.table.data);
  const [old, fresh] = [serviceRows(before.service.stats, request), serviceRows(after.service.stats, request)];

  // Totals: the report's are the service's, and before + difference = after, to the cent.
  ledger.sameCount("changes", label, "rows before are the service's", changes.rowsBefore, old.size);
  ledger.sameCount("changes", label, "rows after are the service's", changes.rowsAfter, fresh.size);
  const sum = (rows: Map<string, RowMetrics>, metric: MetricName) =>
    [...rows.values()].reduce((total, values) => total + (values[metric] ?? 0), 0);
  for (const total of changes.totals) {
    const [serviceBefore, serviceAfter] =
      total.metric === "ecpm"
        ? [old, fresh].map((rows) =>
            sum(rows, "impressions") > 0 ? (sum(rows, "revenues") / sum(rows, "impressions")) * 1000 : 0,
          )
        : [sum(old, total.metric), sum(fresh, total.metric)];
    ledger.sameAmount("changes", label, `${total.metric} total before is the service's`, total.before, serviceBefore!);
    ledger.sameAmount("changes", label, `${total.metric} total after is the service's`, total.after, serviceAfter!);
    ledger.check(
      "changes",
      label,
      `${total.metric}: before + difference = after, to the cent`,
      centsEqual(total.before + total.difference, total.after),
      () => `${total.before} + ${total.difference} vs ${total.after}`,
    );
    if (total.metric !== "ecpm") {
      // Every number that moved is in a listed row: the rows' moves add up to the total's.
      const listed = changes.moves.reduce(
        (moved, move) => moved + (move.after?.[total.metric] ?? 0) - (move.before?.[total.metric] ?? 0),
        0,
      );
      ledger.check(
        "changes",
        label,
        `${total.metric}: the listed rows' moves add up to the total's difference, to the cent`,
        centsEqual(listed, total.difference),
        () => `${listed} vs ${total.difference}`,
      );
    }
  }
  const revenue = changes.totals.find((total) => total.metric === "revenues");
  if (revenue && changes.totals.some((total) => total.metric === "impressions")) {
    const impressions = changes.totals.find((total) => total.metric === "impressions")!;
    const ecpm = changes.totals.find((total) => total.metric === "ecpm");
    if (ecpm)
      ledger.check(
        "changes",
        label,
        "the eCPM total is recomputed from revenues and impressions",
        sameAmount(ecpm.after, impressions.after > 0 ? (revenue.after / impressions.after) * 1000 : 0),
        () => `${ecpm.after}`,
      );
  }

  // Rows: every added, removed and changed row of the service, each with its own numbers.
  const expected = new Map<string, "added" | "removed" | "changed">();
  for (const [key, values] of fresh) {
    const was = old.get(key);
    if (!was) expected.set(key, "added");
    else if (!sameMetrics(was, values, metrics)) expected.set(key, "changed");
  }
  for (const key of old.keys()) if (!fresh.has(key)) expected.set(key, "removed");
  const dateColumn = groups.indexOf("date");
  const listed = new Map(changes.moves.map((move) => [keyText(move.key, dateColumn), move]));
  ledger.sameCount(
    "changes",
    label,
    "changed rows are the service's",
    changes.changed,
    [...expected.values()].filter((kind) => kind === "changed").length,
  );
  ledger.sameCount(
    "changes",
    label,
    "added rows are the service's",
    changes.added,
    [...expected.values()].filter((kind) => kind === "added").length,
  );
  ledger.sameCount(
    "changes",
    label,
    "removed rows are the service's",
    changes.removed,
    [...expected.values()].filter((kind) => kind === "removed").length,
  );
  const unlisted = [...expected].filter(([key, kind]) => listed.get(key)?.change !== kind);
  ledger.check(
    "changes",
    label,
    "every row that moved is listed, as added, removed or changed",
    unlisted.length === 0,
    () =>
      `not listed: ${unlisted
        .slice(0, 3)
        .map(([key, kind]) => `${kind} ${key}`)
        .join("; ")}`,
  );
  const wrong = changes.moves.filter((move) => {
    const key = keyText(move.key, dateColumn);
    return (
      expected.get(key) !== move.change ||
      (move.before !== undefined && !sameMetrics(move.before, old.get(key), metrics)) ||
      (move.after !== undefined && !sameMetrics(move.after, fresh.get(key), metrics))
    );
  });
  ledger.check(
    "changes",
    label,
    "every listed row carries the service's numbers before and after",
    wrong.length === 0,
    () => `${wrong.length} wrong, first ${JSON.stringify(wrong[0])}`,
  );

  // Restatements touch only days within the window: nothing older than RESTATEMENT_DAYS on the earlier clock moves.
  if (settledRequest && before.settled && after.settled) {
    const first = JSON.stringify(before.settled);
    ledger.check(
      "changes",
      label,
      `days up to ${settledTo} (older than ${RESTATEMENT_DAYS} days on both clocks) answer the same, to the bit`,
      first === JSON.stringify(after.settled),
      () => "the settled days moved",
    );
  }
  if (dateColumn >= 0) {
    const tooOld = changes.moves.filter(
      (move) =>
        move.change === "changed" &&
        lastDayOf(keyCells(move.key, dateColumn)[dateColumn]!, request.date_group) <
          plusDays(earlier, -RESTATEMENT_DAYS),
    );
    ledger.check(
      "changes",
      label,
      `no changed row is older than ${RESTATEMENT_DAYS} days on the earlier clock`,
      tooOld.length === 0,
      () => JSON.stringify(tooOld[0]?.key),
    );
  }
  return changes;
}
