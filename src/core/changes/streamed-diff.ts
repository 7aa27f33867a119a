import { METRICS, type MetricName } from "../../api";
import { ecpmOf } from "../ecpm";
import type { TableCell, TableColumn } from "../workbook-queries/table-columns";
import { grown } from "../typed-arrays";
import { KeyIndex } from "./key-index";
import {
  differs,
  groupIndexes,
  metricChange,
  metricIndexes,
  moveSize,
  numberIn,
  totalledMetrics,
  type MetricValues,
  type RowMove,
  type TableChanges,
} from "./table-changes";

/**
 * tableChanges computed as the rows stream past, for a table of 100,000 rows: the old rows
 * (all heard first) are kept as one index (key-index.ts) from their group values to a slot of a
 * Float64Array holding their metrics; each new row is matched as it arrives and dropped; only the counts,
 * the totals and the `keep` largest moves are kept. Its result is tableChanges's with `moves`
 * cut to its first `keep` (same order, same ties), for two tables with the same columns.
 */

export interface StreamedDiff {
  /** How many old rows will come, when known: their room is made once instead of grown by copies. */
  expectRows(count: number): void;
  before(values: readonly (TableCell | undefined)[]): void;
  after(values: readonly (TableCell | undefined)[]): void;
  changes(): TableChanges;
}

/** How a group value was typed, so that a removed row's key reads back as it was written. */
const STRING = 0;
const NUMBER = 1;
const BOOLEAN = 2;
const MINUS_ZERO = 3;

const typeOf = (cell: TableCell): number =>
  typeof cell === "number" ? (Object.is(cell, -0) ? MINUS_ZERO : NUMBER) : typeof cell === "boolean" ? BOOLEAN : STRING;

function cellOf(text: string, type: number): TableCell {
  if (type === NUMBER) return Number(text);
  if (type === MINUS_ZERO) return -0;
  if (type === BOOLEAN) return text === "true";
  return text;
}

/** The `keep` largest moves in tableChanges's order: by size, a tie going to the move heard first. */
class LargestMoves {
  readonly moves: { move: RowMove; size: number }[] = [];

  constructor(private readonly keep: number) {}

  offer(move: RowMove, size: number): void {
    const moves = this.moves;
    if (moves.length >= this.keep && !(size > moves[moves.length - 1]!.size)) return;
    let at = moves.length;
    while (at > 0 && moves[at - 1]!.size < size) at--;
    moves.splice(at, 0, { move, size });
    if (moves.length > this.keep) moves.pop();
  }
}

