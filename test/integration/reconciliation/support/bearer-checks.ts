import ExcelJS from "exceljs";
import { METRICS, type GroupName, type MetricName, type StatsEntry, type StatsRequest } from "../../../../src/api";
import { isReportingError, type ReportingClient } from "../../../../src/client";
import { readStatsQuery } from "../../../../src/core/arguments/stats-query";
import type { CellInput } from "../../../../src/core/cell-values";
import { neutraliseCsv } from "../../../../src/core/csv-safety";
import { statsArgumentsOf, type StatsQueryModel } from "../../../../src/core/formula-text";
import type { SpillTable } from "../../../../src/core/rows/spill-table";
import { jsonBytes } from "../../../../src/core/spill-limit";
import { pivotPlan } from "../../../../src/core/workbook-queries/pivot-plan";
import { storedModelOf } from "../../../../src/core/workbook-queries/stored-query";
import { statsTableData, tableStatsQuery } from "../../../../src/core/workbook-queries/table-refresh";
import { fitSpill } from "../../../../src/office/spill-fit";
import { insertQueryTable } from "../../../../src/office/tables/insert-table";
import { addPivotTable } from "../../../../src/office/tables/pivot-tables";
import { installFakeExcel } from "../../../unit/office/fake-excel";
import { parseCsv } from "../../emulator/support/csv";
import { statsArguments } from "./arguments";
import { dayCount, documentedPeriod, lastDayOfMonth, plusDays, serialOf, weekday } from "./calendar";
import { describeModel, type BearerCase, type DateStyle } from "./cases";
import { attempt, type CheckContext } from "./context";
import { checkFeedCase } from "./feed-checks";
import { expectedEcpm, sameAmount, type CellEquality } from "./ledger";
import { rawExport, rawRows, rawStats, sumsOf, type Sums } from "./raw";
import { entryValues, expectedSpill, filtersText, metricsOfModel, plainRows, requestOf, type Cell } from "./shapes";
import type { BearerIdentity } from "./world";

/** Rows one query may have: its period is halved until its answer fits, so every path stays quick. */
export const MAX_ROWS = 4_000;
/** Rows written into the fake Excel for one query. */
const TABLE_ROWS = 2_500;
/** Values of one dimension that VALUE cells are written for. */
const VALUE_CELLS_PER_METRIC = 16;
/** statsAll never reads more pages than this for one query (page sizes grow with the rows). */
const MOST_PAGES = 12;

type Period = { from: string; to: string };

/** The fake of Excel lives on the process's globals: queries checked side by side take turns with it. */
let workbookTurn: Promise<unknown> = Promise.resolve();
function oneWorkbookAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = workbookTurn.then(work);
  workbookTurn = turn.catch(() => undefined);
  return turn;
}

