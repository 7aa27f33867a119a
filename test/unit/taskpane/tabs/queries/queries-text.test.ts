import type { RefreshItem, RefreshReport } from "../../../../../src/core/workbook-queries/refresh-run";
import {
  formulasText,
  lastFailureText,
  pivotsText,
  progressText,
  refreshFailed,
  refreshOnOpenText,
  refreshSummary,
  resultText,
  tableMetaText,
  unreadableText,
  whenText,
} from "../../../../../src/taskpane/tabs/queries/queries-text";
import { storedRecord } from "../../../core/workbook-queries/fixtures";

const item = (state: RefreshItem["state"], extra: Partial<RefreshItem> = {}): RefreshItem => ({
  id: state,
  kind: "table",
  label: "Table_A",
  state,
  ...extra,
});
const report = (items: RefreshItem[], cancelled = false): RefreshReport => ({
  done: items.length,
  total: items.length,
  current: [],
  items,
  cancelled,
  startedAt: 0,
  finishedAt: 1,
});
const formulas = item("refreshed", { id: "formulas", kind: "formulas", label: "REPORTING formulas" });

describe("what a linked table's entry says", () => {
  it("a table never refreshed, still on its sheet", () => {
    expect(tableMetaText(storedRecord("aaaaaaaa"), "Reporting")).toBe(
      "On Reporting · 0 rows · last refreshed never · data through unknown",
    );
  });

  it("a refreshed table the workbook has lost, with its profile and data through", () => {
    const at = "2026-02-02T10:00:00Z";
    const record = storedRecord("aaaaaaaa", {
      lastRefresh: { at, rows: 1, dataThrough: "2026-02-01", profile: "Finance" },
    });
    expect(tableMetaText(record, undefined)).toBe(
      `Not in the workbook any more · 1 row · last refreshed ${whenText(at)} with Finance · data through 2026-02-01`,
    );
  });

  it("says no data-through day for a legacy table, whose service gives none", () => {
    const at = "2026-02-02T10:00:00Z";
    const record = {
      ...storedRecord("aaaaaaaa", { lastRefresh: { at, rows: 3, profile: "Finance" } }),
      query: {
        source: "legacy" as const,
        period: { word: "LAST_MONTH" as const },
        groupBy: ["day" as const],
        profile: "Finance",
      },
    };
    expect(tableMetaText(record, "Legacy")).toBe(`On Legacy · 3 rows · last refreshed ${whenText(at)} with Finance`);
  });

  it("names its PivotTables and its last failure only when it has them", () => {
    const plain = storedRecord("aaaaaaaa");
    expect(pivotsText(plain)).toBeUndefined();
    expect(lastFailureText(plain)).toBeUndefined();
    const record = storedRecord("aaaaaaaa", {
      pivots: [
        { excelId: "p1", name: "Pivot1", sheet: "Summary" },
        { excelId: "p2", name: "Pivot2", sheet: "Board" },
      ],
      lastFailure: { at: "2026-02-03T08:00:00Z", reason: "The token was refused." },
    });
    expect(pivotsText(record)).toBe("PivotTable Pivot1 on Summary, Pivot2 on Board");
    expect(lastFailureText(record)).toBe(
      `The last refresh failed (${whenText("2026-02-03T08:00:00Z")}): The token was refused.`,
    );
  });
});

describe("the workbook's lines above the list", () => {
  it("counts the REPORTING formulas per sheet", () => {
    expect(formulasText([])).toBe("No REPORTING formula in this workbook.");
    expect(formulasText([{ sheet: "Jan", count: 1 }])).toBe(
      "1 REPORTING formula: 1 on Jan. Refresh all recalculates them.",
    );
    expect(
      formulasText([
        { sheet: "Jan", count: 3 },
        { sheet: "Feb", count: 2 },
      ]),
    ).toBe("5 REPORTING formulas: 3 on Jan, 2 on Feb. Refresh all recalculates them.");
  });

  it("says how many stored queries could not be read, in the right number", () => {
    expect(unreadableText(1)).toBe(
      "1 stored query of this workbook could not be read by this version of the add-in and is left as it is.",
    );
    expect(unreadableText(2)).toBe(
      "2 stored queries of this workbook could not be read by this version of the add-in and are left as they are.",
    );
  });
});