export function streamedDiff(columns: readonly Pick<TableColumn, "key" | "isMetric">[], keep = 10): StreamedDiff {
  const indexes = metricIndexes(columns);
  const metrics = METRICS.filter((metric) => indexes.has(metric));
  const metricAt = metrics.map((metric) => indexes.get(metric)!);
  const totalled = totalledMetrics(metrics);
  const summed = totalled.filter((metric) => metric !== "ecpm");
  const summedAt = summed.map((metric) => indexes.get(metric)!);
  const groupKeys = groupIndexes(columns).map((index) => String(columns[index]!.key));
  const keyAt = groupKeys.map((key) => columns.findIndex((column) => !column.isMetric && column.key === key));
  const ordering = metrics.includes("revenues") ? "revenues" : metrics[0];
  const width = metrics.length;
  const groups = keyAt.length;

  // The old rows: id (group values, "#n" for a repeat) -> slot; metrics and key types by slot.
  let slots = new KeyIndex();
  const repeatsBefore = new Map<string, number>();
  let oldMetrics = new Float64Array(1024 * width);
  let oldTypes = new Uint8Array(1024 * groups);
  let matched = new Uint8Array(1024);
  const repeatsAfter = new Map<string, number>();
  const [sumsBefore, sumsAfter] = [summed.map(() => 0), summed.map(() => 0)];
  let [rowsBefore, rowsAfter, added, changed] = [0, 0, 0, 0];
  let afterStarted = false;
  const largest = new LargestMoves(keep);

  const keyOf = (values: readonly (TableCell | undefined)[]): TableCell[] => keyAt.map((index) => values[index] ?? "");
  const valuesOf = (values: readonly (TableCell | undefined)[]): MetricValues => {
    const found: MetricValues = {};
    metricAt.forEach((index, at) => (found[metrics[at]!] = numberIn(values[index])));
    return found;
  };
  const slotValues = (slot: number): MetricValues => {
    const found: MetricValues = {};
    metrics.forEach((metric, at) => (found[metric] = oldMetrics[slot * width + at]!));
    return found;
  };
  const offer = (move: RowMove) => largest.offer(move, moveSize(move, ordering));

  return {
    expectRows(count) {
      if (rowsBefore > 0 || afterStarted) return;
      slots = new KeyIndex(count);
      oldMetrics = new Float64Array(Math.max(1, count) * width);
      oldTypes = new Uint8Array(Math.max(1, count) * groups);
      matched = new Uint8Array(Math.max(1, count));
    },
    before(values) {
      if (afterStarted) throw new Error("a table's old rows must all come before its new ones");
      const key = keyOf(values);
      const base = JSON.stringify(key.map(String));
      let id = base;
      if (slots.find(base) >= 0) {
        const occurrence = repeatsBefore.get(base) ?? 1;
        repeatsBefore.set(base, occurrence + 1);
        id = `${base}#${occurrence}`;
      }
      const slot = rowsBefore;
      rowsBefore += 1;
      summedAt.forEach((index, at) => (sumsBefore[at]! += numberIn(values[index])));
      oldMetrics = grown(oldMetrics, rowsBefore * width, (length) => new Float64Array(length));
      oldTypes = grown(oldTypes, rowsBefore * groups, (length) => new Uint8Array(length));
      matched = grown(matched, rowsBefore, (length) => new Uint8Array(length));
      metricAt.forEach((index, at) => (oldMetrics[slot * width + at] = numberIn(values[index])));
      key.forEach((cell, at) => (oldTypes[slot * groups + at] = typeOf(cell)));
      slots.add(id);
    },
    after(values) {
      afterStarted = true;
      rowsAfter += 1;
      summedAt.forEach((index, at) => (sumsAfter[at]! += numberIn(values[index])));
      const key = keyOf(values);
      const base = JSON.stringify(key.map(String));
      const first = slots.find(base);
      let slot = first;
      if (first >= 0 && matched[first]) {
        const occurrence = repeatsAfter.get(base) ?? 1;
        repeatsAfter.set(base, occurrence + 1);
        slot = slots.find(`${base}#${occurrence}`);
      }
      const fresh = valuesOf(values);
      if (slot < 0) {
        added += 1;
        offer({ key, change: "added", after: fresh });
        return;
      }
      matched[slot] = 1;
      const was = slotValues(slot);
      if (differs(was, fresh, metrics)) {
        changed += 1;
        offer({ key, change: "changed", before: was, after: fresh });
      }
    },
    changes() {
      const totalsOf = (sums: number[]) => {
        const totals = {} as Record<MetricName, number>;
        summed.forEach((metric, at) => (totals[metric] = sums[at]!));
        if (totalled.includes("ecpm")) totals.ecpm = ecpmOf(totals.revenues, totals.impressions);
        return totals;
      };
      const [before, after] = [totalsOf(sumsBefore), totalsOf(sumsAfter)];
      const totals = totalled.map((metric) => metricChange(metric, before[metric], after[metric]));
      // Removed rows come last, in the old table's order, as in tableChanges; counted, not kept.
      const board = new LargestMoves(keep);
      for (const entry of largest.moves) board.offer(entry.move, entry.size);
      let removed = 0;
      for (let slot = 0; slot < slots.size; slot++) {
        if (matched[slot]) continue;
        removed += 1;
        const id = slots.keyOf(slot);
        const texts = JSON.parse(id.slice(0, id.lastIndexOf("]") + 1)) as string[];
        const move: RowMove = {
          key: texts.map((text, at) => cellOf(text, oldTypes[slot * groups + at]!)),
          change: "removed",
          before: slotValues(slot),
        };
        board.offer(move, moveSize(move, ordering));
      }
      return {
        rowsBefore,
        rowsAfter,
        totals,
        added,
        removed,
        changed,
        matched: true,
        moves: board.moves.map((entry) => entry.move),
      };
    },
  };
}
