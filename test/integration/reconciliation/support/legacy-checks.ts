import type {
  Application,
  LegacyAggregationNode,
  LegacyGroupBy,
  LegacyStats,
  LegacyStatsResponse,
} from "../../../../src/api";
import type { CellInput } from "../../../../src/core/cell-values";
import type { LegacyFunctionGroup } from "../../../../src/core/legacy/group-by";
import { legacyArguments } from "./arguments";
import { dayOfKey, documentedPeriod, firstDayOfMonth, plusDays, serialOf } from "./calendar";
import { legacyModelOf, type LegacyCase } from "./cases";
import { attempt, type CheckContext } from "./context";
import { expectedEcpm, sameAmount, type CellEquality } from "./ledger";
import { rawLegacy, rawRows } from "./raw";
import { plainRows, type Cell } from "./shapes";
import { bearerAdUnitOf, type LegacyIdentity } from "./world";

/**
 * The legacy interface: its nested aggregation flattened and regrouped by the add-in (LEGACY.STATS
 * in core and in functions.js), against the service's own totals, the documented default periods,
 * and the bearer interface's numbers for the same ad units.
 */

const DERIVED: readonly LegacyFunctionGroup[] = ["ad_unit_type", "ad_unit_name", "application"];
const API_COLUMNS = ["impressions", "revenue", "ecpm", "requests"];

/** What the add-in must send for the groupings asked: a derived grouping needs the ad unit. */
function serviceGroups(groups: readonly LegacyFunctionGroup[]): LegacyGroupBy[] {
  const sent: LegacyGroupBy[] = [];
  for (const group of groups) {
    const service = DERIVED.includes(group) ? "ad_unit_id" : (group as LegacyGroupBy);
    if (!sent.includes(service)) sent.push(service);
  }
  return sent;
}

interface Leaf {
  keys: string[];
  stats: LegacyStats | undefined;
}

function leavesOf(response: LegacyStatsResponse, depth: number): Leaf[] {
  if (depth === 0) return [{ keys: [], stats: response.stats }];
  const leaves: Leaf[] = [];
  const walk = (aggregation: Record<string, LegacyAggregationNode> | undefined, keys: string[]) => {
    for (const [key, node] of Object.entries(aggregation ?? {})) {
      if (keys.length + 1 === depth) leaves.push({ keys: [...keys, key], stats: node.stats });
      else walk(node.aggregation, [...keys, key]);
    }
  };
  walk(response.aggregation, []);
  return leaves;
}

/** An application's name, told apart by platform, then app key, when several share it. */
function applicationLabels(applications: readonly Application[]): Map<number, string> {
  const count = (key: (app: Application) => string, app: Application) =>
    applications.filter((other) => key(other) === key(app)).length;
  return new Map(
    applications.map((app) => {
      if (count((other) => other.name, app) === 1) return [app.app_key, app.name];
      if (count((other) => `${other.name}/${other.platform}`, app) === 1)
        return [app.app_key, `${app.name} (${app.platform})`];
      return [app.app_key, `${app.name} (${app.app_key})`];
    }),
  );
}

function adUnitFacts(
  applications: readonly Application[],
): (id: string) => Record<"ad_unit_type" | "ad_unit_name" | "application", string> {
  const labels = applicationLabels(applications);
  const facts = new Map<string, Record<"ad_unit_type" | "ad_unit_name" | "application", string>>();
  for (const app of applications) {
    for (const id of app.ad_unit_ids)
      facts.set(id, {
        ad_unit_type: "",
        ad_unit_name: /_default$/.test(id) ? "Default" : "",
        application: labels.get(app.app_key)!,
      });
    for (const detail of app.ad_unit_details)
      facts.set(detail.id, {
        ad_unit_type: detail.type,
        ad_unit_name: detail.name,
        application: labels.get(app.app_key)!,
      });
  }
  return (id) => facts.get(id) ?? { ad_unit_type: "", ad_unit_name: "", application: "" };
}