/** The rows the service's own window keeps: the most recent date_group_limit periods, then offset and limit. */
function windowOf(entries: readonly StatsEntry[], request: StatsRequest): { rows: StatsEntry[]; total: number } {
  let rows = [...entries];
  if (request.date_group_limit !== undefined && request.groups?.includes("date")) {
    const recent = new Set(
      [...new Set(rows.map((entry) => entry.group.date ?? ""))].sort().reverse().slice(0, request.date_group_limit),
    );
    rows = rows.filter((entry) => recent.has(entry.group.date ?? ""));
  }
  const start = request.offset ?? 0;
  return {
    rows: rows.slice(start, request.limit === undefined ? undefined : start + request.limit),
    total: rows.length,
  };
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stable((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

const SUMMED: readonly (keyof Sums)[] = ["impressions", "revenues", "requests"];

/** Sums of the metric columns of cell rows. */
function columnSums(
  rows: readonly (readonly unknown[])[],
  metrics: readonly MetricName[],
  firstMetric: number,
): Partial<Sums> {
  const sums: Partial<Sums> = {};
  metrics.forEach((metric, index) => {
    if (metric === "ecpm") return;
    sums[metric] = rows.reduce(
      (sum: number, row) =>
        sum + (typeof row[firstMetric + index] === "number" ? (row[firstMetric + index] as number) : 0),
      0,
    );
  });
  return sums;
}

function dataRows(table: Pick<SpillTable, "rows" | "dataRowCount">, headerRows: number): unknown[][] {
  return table.dataRowCount === 0 ? [] : table.rows.slice(headerRows, headerRows + table.dataRowCount);
}

/** Metric columns are compared as numbers (a CSV writes them as text), the others as they are. */
function numbersFrom(firstMetric: number): CellEquality {
  return (actual, expected, column) => {
    if (column < firstMetric || typeof actual !== "string" || typeof expected !== "number") return actual === expected;
    return actual !== "" && Number(actual) === expected;
  };
}

export async function checkBearerCase(context: CheckContext, bearerCase: BearerCase): Promise<void> {
  const { world, ledger, endpoint, addIn } = context;
  const identity = world.bearer[bearerCase.identity]!;
  const today = world.today;
  let model: StatsQueryModel = bearerCase.model;
  let label = bearerCase.label;
  const groups: GroupName[] = [...model.groups];
  const metrics = metricsOfModel(model);
  const firstMetric = groups.length;

  // A period word resolves to the documented days, in the pane's query as in the formula's.
  let period: Period;
  if ("word" in model.period) {
    period = documentedPeriod(model.period.word, today);
    const asked = readStatsQuery(statsArgumentsOf(model), () => today).request.filters;
    ledger.check(
      "dates",
      label,
      `${model.period.word} on ${today} covers the documented days`,
      asked.from === period.from && asked.to === period.to,
      () => `${asked.from}..${asked.to}, documented ${period.from}..${period.to}`,
    );
  } else period = model.period;

  // The whole answer, without the query's window and with every metric: halved in time until it
  // holds at most MAX_ROWS rows, so that every check runs on all of it.
  const unwindowedModel = (of: StatsQueryModel): StatsQueryModel => ({
    ...of,
    metrics: [],
    limit: undefined,
    offset: undefined,
    dateGroupLimit: undefined,
  });
  let unwindowed: { stats: StatsEntry[]; total: number };
  for (let tries = 0; ; tries++) {
    const answer = await rawStats(endpoint, identity, { ...requestOf(unwindowedModel(model), period), limit: 10_000 });
    if (answer.status !== 200 || !("total" in answer)) {
      ledger.check(
        "totals",
        label,
        "the service answers the query",
        false,
        () => `status ${answer.status}: ${"error" in answer ? answer.error.slice(0, 200) : ""}`,
      );
      return;
    }
    if (answer.total <= MAX_ROWS) {
      unwindowed = answer;
      break;
    }
    if (dayCount(period) <= 1 || tries >= 10) {
      ledger.note("totals", label, `skipped: more than ${MAX_ROWS} rows in a single day`);
      return;
    }
    period = { from: period.from, to: plusDays(period.from, Math.floor(dayCount(period) / 2) - 1) };
    model = { ...model, period };
    label = `${bearerCase.label.split(" ").slice(0, 2).join(" ")} ${describeModel(model)} (narrowed)`;
  }

  const request = requestOf(model, period);
  const [reference, totalAnswer] = await Promise.all([
    rawRows(endpoint, identity, request),
    rawRows(endpoint, identity, { filters: request.filters }),
  ]);
  // Every metric of the rows the query shows, for the eCPM of each (checked equal to the service's window below).
  const fullRows = { stats: windowOf(unwindowed.stats, request).rows };
  const total = totalAnswer.stats[0]?.metrics ?? {};
  const totals: Sums = {
    impressions: total.impressions ?? NaN,
    revenues: total.revenues ?? NaN,
    requests: total.requests ?? NaN,
  };
  const unwindowedQuery = bearerCase.window === "none";

  const sameTotals = (area: Parameters<typeof ledger.check>[0], what: string, sums: Partial<Sums>) => {
    for (const metric of SUMMED) {
      const sum = sums[metric];
      if (sum === undefined) continue;
      if (metric === "revenues") ledger.sameAmount(area, label, `${what}: revenues`, sum, totals.revenues);
      else ledger.sameCount(area, label, `${what}: ${metric}`, sum, totals[metric]);
    }
  };

  // Totals: the service's grouping adds up to its ungrouped total.
  ledger.sameCount("totals", label, "the ungrouped total is one row", totalAnswer.stats.length, 1);
  sameTotals(
    "totals",
    "/stats rows grouped by the query's groups sum to the ungrouped total",
    sumsOf(unwindowed.stats),
  );

  // eCPM of every row (and of the total) is revenues / impressions x 1000, 0 without impressions.
  const ecpmHolds = (entries: readonly StatsEntry[]) =>
    entries.findIndex(
      ({ metrics: values }) =>
        !(
          Number.isFinite(values.ecpm) &&
          sameAmount(values.ecpm!, expectedEcpm(values.revenues ?? NaN, values.impressions ?? NaN))
        ),
    );
  for (const [what, entries] of [
    ["/stats rows", unwindowed.stats],
    ["/stats total", totalAnswer.stats],
  ] as const) {
    const wrong = ecpmHolds(entries);
    ledger.check("ecpm", label, `${what}: eCPM is revenues / impressions x 1000`, wrong < 0, () =>
      JSON.stringify(entries[wrong]),
    );
  }

  // The service's window: the most recent periods, then offset and limit, of the same ordered rows.
  const window = windowOf(unwindowed.stats, request);
  ledger.sameRows(
    "paging",
    label,
    "/stats with offset, limit and date_group_limit is that window of the whole ordered answer",
    reference.stats.map((entry) => entryValues(entry, groups, metrics)),
    window.rows.map((entry) => entryValues(entry, groups, metrics)),
  );
  ledger.sameCount(
    "paging",
    label,
    "/stats total counts the rows before offset and limit",
    reference.total,
    window.total,
  );

  // Isolation: every row belongs to the credential's own organizations, assets and ad units.
  checkOwnRows(context, label, identity, unwindowed.stats, "/stats");
  if (identity !== world.widest) {
    const organizations = request.filters.organizations ?? identity.organizations;
    const seenByWidest = await rawRows(endpoint, world.widest, { filters: { ...request.filters, organizations } });
    const widest = seenByWidest.stats[0]?.metrics ?? {};
    ledger.sameCount(
      "isolation",
      label,
      `${identity.label}'s total is the total of its organizations seen by ${world.widest.label}: impressions`,
      totals.impressions,
      widest.impressions ?? NaN,
    );
    ledger.sameAmount(
      "isolation",
      label,
      `${identity.label}'s total is the total of its organizations seen by ${world.widest.label}: revenues`,
      totals.revenues,
      widest.revenues ?? NaN,
    );
  }

  // Dates: each period starts on its documented day and lies within the query's days.
  if (groups.includes("date")) checkPeriodStarts(context, label, model.dateGroup ?? "day", period, unwindowed.stats);

  // The OData feed: the whole answer (its window is Power Query's $top/$skip, not the model's).
  await checkFeedCase(context, label, identity, model, period, metrics, unwindowed.stats, totals);

  const runtime = addIn.runtime();
  await runtime.ready;
  const client = runtime.clients(identity.label).reporting;
  if (!client) {
    ledger.check("paging", label, `profile ${identity.label} has a client`, false);
    return;
  }

  // The pane's query (Preview, exports) asks for exactly the request the model says.
  const query = readStatsQuery(statsArgumentsOf(model), () => today);
  ledger.check(
    "spill",
    label,
    "the add-in sends the query's request",
    stable(query.request) === stable(request),
    () => `${stable(query.request)} vs ${stable(request)}`,
  );

  // Paging: statsAll at any page size gives the unpaged rows, in order, none lost or repeated.
  const rowCount = Math.max(1, reference.stats.length);
  const pageSize = Math.min(
    10_000,
    Math.max(Math.ceil(rowCount / MOST_PAGES), Math.ceil(rowCount * bearerCase.pageShare)),
  );
  const paged = await attempt(context, "paging", label, `statsAll with pages of ${pageSize}`, () =>
    client.statsAll(request, { pageSize }),
  );
  if (paged) {
    ledger.sameRows(
      "paging",
      label,
      `statsAll with pages of ${pageSize} gives the unpaged rows in order`,
      paged.stats.map((entry) => entryValues(entry, groups, metrics)),
      reference.stats.map((entry) => entryValues(entry, groups, metrics)),
    );
    ledger.sameCount("paging", label, "statsAll's total is the service's", paged.total, reference.total);
  }

  // STATS through the core functions: the preview (Insert as table) and the spill, cut or not.
  const headerRows = query.headers === "none" ? 0 : 1;
  const expected = expectedSpill(reference.stats, groups, metrics, query.headers);
  const expectedData = expected.slice(headerRows, headerRows + reference.stats.length);
  const preview = await attempt(context, "spill", label, "the preview", () => runtime.functions.statsTable(query));
  if (!preview) return;
  ledger.sameRows("spill", label, "the preview (Insert as table's rows) shows the /stats rows", preview.rows, expected);
  const previewData = dataRows(preview, headerRows);
  checkDateColumn(context, label, "preview", groups, previewData, reference.stats);
  checkEcpmColumn(context, label, "preview", metrics, firstMetric, previewData, fullRows.stats);
  if (unwindowedQuery)
    sameTotals(
      "totals",
      "the preview's columns sum to the ungrouped total",
      columnSums(previewData, metrics, firstMetric),
    );

  const spill = await attempt(context, "spill", label, "STATS (core functions)", () =>
    runtime.functions.stats(
      ...(statsArguments(model, bearerCase.cellArguments) as [
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
  if (spill)
    ledger.sameRows(
      "spill",
      label,
      "STATS in the core functions gives every /stats row (the office layer cuts the spill)",
      spill.rows,
      expected,
    );

  // The office layer's one cut, measured on what this Excel receives (dated values weigh more).
  const fitted = fitSpill(spill ?? preview, bearerCase.dateStyle, bearerCase.spillBudget);
  ledger.check(
    "spill",
    label,
    `the spill Excel receives (${bearerCase.dateStyle} dates) stays within ${bearerCase.spillBudget} bytes`,
    jsonBytes(fitted.rows) <= bearerCase.spillBudget || preview.dataRowCount === 0,
    () => `${jsonBytes(fitted.rows)} bytes`,
  );
  const fittedRows = plainRows(fitted.rows);
  const shownRows: unknown[][] = fittedRows.slice(headerRows, headerRows + fitted.shownRows);
  if (fitted.omittedRowCount > 0) {
    // Cut: the header, the rows that fit, then one row saying how many were left out.
    ledger.note("spill", label, "spills cut by the size budget");
    ledger.sameRows(
      "spill",
      label,
      `the ${bearerCase.dateStyle} spill cut at ${bearerCase.spillBudget} bytes starts with the preview's rows`,
      fittedRows.slice(0, headerRows + fitted.shownRows),
      expected.slice(0, headerRows + fitted.shownRows),
    );
    ledger.sameCount(
      "spill",
      label,
      "rows shown plus rows left out are every row",
      fitted.shownRows + fitted.omittedRowCount,
      reference.stats.length,
    );
    const message = String(fittedRows.at(-1)?.[0] ?? "");
    ledger.check(
      "spill",
      label,
      `the ${bearerCase.dateStyle} spill's last row says the ${fitted.omittedRowCount} rows left out`,
      message.includes(fitted.omittedRowCount.toLocaleString("en-US")) && /Insert as table/.test(message),
      () => message,
    );
  } else {
    ledger.sameRows(
      "spill",
      label,
      `the ${bearerCase.dateStyle} spill (not cut) shows every row`,
      fittedRows,
      expected,
    );
  }

  // STATS through the built functions.js, with dates as this Excel takes them.
  if (context.bundle) {
    const bundle = addIn.bundle(bearerCase.dateStyle);
    const output = await attempt(
      context,
      "spill",
      label,
      "STATS (functions.js)",
      async () => (await bundle.call("STATS", statsArguments(model, bearerCase.cellArguments))) as unknown[][],
    );
    if (output) {
      ledger.sameRows(
        "spill",
        label,
        `STATS in functions.js (${bearerCase.dateStyle} dates) spills the /stats rows`,
        plainRows(output),
        expected,
      );
      checkDateCells(
        context,
        label,
        bearerCase.dateStyle,
        groups,
        output.slice(headerRows, headerRows + reference.stats.length),
        reference.stats,
      );
    }
  }

  if (bearerCase.table && reference.stats.length > 0 && reference.stats.length <= TABLE_ROWS) {
    await oneWorkbookAtATime(() =>
      checkInsertedTable(context, label, model, groups, metrics, {
        totals: unwindowedQuery ? totals : undefined,
        shownRows,
        expectedData,
        reference: reference.stats,
        fullRows: fullRows.stats,
        request,
      }),
    );
  }
  if (bearerCase.exports)
    await checkExports(
      context,
      label,
      identity,
      request,
      query.request,
      groups,
      metrics,
      reference.stats,
      previewData,
      client,
    );
  if (bearerCase.value)
    await checkValueCells(context, label, identity, model, bearerCase.dateStyle, period, request, totals);
}

function checkOwnRows(
  context: CheckContext,
  label: string,
  identity: BearerIdentity,
  entries: readonly StatsEntry[],
  what: string,
): void {
  const ownAssets = new Set(identity.assets.map((asset) => asset.id));
  const ownAdUnits = new Set(identity.assets.flatMap((asset) => asset.adUnits.map((unit) => unit.id)));
  const foreign = entries.find(
    ({ group }) =>
      (group.organization != null && !identity.organizations.includes(group.organization)) ||
      (group.asset != null && !ownAssets.has(group.asset)) ||
      (group.ad_unit != null && !ownAdUnits.has(group.ad_unit)),
  );
  context.ledger.check(
    "isolation",
    label,
    `${what}: every row is of ${identity.label}'s own organizations, assets and ad units`,
    foreign === undefined,
    () => JSON.stringify(foreign?.group),
  );
}

function checkPeriodStarts(
  context: CheckContext,
  label: string,
  dateGroup: string,
  period: Period,
  entries: readonly StatsEntry[],
): void {
  const wrong = entries.find(({ group }) => {
    const day = group.date ?? "";
    if (dateGroup === "week") return weekday(day) !== 1 || day > period.to || plusDays(day, 6) < period.from;
    if (dateGroup === "month") return !day.endsWith("-01") || day > period.to || lastDayOfMonth(day) < period.from;
    return day < period.from || day > period.to;
  });
  context.ledger.check(
    "dates",
    label,
    `each ${dateGroup} starts on its documented day (weeks on Monday, months on the 1st) within the period`,
    wrong === undefined,
    () => String(wrong?.group.date),
  );
}

/** The date column of rows (numbers or dated values) names the days the service named. */
function checkDateColumn(
  context: CheckContext,
  label: string,
  what: string,
  groups: readonly GroupName[],
  rows: readonly (readonly unknown[])[],
  entries: readonly StatsEntry[],
): void {
  const column = groups.indexOf("date");
  if (column < 0 || entries.length === 0) return;
  context.ledger.sameRows(
    "dates",
    label,
    `${what}: every date is the day /stats names, in this time zone`,
    rows.map((row) => plainRows([[row[column]]])[0]!),
    entries.map((entry) => [entry.group.date == null ? "" : serialOf(entry.group.date)]),
  );
}

function checkDateCells(
  context: CheckContext,
  label: string,
  style: DateStyle,
  groups: readonly GroupName[],
  rows: readonly (readonly unknown[])[],
  entries: readonly StatsEntry[],
): void {
  const column = groups.indexOf("date");
  if (column < 0 || entries.length === 0) return;
  checkDateColumn(context, label, `STATS in functions.js (${style})`, groups, rows, entries);
  const type = style === "double" ? "Double" : style === "formattedNumber" ? "FormattedNumber" : undefined;
  const wrong = rows.find((row) => {
    const cell = row[column] as { type?: unknown; numberFormat?: unknown } | number;
    return type === undefined
      ? typeof cell !== "number"
      : typeof cell !== "object" || cell.type !== type || cell.numberFormat !== "yyyy-mm-dd";
  });
  context.ledger.check(
    "dates",
    label,
    `dates spill as ${type ? `${type} values formatted yyyy-mm-dd` : "serial numbers"} where Excel takes those`,
    wrong === undefined,
    () => JSON.stringify(wrong?.[column]),
  );
}

function checkEcpmColumn(
  context: CheckContext,
  label: string,
  what: string,
  metrics: readonly MetricName[],
  firstMetric: number,
  rows: readonly (readonly unknown[])[],
  fullRows: readonly StatsEntry[],
): void {
  const column = metrics.indexOf("ecpm");
  if (column < 0 || rows.length === 0) return;
  const wrong = rows.findIndex((row, index) => {
    const cell = row[firstMetric + column];
    const values = fullRows[index]?.metrics;
    return (
      typeof cell !== "number" ||
      !Number.isFinite(cell) ||
      !values ||
      !sameAmount(cell, expectedEcpm(values.revenues ?? NaN, values.impressions ?? NaN))
    );
  });
  context.ledger.check(
    "ecpm",
    label,
    `${what}: every eCPM cell is that row's revenues / impressions x 1000 (0 without impressions)`,
    wrong < 0,
    () => `row ${wrong + 1}: ${JSON.stringify(rows[wrong])}`,
  );
}

interface TableExpectations {
  totals: Sums | undefined;
  /** The data rows the spill shows (all of them when it was not cut). */
  shownRows: unknown[][];
  expectedData: Cell[][];
  reference: StatsEntry[];
  fullRows: StatsEntry[];
  request: StatsRequest;
}

/** Insert as table, as the pane does it, into the recording fake of Excel; then the PivotTable beside it. */
async function checkInsertedTable(
  context: CheckContext,
  label: string,
  model: StatsQueryModel,
  groups: GroupName[],
  metrics: MetricName[],
  expected: TableExpectations,
): Promise<void> {
  const { ledger, world, addIn, endpoint } = context;
  const identity = world.bearer.find((candidate) => candidate.label === model.profile)!;
  const excel = installFakeExcel();
  try {
    const tableQuery = tableStatsQuery(storedModelOf(model), () => world.today, false);
    // The runtime of the spill: Insert as table reuses the preview's answer, as in the pane.
    const runtime = addIn.runtime();
    const table = await attempt(context, "table", label, "Insert as table", async () => {
      const answer = await runtime.functions.statsTable(tableQuery);
      const data = statsTableData(answer, tableQuery);
      return { answer, data, inserted: await insertQueryTable(data, { kind: "new", sheetName: "Reporting" }) };
    });
    if (!table) return;
    const written = excel.control.table(table.inserted.name);
    if (!ledger.check("table", label, "the inserted table is in the workbook", written !== undefined)) return;
    const headers = tableQuery.headers === "none" ? "readable" : tableQuery.headers;
    const want = expectedSpill(expected.reference, groups, metrics, headers);
    ledger.sameRows("table", label, "the inserted table holds the /stats rows under its header", written!.values, want);
    const rows = written!.values.slice(1);
    checkDateColumn(context, label, "inserted table", groups, rows, expected.reference);
    checkEcpmColumn(context, label, "inserted table", metrics, groups.length, rows, expected.fullRows);
    const dateColumn = groups.indexOf("date");
    if (dateColumn >= 0) {
      const unformatted = written!.numberFormat.slice(1).findIndex((formats) => formats[dateColumn] !== "yyyy-mm-dd");
      ledger.check(
        "dates",
        label,
        "the table's dates are formatted as dates",
        unformatted < 0,
        () => `row ${unformatted + 2}: ${written!.numberFormat[unformatted + 1]?.[dateColumn]}`,
      );
    }
    if (expected.totals) {
      for (const metric of SUMMED) {
        const sum = columnSums(rows, metrics, groups.length)[metric];
        if (sum === undefined) continue;
        if (metric === "revenues")
          ledger.sameAmount(
            "totals",
            label,
            "the inserted table's revenues sum to the ungrouped total",
            sum,
            expected.totals.revenues,
          );
        else
          ledger.sameCount(
            "totals",
            label,
            `the inserted table's ${metric} sum to the ungrouped total`,
            sum,
            expected.totals[metric],
          );
      }
    }
    // A spill cut by the budget plus the rest of the rows from the table: the whole answer.
    ledger.sameRows(
      "spill",
      label,
      "the spill's rows plus the inserted table's remaining rows are every row",
      [...expected.shownRows, ...rows.slice(expected.shownRows.length)],
      expected.expectedData,
    );

    // The PivotTable: eCPM is never one of its sums, and its sums are /stats grouped by its row field.
    const plan = pivotPlan(table.data.columns, table.inserted.headers);
    if ("problem" in plan) {
      ledger.check(
        "ecpm",
        label,
        "no PivotTable only when eCPM is the one metric",
        metrics.every((metric) => metric === "ecpm"),
        () => plan.problem,
      );
    } else if (groups.length > 0) {
      const ecpmHeader = table.inserted.headers[groups.length + metrics.indexOf("ecpm")];
      ledger.check(
        "ecpm",
        label,
        "eCPM is never summed in the PivotTable",
        !plan.values.some((value) => value.field === ecpmHeader && metrics.includes("ecpm")),
        () => JSON.stringify(plan.values),
      );
      const added = await attempt(context, "table", label, "the PivotTable", () =>
        addPivotTable(
          {
            table: { excelId: table.inserted.excelId, name: table.inserted.name, sheet: table.inserted.sheet },
            query: storedModelOf(model),
            columns: table.data.columns.map((column) => column.key),
          },
          plan,
        ),
      );
      const pivot = added && excel.state.workbook.pivots.find((candidate) => candidate.name === added.name);
      if (pivot && expected.totals) {
        const first = groups[0]!;
        const byFirst = await rawRows(endpoint, identity, {
          filters: expected.request.filters,
          groups: [first],
          date_group: expected.request.date_group,
          metrics: [...METRICS],
          limit: 10_000,
        });
        const summed = plan.values.map(
          (value) => metrics[table.inserted.headers.indexOf(value.field) - groups.length]!,
        );
        const summary = new Map(
          pivot.summary.map((entry) => [
            JSON.stringify(entry.key.map((key) => plainRows([[key]])[0]![0])),
            entry.values,
          ]),
        );
        let difference: string | undefined;
        for (const entry of byFirst.stats) {
          const key = JSON.stringify([expectedSpill([entry], [first], [], "none")[0]![0]]);
          const values = summary.get(key);
          summed.forEach((metric, index) => {
            const want = entry.metrics[metric] ?? NaN;
            const got = values?.[index];
            const equal = metric === "revenues" ? typeof got === "number" && sameAmount(got, want) : got === want;
            if (!equal && difference === undefined) difference = `${metric} of ${key}: ${got}, /stats ${want}`;
          });
        }
        ledger.check(
          "table",
          label,
          `the PivotTable's sums by ${first} are /stats grouped by ${first}`,
          difference === undefined && summary.size === byFirst.stats.length,
          () => difference ?? `${summary.size} PivotTable rows, /stats ${byFirst.stats.length}`,
        );
      }
    }

    // Insert as table beside what a sheet already holds: the same rows, to the right of the first table.
    const beside = await attempt(context, "table", label, "Insert as table on an existing sheet", () =>
      insertQueryTable(table.data, { kind: "existing", sheetName: table.inserted.sheet }),
    );
    const besideTable = beside && excel.control.table(beside.name);
    if (beside)
      ledger.check(
        "table",
        label,
        "a table inserted on an existing sheet starts right of what it holds",
        beside.address !== table.inserted.address,
        () => beside.address,
      );
    if (besideTable)
      ledger.sameRows(
        "table",
        label,
        "a table inserted on an existing sheet holds the same rows",
        besideTable.values,
        want,
      );
  } finally {
    excel.restore();
  }
}

async function readXlsx(bytes: Uint8Array): Promise<{ values: unknown[][]; dateFormats: string[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const values: unknown[][] = [];
  const dateFormats: string[] = [];
  const width = sheet.getRow(1).cellCount;
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: unknown[] = [];
    for (let column = 1; column <= width; column++) {
      const cell = row.getCell(column);
      if (cell.value instanceof Date) dateFormats.push(cell.numFmt);
      cells.push(cell.value ?? null);
    }
    values.push(cells);
  });
  return { values, dateFormats };
}

/** An export's date cell as the day it names: a Date of an .xlsx is UTC midnight of that day. */
const dayOfCell = (cell: unknown): unknown => (cell instanceof Date ? cell.toISOString().slice(0, 10) : cell);

async function checkExports(
  context: CheckContext,
  label: string,
  identity: BearerIdentity,
  request: StatsRequest,
  paneRequest: StatsRequest,
  groups: GroupName[],
  metrics: MetricName[],
  reference: StatsEntry[],
  previewData: unknown[][],
  client: ReportingClient,
): Promise<void> {
  const { ledger, endpoint } = context;
  const header = [...groups, ...metrics];
  const raw = reference.map((entry) =>
    entryValues(entry, groups, metrics).map((value) => (value === null ? "" : value)),
  );
  const dateColumn = groups.indexOf("date");

  // The service's three answers agree cell for cell.
  const csv = await rawExport(endpoint, identity, request, "csv");
  if (ledger.sameCount("exports", label, "/stats/csv answers 200", csv.status, 200)) {
    const [csvHeader, ...csvRows] = parseCsv(csv.bytes.toString("utf8").replace(/^\uFEFF/, ""));
    ledger.sameRows("exports", label, "/stats/csv has the header of /stats", [csvHeader ?? []], [header]);
    ledger.sameRows(
      "exports",
      label,
      "/stats/csv holds the /stats rows, numbers to the last digit",
      csvRows,
      raw,
      numbersFrom(groups.length),
    );
  }
  const xlsx = await rawExport(endpoint, identity, request, "xlsx");
  if (ledger.sameCount("exports", label, "/stats/xls answers 200", xlsx.status, 200)) {
    const { values, dateFormats } = await readXlsx(xlsx.bytes);
    ledger.sameRows(
      "exports",
      label,
      "/stats/xls holds the /stats rows under its header, numbers as numbers",
      values.map((row) => row.map((cell) => (cell === null ? "" : dayOfCell(cell)))),
      [header, ...raw],
    );
    if (dateColumn >= 0 && reference.length > 0) {
      ledger.check(
        "dates",
        label,
        "/stats/xls writes dates as dates (yyyy-mm-dd)",
        dateFormats.length === reference.length && dateFormats.every((format) => format === "yyyy-mm-dd"),
        () => `${dateFormats.length} date cells, formats ${[...new Set(dateFormats)].join(", ")}`,
      );
    }
  }

  // The add-in's exports (what Export CSV and Export Excel save) agree with its preview.
  const fromDay = (cell: unknown, column: number) =>
    column === dateColumn && typeof cell === "string" && cell !== "" ? serialOf(cell) : cell;
  const paneCsv = await attempt(
    context,
    "exports",
    label,
    "Export CSV",
    async () => neutraliseCsv(await client.statsCsv(paneRequest)).csv,
  );
  if (paneCsv !== undefined) {
    const [, ...rows] = parseCsv(paneCsv.replace(/^\uFEFF/, ""));
    ledger.sameRows(
      "exports",
      label,
      "Export CSV holds the preview's rows",
      rows.map((row) => row.map(fromDay)),
      previewData,
      numbersFrom(groups.length),
    );
  }
  const paneXlsx = await attempt(context, "exports", label, "Export Excel", () => client.statsXlsx(paneRequest));
  if (paneXlsx) {
    const { values } = await readXlsx(paneXlsx);
    ledger.sameRows(
      "exports",
      label,
      "Export Excel holds the preview's rows",
      values.slice(1).map((row) => row.map((cell, column) => fromDay(cell === null ? "" : dayOfCell(cell), column))),
      previewData,
    );
  }
}

/**
 * VALUE cells written together (one per metric, overall and for each value of a dimension) as a
 * template would: one batched request, each cell equal to /stats, the cells of a dimension adding
 * up to the overall cell, eCPM recomputed from the sums.
 */
async function checkValueCells(
  context: CheckContext,
  label: string,
  identity: BearerIdentity,
  model: StatsQueryModel,
  style: DateStyle,
  period: Period,
  request: StatsRequest,
  totals: Sums,
): Promise<void> {
  const { ledger, endpoint, addIn } = context;
  const filterOfGroup: Partial<Record<GroupName, keyof typeof model.filters>> = {
    organization: "organizations",
    asset: "assets",
    asset_type: "asset_types",
    ad_unit: "ad_units",
    country: "countries",
    format: "formats",
    integration_type: "integration_types",
    device_types: "device_types",
  };
  const group = model.groups.find((candidate) => candidate !== "date") ?? "country";
  const filter = filterOfGroup[group]!;
  const byValue = await rawRows(endpoint, identity, {
    filters: request.filters,
    groups: [group],
    metrics: [...METRICS],
    limit: 10_000,
  });
  const values = byValue.stats.filter((entry) => entry.group[group] != null).slice(0, VALUE_CELLS_PER_METRIC);
  const complete = values.length === byValue.stats.length;
  const others = { ...model.filters, [filter]: undefined };
  const cells = METRICS.flatMap((metric) => [
    { metric, filters: filtersText(model.filters), expected: totals, what: "overall" },
    ...values.map((entry) => ({
      metric,
      filters: filtersText({ ...others, [filter]: [entry.group[group]!] }),
      expected: {
        impressions: entry.metrics.impressions ?? NaN,
        revenues: entry.metrics.revenues ?? NaN,
        requests: entry.metrics.requests ?? NaN,
      },
      what: `${filter}=${entry.group[group]}`,
    })),
  ]);
  const options = `profile=${identity.label}; cache=0`;
  const judge = (surface: string, results: unknown[]) => {
    cells.forEach((cell, index) => {
      const got = results[index];
      const want =
        cell.metric === "ecpm"
          ? expectedEcpm(cell.expected.revenues, cell.expected.impressions)
          : cell.expected[cell.metric];
      if (cell.metric === "impressions" || cell.metric === "requests")
        ledger.sameCount("value", label, `${surface} VALUE ${cell.metric} ${cell.what}`, got, want);
      else
        ledger.sameAmount(
          cell.metric === "ecpm" ? "ecpm" : "value",
          label,
          `${surface} VALUE ${cell.metric} ${cell.what} (eCPM from the sums)`,
          got,
          want,
        );
    });
    if (!complete) return;
    for (const metric of ["impressions", "requests", "revenues"] as const) {
      const at = METRICS.indexOf(metric) * (values.length + 1);
      const sum = results
        .slice(at + 1, at + 1 + values.length)
        .reduce((total: number, value) => total + (typeof value === "number" ? value : NaN), 0);
      if (metric === "revenues")
        ledger.sameAmount(
          "totals",
          label,
          `${surface} VALUE revenues by ${filter} sum to the overall cell`,
          sum,
          totals.revenues,
        );
      else
        ledger.sameCount(
          "totals",
          label,
          `${surface} VALUE ${metric} by ${filter} sum to the overall cell`,
          sum,
          totals[metric],
        );
    }
  };

  // The same values typed in another case than the service's (pasted ids, a capitalised name).
  const otherCase = (value: string) => (value === value.toUpperCase() ? value.toLowerCase() : value.toUpperCase());
  const typed = values
    .slice(0, 2)
    .map((entry) => filtersText({ ...others, [filter]: [otherCase(entry.group[group]!)] })!);

  const own = addIn.isolated();
  const runtime = own.runtime;
  await runtime.ready;
  const outcome = async (work: () => Promise<unknown>) => {
    try {
      return await work();
    } catch (error) {
      return `error: ${isReportingError(error) ? error.kind : String(error)}`;
    }
  };
  const core = await attempt(context, "value", label, "VALUE cells (core)", () =>
    Promise.all([
      ...cells.map((cell) =>
        runtime.functions.value(cell.metric, period.from, period.to, cell.filters ?? null, options),
      ),
      ...typed.map((text) =>
        outcome(() => runtime.functions.value("impressions", period.from, period.to, text, options)),
      ),
    ]),
  );
  if (core) {
    judge("core", core.slice(0, cells.length));
    ledger.sameCount(
      "value",
      label,
      `${cells.length + typed.length} VALUE cells calculated together send one /stats request`,
      own.sent.filter((sent) => sent.url.endsWith("/stats")).length,
      1,
    );
    // A cell's number never depends on the cells that happen to calculate with it, nor on the function asked.
    for (const [index, text] of typed.entries()) {
      const alone = await outcome(() => runtime.functions.value("impressions", period.from, period.to, text, options));
      const spilled = await outcome(
        async () =>
          (
            await runtime.functions.stats(
              period.from,
              period.to,
              null,
              "impressions",
              text,
              null,
              `headers=none; ${options}`,
            )
          ).rows[0]?.[0],
      );
      const batched = core[cells.length + index];
      ledger.check(
        "value",
        label,
        `VALUE impressions "${text}" is the same alone, among other cells and as STATS`,
        alone === batched && alone === spilled,
        () => `alone ${alone}, among other cells ${batched}, STATS ${spilled}`,
      );
    }
  }
  if (!context.bundle) return;
  const bundle = own.bundle(style);
  const built = await attempt(context, "value", label, "VALUE cells (functions.js)", () =>
    Promise.all(
      cells.map((cell) =>
        bundle.call("VALUE", [
          cell.metric,
          serialOf(period.from),
          period.to,
          cell.filters === undefined ? null : [[cell.filters]],
          [[options]],
        ]),
      ),
    ),
  );
  if (built) {
    judge("functions.js", built);
    ledger.sameCount(
      "value",
      label,
      `${cells.length} VALUE cells in functions.js send one /stats request`,
      bundle.fetches.filter((fetched) => fetched.url.endsWith("/stats")).length,
      1,
    );
  }
}

/**
 * A period before the first day of data: no impressions anywhere, so every eCPM is 0 (the
 * documented value), never an error, a blank or an infinity, whichever path shows it.
 */
export async function checkWithoutImpressions(context: CheckContext): Promise<void> {
  const { ledger, world, endpoint, addIn } = context;
  const period = { from: plusDays(world.period.from, -40), to: plusDays(world.period.from, -20) };
  const label = `E ${world.widest.label} ${period.from}..${period.to} (before the data)`;
  const options = `headers=none; profile=${world.widest.label}; cache=0`;
  const zeroRow = (what: string, rows: readonly (readonly unknown[])[] | undefined) =>
    rows &&
    ledger.sameRows("ecpm", label, `${what}: impressions, revenues, eCPM and requests are all 0`, plainRows(rows), [
      [0, 0, 0, 0],
    ]);

  const raw = (await rawRows(endpoint, world.widest, { filters: period })).stats;
  zeroRow(
    "/stats",
    raw.map((entry) => entryValues(entry, [], [...METRICS])),
  );
  const runtime = addIn.runtime();
  await runtime.ready;
  zeroRow(
    "STATS (core)",
    (
      await attempt(context, "ecpm", label, "STATS (core)", () =>
        runtime.functions.stats(period.from, period.to, null, null, null, null, options),
      )
    )?.rows,
  );
  const value = await attempt(context, "ecpm", label, "VALUE ecpm (core)", () =>
    runtime.functions.value("ecpm", period.from, period.to, null, `profile=${world.widest.label}; cache=0`),
  );
  if (value !== undefined) ledger.sameCount("ecpm", label, "VALUE ecpm (core) is 0", value, 0);
  const grouped = await attempt(context, "ecpm", label, "STATS by country (core)", () =>
    runtime.functions.stats(period.from, period.to, "country", "ecpm", null, null, `profile=${world.widest.label}`),
  );
  if (grouped)
    ledger.sameRows("ecpm", label, "STATS by country (core) is its header alone", grouped.rows, [["Country", "eCPM"]]);
  const legacy = world.legacy[0]!;
  const legacyRows = await attempt(
    context,
    "ecpm",
    label,
    "LEGACY.STATS (core)",
    async () =>
      (await runtime.functions.legacyStats(period.from, period.to, null, `headers=none; profile=${legacy.label}`)).rows,
  );
  if (legacyRows) ledger.sameRows("ecpm", label, "LEGACY.STATS totals (core): all 0", legacyRows, [[0, 0, 0, 0]]);
  if (!context.bundle) return;
  const bundle = addIn.bundle("double");
  zeroRow(
    "STATS (functions.js)",
    await attempt(
      context,
      "ecpm",
      label,
      "STATS (functions.js)",
      async () =>
        (await bundle.call("STATS", [period.from, period.to, null, null, null, null, [[options]]])) as unknown[][],
    ),
  );
  const built = await attempt(context, "ecpm", label, "VALUE ecpm (functions.js)", () =>
    bundle.call("VALUE", ["ecpm", period.from, period.to, null, [[`profile=${world.widest.label}; cache=0`]]]),
  );
  if (built !== undefined) ledger.sameCount("ecpm", label, "VALUE ecpm (functions.js) is 0", built, 0);
}