describe("resultText: one line per refreshed thing", () => {
  it.each([
    [formulas, "REPORTING formulas: recalculated."],
    [item("refreshed", { rows: 1 }), "Table_A: refreshed, 1 row."],
    [
      item("refreshed", { rows: 12, dataThrough: "2026-02-01", pivots: 2, warning: "Columns were added." }),
      "Table_A: refreshed, 12 rows, data through 2026-02-01, 2 PivotTables refreshed. Columns were added.",
    ],
    [item("failed", { reason: "The token was refused." }), "Table_A: failed. The token was refused."],
    [item("not_refreshed"), "Table_A: not refreshed."],
    [item("not_refreshed", { reason: "cancelled before it started." }), "Table_A: cancelled before it started."],
    [item("running"), "Table_A: refreshing…"],
    [item("waiting"), "Table_A: waiting."],
  ])("%#", (entry, text) => {
    expect(resultText(entry)).toBe(text);
  });
});

describe("the progress line and the summary of a run", () => {
  it("counts the step being done, never past the total, and what runs now", () => {
    expect(progressText({ done: 0, total: 3, current: ["REPORTING formulas"], items: [], cancelled: false })).toBe(
      "Refreshing 1 of 3: REPORTING formulas",
    );
    expect(progressText({ done: 3, total: 3, current: [], items: [], cancelled: false })).toBe("Refreshing 3 of 3");
    expect(progressText({ done: 1, total: 3, current: ["Table_A"], items: [], cancelled: true })).toBe(
      "Cancelling… 1 of 3 done: Table_A",
    );
  });

  it("sums up a run where all went well", () => {
    const done = report([formulas, item("refreshed", { id: "a" }), item("refreshed", { id: "b" })]);
    expect(refreshSummary(done)).toBe("Refreshed all 3: formulas recalculated, 2 tables refreshed.");
    expect(refreshFailed(done)).toBe(false);
  });

  it("sums up a table's own Refresh without claiming formulas were recalculated", () => {
    expect(refreshSummary(report([item("refreshed", { label: "Sales" })]))).toBe("Refreshed the table Sales.");
    expect(refreshSummary(report([item("refreshed", { id: "a" }), item("refreshed", { id: "b" })]))).toBe(
      "Refreshed 2 tables.",
    );
  });

  it("sums up a run with a failure, which the status bar shows as an error", () => {
    const done = report([formulas, item("failed", { id: "a" })]);
    expect(refreshSummary(done)).toBe("Refreshed 1 of 2; 1 failure, with the reason below.");
    expect(refreshFailed(done)).toBe(true);
  });

  it("sums up a cancelled run", () => {
    expect(refreshSummary(report([formulas, item("not_refreshed", { id: "a" })], true))).toBe(
      "Refresh cancelled: 1 of 2 refreshed, 1 not refreshed. What finished stays.",
    );
    expect(
      refreshSummary(report([formulas, item("failed", { id: "a" }), item("not_refreshed", { id: "b" })], true)),
    ).toBe("Refresh cancelled: 1 of 3 refreshed, 1 not refreshed, 1 failed. What finished stays.");
  });
});

describe("refreshOnOpenText", () => {
  it("tells apart an Excel that loads the add-in with the workbook from one that cannot", () => {
    expect(refreshOnOpenText(true, true)).toBe("This workbook refreshes its formulas and tables when it opens.");
    expect(refreshOnOpenText(true, false)).toMatch(
      /^This workbook refreshes when the add-in opens\. .*open the Reporting pane to refresh\.$/,
    );
    expect(refreshOnOpenText(false, false)).toBe("This workbook no longer refreshes when it opens.");
  });
});

describe("a time in the Queries tab", () => {
  it("is written as the pane writes its dates, ISO-style on the user's clock, not in a locale's format", () => {
    const at = new Date(2026, 10, 26, 8, 59, 47);
    expect(whenText(at.toISOString())).toBe("2026-11-26 08:59");
    expect(whenText(undefined)).toBe("never");
  });
});