function sum(parts: readonly LegacyStats[]): LegacyStats {
  const impressions = parts.reduce((total, part) => total + part.impressions, 0);
  const revenue = parts.reduce((total, part) => total + part.revenue, 0);
  return {
    impressions,
    revenue,
    requests: parts.reduce((total, part) => total + part.requests, 0),
    ecpm: expectedEcpm(revenue, impressions),
  };
}

/** The rows LEGACY.STATS should show: keys of the groupings asked, statistics summed where derived groupings merge ad units. */
function expectedRows(
  leaves: readonly Leaf[],
  sent: readonly LegacyGroupBy[],
  wanted: readonly LegacyFunctionGroup[],
  applications: readonly Application[],
): { keys: string[]; stats: LegacyStats }[] {
  const facts = adUnitFacts(applications);
  const adUnit = sent.indexOf("ad_unit_id");
  const rows = leaves.map((leaf) => ({
    keys: wanted.map((group) =>
      DERIVED.includes(group)
        ? facts(leaf.keys[adUnit] ?? "")[group as "ad_unit_type"]
        : (leaf.keys[sent.indexOf(group as LegacyGroupBy)] ?? ""),
    ),
    stats: leaf.stats!,
  }));
  if (!wanted.some((group) => DERIVED.includes(group))) return rows;
  const merged = new Map<string, { keys: string[]; parts: LegacyStats[] }>();
  for (const row of rows) {
    const id = JSON.stringify(row.keys);
    const into = merged.get(id) ?? { keys: row.keys, parts: [] };
    into.parts.push(row.stats);
    merged.set(id, into);
  }
  return [...merged.values()].map(({ keys, parts }) => ({ keys, stats: sum(parts) }));
}

function cellsOf(row: { keys: string[]; stats: LegacyStats }, groups: readonly LegacyFunctionGroup[]): Cell[] {
  return [
    ...row.keys.map((key, index): Cell =>
      (groups[index] === "day" || groups[index] === "month") && key !== "" ? serialOf(dayOfKey(key)) : key,
    ),
    row.stats.impressions,
    row.stats.revenue,
    row.stats.ecpm,
    row.stats.requests,
  ];
}

/** Keys and counts exactly; revenue and eCPM summed in another order, so to 1e-9 relative. */
function legacyEquality(groupCount: number): CellEquality {
  return (actual, expected, column) => {
    const metric = column - groupCount;
    if ((metric === 1 || metric === 2) && typeof actual === "number" && typeof expected === "number")
      return sameAmount(actual, expected);
    return actual === expected;
  };
}

