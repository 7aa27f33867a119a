// Payload figures for `npm run report:reliability`: the largest spill a REPORTING.STATS call hands
// Excel, and the largest context.sync of the pane's writes, against Excel on the web's 5 MB per
// request. Computed by the add-in's own code paths: the functions and spillCall for the spill,
// insertQueryTable and insertFormulaAtSelection against the unit tests' recording fake of Excel
// (the browser tests' fake, run in Node) for the syncs.
import type { GroupName, StatsRequest } from "../../src/api";
import type { TableData } from "../../src/core/workbook-queries/table-columns";
import { statsTableData } from "../../src/core/workbook-queries/table-refresh";
import { spillCall } from "../../src/office/custom-function-calls";
import type { DateCellStyle } from "../../src/office/formatted-values";
import { insertQueryTable } from "../../src/office/tables/insert-table";
import { insertFormulaAtSelection } from "../../src/office/workbook";
import { installFakeExcel } from "../../test/unit/office/fake-excel";
import { ALL_GROUPS, functionsAnswering, largeStats } from "../../test/unit/office/large-answers";

export interface PayloadFigure {
  what: string;
  bytes: number;
  limitBytes: number;
}

/** Excel on the web's limit per request, both a function's result and a context.sync. */
const EXCEL_LIMIT_BYTES = 5_000_000;
const FROM = "2020-01-01";
const TO = "2026-06-29";
const METRICS = "impressions,revenues,ecpm,requests";

const REQUIREMENTS: Record<DateCellStyle, string[]> = {
  double: ["CustomFunctionsRuntime 1.4", "ExcelApi 1.19", "SharedRuntime 1.1"],
  formattedNumber: ["CustomFunctionsRuntime 1.4", "ExcelApi 1.16", "SharedRuntime 1.1"],
  serial: ["CustomFunctionsRuntime 1.3", "ExcelApi 1.19", "SharedRuntime 1.1"],
};

const sentBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), "utf8");

/** Runs `work` against the recording fake of an Excel whose dates are `style`; returns its largest sync. */
async function largestSync(style: DateCellStyle, work: () => Promise<unknown>): Promise<number> {
  const excel = installFakeExcel({ requirementSets: REQUIREMENTS[style] });
  try {
    await work();
    return excel.state.syncs.reduce((largest, sync) => Math.max(largest, sync.bytes), 0);
  } finally {
    excel.restore();
  }
}

/** The rows the pane's Insert as table writes for `entries` grouped by `groups`, every metric. */
async function queryTable(entries: ReturnType<typeof largeStats>, groups: readonly GroupName[]): Promise<TableData> {
  const query = {
    request: { filters: { from: FROM, to: TO }, groups: [...groups] } satisfies StatsRequest,
    headers: "readable" as const,
  };
  return statsTableData(await functionsAnswering(entries).statsTable(query), query);
}

export async function payloadFigures(): Promise<PayloadFigure[]> {
  const figures: PayloadFigure[] = [];

  // Every group, long names of emoji, CJK and escaped characters: the most bytes a row can take.
  const worstRows = 150_000;
  const worst = largeStats(worstRows, ALL_GROUPS);
  for (const style of Object.keys(REQUIREMENTS) as DateCellStyle[]) {
    let spill: unknown[][] = [];
    await largestSync(style, async () => {
      const functions = functionsAnswering(worst);
      spill = await spillCall({}, (signal) =>
        functions.stats(FROM, TO, ALL_GROUPS.join(","), METRICS, null, null, null, signal),
      );
    });
    figures.push({
      what: `REPORTING.STATS spill, ${worstRows.toLocaleString("en-US")} worst-case rows, ${style} dates (${(spill.length - 2).toLocaleString("en-US")} shown)`,
      bytes: sentBytes(spill),
      limitBytes: EXCEL_LIMIT_BYTES,
    });
  }

  const tableRows = 400_000;
  const narrowGroups: GroupName[] = ["date", "country", "format"];
  const narrow = await queryTable(largeStats(tableRows, narrowGroups, ["FR", "interstitial"]), narrowGroups);
  figures.push({
    what: `insertQueryTable, ${tableRows.toLocaleString("en-US")} rows (date, country, format, 4 metrics): largest context.sync`,
    bytes: await largestSync("double", () => insertQueryTable(narrow, { kind: "new", sheetName: "Reporting" })),
    limitBytes: EXCEL_LIMIT_BYTES,
  });

  const wideRows = 40_000;
  const wide = await queryTable(largeStats(wideRows, ALL_GROUPS), ALL_GROUPS);
  figures.push({
    what: `insertQueryTable, ${wideRows.toLocaleString("en-US")} worst-case rows (every group, long non-ASCII names): largest context.sync`,
    bytes: await largestSync("double", () => insertQueryTable(wide, { kind: "new", sheetName: "Reporting" })),
    limitBytes: EXCEL_LIMIT_BYTES,
  });

  // A one-metric date listing: the narrowest rows, so the spill shows the most rows to format.
  const formulaRows = 600_000;
  const dated = largeStats(formulaRows, ["date"]).map((entry) => ({
    ...entry,
    metrics: { revenues: entry.metrics.revenues },
  }));
  const datedTable = await functionsAnswering(dated).statsTable({
    request: { filters: { from: FROM, to: TO }, groups: ["date"], metrics: ["revenues"] },
    headers: "readable",
  });
  const formula = `=REPORTING.STATS("${FROM}","${TO}","date","revenues")`;
  figures.push({
    what: `insertFormulaAtSelection, ${formulaRows.toLocaleString("en-US")}-row date answer, serial dates: largest context.sync`,
    bytes: await largestSync("serial", () => insertFormulaAtSelection({ formula, result: datedTable })),
    limitBytes: EXCEL_LIMIT_BYTES,
  });

  return figures;
}
