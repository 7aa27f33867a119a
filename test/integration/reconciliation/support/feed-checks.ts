import { FILTER_NAMES, GROUP_OF_FILTER, type GroupName, type MetricName, type StatsEntry } from "../../../../src/api";
import type { StatsQueryModel } from "../../../../src/core/formula-text";
import type { CheckContext } from "./context";
import { sameAmount, type CellEquality } from "./ledger";
import type { Sums } from "./raw";
import type { BearerIdentity } from "./world";

/**
 * The OData feed as one more path of the suite: the model's query written as Power Query would
 * fold it ($select, $filter with in (...), $orderby), read page by page through every
 * @odata.nextLink with the credential as a Basic password, and compared with the service's own
 * answer: the same rows, the same numbers, in the model's order, adding up to the same totals.
 */

interface FeedPage {
  value: Record<string, unknown>[];
  "@odata.nextLink"?: string;
}

const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The feed's address for a model and period, written from the model alone (not by the feed's code). */
export function feedQueryOf(
  root: string,
  model: StatsQueryModel,
  period: { from: string; to: string },
  metrics: readonly MetricName[],
): string {
  const comparisons = [`date ge ${period.from}`, `date le ${period.to}`];
  for (const name of FILTER_NAMES) {
    const values = model.filters[name];
    if (values && values.length > 0) comparisons.push(`${GROUP_OF_FILTER[name]} in (${values.map(quoted).join(",")})`);
  }
  const options = [
    `$select=${[...model.groups, ...metrics].join(",")}`,
    `$filter=${encodeURIComponent(comparisons.join(" and "))}`,
  ];
  if (model.orders.length > 0)
    options.push(
      `$orderby=${encodeURIComponent(model.orders.map((order) => order.replace(":desc", " desc")).join(","))}`,
    );
  return `${root}Stats?${options.join("&")}`;
}

async function readAll(
  first: string,
  token: string,
): Promise<{ rows: Record<string, unknown>[]; pages: number; leaked: boolean }> {
  const authorization = `Basic ${Buffer.from(`reconciliation:${token}`).toString("base64")}`;
  const rows: Record<string, unknown>[] = [];
  let url: string | undefined = first;
  let pages = 0;
  let leaked = false;
  while (url) {
    const response = await fetch(url, { headers: { authorization, accept: "application/json" } });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`the feed answered ${response.status}: ${text.slice(0, 300)}`);
    const page = JSON.parse(text) as FeedPage;
    rows.push(...page.value);
    pages += 1;
    url = page["@odata.nextLink"];
    leaked ||= url?.includes(token) ?? false;
  }
  return { rows, pages, leaked };
}

export async function checkFeedCase(
  context: CheckContext,
  label: string,
  identity: BearerIdentity,
  model: StatsQueryModel,
  period: { from: string; to: string },
  metrics: readonly MetricName[],
  whole: readonly StatsEntry[],
  totals: Sums,
): Promise<void> {
  const { ledger, feed } = context;
  if (!feed) return;
  if (model.groups.includes("date") && (model.dateGroup ?? "day") !== "day") {
    ledger.note("feed", label, "weeks and months are not in the feed: it gives days, which Power Query groups");
    return;
  }
  const groups: readonly GroupName[] = model.groups;
  let read: Awaited<ReturnType<typeof readAll>>;
  try {
    read = await readAll(feedQueryOf(feed, model, period, metrics), identity.token);
  } catch (error) {
    ledger.check("feed", label, "the feed answers the query", false, () =>
      error instanceof Error ? error.message : String(error),
    );
    return;
  }
  ledger.check("feed", label, "no nextLink carries the credential", !read.leaked);

  const columns = [...groups, ...metrics];
  const feedRows = read.rows.map((row) => columns.map((name) => row[name] ?? null));
  const serviceRows = whole.map((entry) => [
    ...groups.map((group) => entry.group[group] ?? null),
    ...metrics.map((metric) => entry.metrics[metric] ?? null),
  ]);
  const numbers: CellEquality = (actual, expected, column) =>
    column >= groups.length && typeof actual === "number" && typeof expected === "number"
      ? sameAmount(actual, expected)
      : actual === expected;
  // Rows tied on the model's orders may come in either order: compared as sets, then in order of the sort keys.
  const byGroups = (rows: unknown[][]) =>
    [...rows].sort((a, b) =>
      JSON.stringify(a.slice(0, groups.length)) < JSON.stringify(b.slice(0, groups.length)) ? -1 : 1,
    );
  ledger.sameRows(
    "feed",
    label,
    `the feed's rows (${read.pages} pages) are /stats rows, every number equal`,
    byGroups(feedRows),
    byGroups(serviceRows),
    numbers,
  );
  const sortKeys = (rows: unknown[][]) =>
    rows.map((row) => model.orders.map((order) => row[columns.indexOf(order.split(":")[0] as GroupName | MetricName)]));
  ledger.sameRows(
    "feed",
    label,
    "the feed's rows come in the query's order",
    sortKeys(feedRows),
    sortKeys(serviceRows),
    (a, b) => a === b || (typeof a === "number" && typeof b === "number" && sameAmount(a, b)),
  );

  for (const metric of ["impressions", "revenues", "requests"] as const) {
    if (!metrics.includes(metric)) continue;
    const sum = read.rows.reduce((total, row) => total + ((row[metric] as number | null) ?? 0), 0);
    if (metric === "revenues")
      ledger.sameAmount("feed", label, "the feed's revenues add up to the ungrouped total", sum, totals.revenues);
    else ledger.sameCount("feed", label, `the feed's ${metric} add up to the ungrouped total`, sum, totals[metric]);
  }
}