export async function checkLegacyCase(context: CheckContext, legacyCase: LegacyCase): Promise<void> {
  const { world, ledger, endpoint, addIn } = context;
  const identity: LegacyIdentity = world.legacy[legacyCase.identity]!;
  const label = legacyCase.label;
  const groups = legacyCase.groupBy;
  const sent = serviceGroups(groups);
  const period =
    legacyCase.period === "service default"
      ? undefined
      : "word" in legacyCase.period
        ? documentedPeriod(legacyCase.period.word, world.today)
        : legacyCase.period;

  const raw = await attempt(context, "legacy", label, "the legacy service answers", () =>
    rawLegacy(endpoint, identity, { from: period?.from, to: period?.to, groupBy: sent }),
  );
  if (!raw) return;
  if (legacyCase.period === "service default") {
    const month = sent.includes("month");
    const documented = month
      ? { from: firstDayOfMonth(plusDays(firstDayOfMonth(world.today), -1)), to: world.today }
      : { from: plusDays(world.today, -7), to: plusDays(world.today, -1) };
    ledger.check(
      "dates",
      label,
      `without dates the legacy period is the documented one (${month ? "previous month to today" : "last 7 full days"})`,
      raw.fromDate === documented.from && raw.toDate === documented.to,
      () => `${raw.fromDate}..${raw.toDate}`,
    );
  } else if (sent.includes("month")) {
    ledger.check(
      "dates",
      label,
      "with month the period widens to whole months",
      raw.fromDate === firstDayOfMonth(period!.from) &&
        plusDays(raw.toDate, 1).endsWith("-01") &&
        raw.toDate >= period!.to,
      () => `${raw.fromDate}..${raw.toDate}`,
    );
  }

  const leaves = leavesOf(raw, sent.length);
  ledger.check(
    "legacy",
    label,
    "every leaf of the aggregation carries statistics",
    leaves.every((leaf) => leaf.stats !== undefined),
  );
  if (leaves.some((leaf) => leaf.stats === undefined)) return;
  const total = (await rawLegacy(endpoint, identity, { from: raw.fromDate, to: raw.toDate, groupBy: [] })).stats;
  if (!ledger.check("legacy", label, "the ungrouped legacy answer carries its totals", total !== undefined)) return;
  const leafSum = sum(leaves.map((leaf) => leaf.stats!));
  ledger.sameCount(
    "totals",
    label,
    "legacy leaves sum to the ungrouped total: impressions",
    leafSum.impressions,
    total!.impressions,
  );
  ledger.sameCount(
    "totals",
    label,
    "legacy leaves sum to the ungrouped total: requests",
    leafSum.requests,
    total!.requests,
  );
  ledger.sameAmount(
    "totals",
    label,
    "legacy leaves sum to the ungrouped total: revenue",
    leafSum.revenue,
    total!.revenue,
  );
  const wrongEcpm = [...leaves.map((leaf) => leaf.stats!), total!].find(
    (stats) => !sameAmount(stats.ecpm, expectedEcpm(stats.revenue, stats.impressions)),
  );
  ledger.check(
    "ecpm",
    label,
    "legacy eCPM of every leaf and of the total is revenue / impressions x 1000",
    wrongEcpm === undefined,
    () => JSON.stringify(wrongEcpm),
  );

  // Isolation: only the key's own applications and their ad units.
  const ownKeys = identity.applications.map((app) => app.app_key).sort();
  ledger.check(
    "isolation",
    label,
    `the legacy answer names only ${identity.label}'s applications`,
    JSON.stringify([...raw.applications].sort()) === JSON.stringify(ownKeys),
    () => `${raw.applications} vs ${ownKeys}`,
  );
  const ownAdUnits = new Set(identity.applications.flatMap((app) => app.ad_unit_ids));
  if (sent.includes("ad_unit_id")) {
    const position = sent.indexOf("ad_unit_id");
    const foreign = leaves.find((leaf) => !ownAdUnits.has(leaf.keys[position]!));
    ledger.check("isolation", label, `every legacy ad unit is one of ${identity.label}'s`, foreign === undefined, () =>
      String(foreign?.keys[position]),
    );
  }

  // The bearer interface tells the same numbers for the same ad units and days.
  const adUnits = identity.applications.flatMap((app) => app.ad_unit_ids.map((id) => bearerAdUnitOf(world, app, id)));
  if (
    ledger.check(
      "legacy",
      label,
      "every legacy ad unit has its bearer ad unit",
      adUnits.every((id) => id !== undefined),
    )
  ) {
    const bearer =
      (
        await rawRows(endpoint, world.widest, {
          filters: { from: raw.fromDate, to: raw.toDate, ad_units: adUnits as string[] },
        })
      ).stats[0]?.metrics ?? {};
    ledger.sameCount(
      "legacy",
      label,
      "legacy total = bearer total of the same ad units: impressions",
      total!.impressions,
      bearer.impressions ?? NaN,
    );
    ledger.sameCount(
      "legacy",
      label,
      "legacy total = bearer total of the same ad units: requests",
      total!.requests,
      bearer.requests ?? NaN,
    );
    ledger.sameAmount(
      "legacy",
      label,
      "legacy total = bearer total of the same ad units: revenue",
      total!.revenue,
      bearer.revenues ?? NaN,
    );
  }

  // LEGACY.STATS, in core and in functions.js.
  const rows = expectedRows(leaves, sent, groups, identity.applications);
  const derived = groups.some((group) => DERIVED.includes(group));
  const byKeys = (cells: readonly (readonly unknown[])[]) =>
    derived
      ? [...cells].sort((a, b) =>
          JSON.stringify(a.slice(0, groups.length)) < JSON.stringify(b.slice(0, groups.length)) ? -1 : 1,
        )
      : cells;
  const want = rows.map((row) => cellsOf(row, groups));
  const headerRows = legacyCase.headers === "none" ? 0 : 1;
  const model = legacyModelOf(legacyCase, world);
  const options = [
    legacyCase.headers !== "readable" ? `headers=${legacyCase.headers}` : "",
    `profile=${identity.label}`,
  ]
    .filter(Boolean)
    .join("; ");
  const args = model
    ? legacyArguments(model, legacyCase.cellArguments)
    : [null, null, groups.length > 0 ? [[groups.join(",")]] : null, [[options]]];

  const judge = (surface: string, output: unknown[][]) => {
    const cells = plainRows(output);
    if (legacyCase.headers === "api")
      ledger.sameRows("legacy", label, `${surface}: header`, cells.slice(0, 1), [[...groups, ...API_COLUMNS]]);
    const data = want.length === 0 && headerRows === 0 ? [] : cells.slice(headerRows);
    ledger.sameRows(
      "legacy",
      label,
      `${surface} rows are the service's leaves${derived ? ", regrouped by ad unit type, name or application" : ""}`,
      byKeys(data),
      byKeys(want),
      legacyEquality(groups.length),
    );
    const sums = sum(
      data.map((row) => ({
        impressions: Number(row[groups.length]),
        revenue: Number(row[groups.length + 1]),
        requests: Number(row[groups.length + 3]),
        ecpm: 0,
      })),
    );
    ledger.sameCount(
      "totals",
      label,
      `${surface} impressions sum to the legacy total`,
      sums.impressions,
      total!.impressions,
    );
    ledger.sameAmount("totals", label, `${surface} revenue sums to the legacy total`, sums.revenue, total!.revenue);
    ledger.sameCount("totals", label, `${surface} requests sum to the legacy total`, sums.requests, total!.requests);
    // The Query tab's order: impressions, revenues, eCPM, requests.
    const wrong = data.find(
      (row) =>
        !sameAmount(
          Number(row[groups.length + 2]),
          expectedEcpm(Number(row[groups.length + 1]), Number(row[groups.length])),
        ),
    );
    ledger.check(
      "ecpm",
      label,
      `${surface}: every eCPM cell is its row's revenue / impressions x 1000`,
      wrong === undefined,
      () => JSON.stringify(wrong),
    );
    const dateColumn = groups.findIndex((group) => group === "day" || group === "month");
    if (dateColumn >= 0 && want.length > 0) {
      ledger.sameRows(
        "dates",
        label,
        `${surface}: every day and month is the one the legacy service names`,
        byKeys(data).map((row) => [row[dateColumn]]),
        byKeys(want).map((row) => [row[dateColumn]]),
      );
    }
  };

  const runtime = addIn.runtime();
  const core = await attempt(context, "legacy", label, "LEGACY.STATS (core)", async () => {
    const table = await runtime.functions.legacyStats(
      ...(args.map((arg) => arg) as [CellInput, CellInput, CellInput, CellInput]),
    );
    return table.rows as unknown[][];
  });
  if (core) judge("LEGACY.STATS (core)", core);
  if (context.bundle) {
    const output = await attempt(
      context,
      "legacy",
      label,
      "LEGACY.STATS (functions.js)",
      async () => (await addIn.bundle(legacyCase.dateStyle).call("LEGACY.STATS", args)) as unknown[][],
    );
    if (output) judge(`LEGACY.STATS in functions.js (${legacyCase.dateStyle})`, output);
  }
}
