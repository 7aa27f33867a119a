import { SERVICE_LIMITS } from "../../../../src/api";
import { HttpError } from "../../../../src/emulator/server/errors";
import { LEGACY_DEFAULT_DAYS, legacyPeriod } from "../../../../src/emulator/server/legacy-period";

/** Mid-month, so that "today" and "the last day of today's month" differ. */
const TODAY = "2026-06-17";

function refusal(action: () => unknown): HttpError {
  try {
    action();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("legacy period, group_by with month (spec 4.3 rules 1 and 2)", () => {
  it("rule 1: moves from_date back to the first and to_date on to the last day of their months", () => {
    expect(legacyPeriod({ from_date: "2026-05-10", to_date: "2026-06-01", group_by: ["month"] }, TODAY)).toEqual({
      from: "2026-05-01",
      to: "2026-06-30",
    });
    // The spec's own example: a to_date of the first of September becomes the thirtieth.
    expect(legacyPeriod({ from_date: "2025-09-01", to_date: "2025-09-01", group_by: ["month"] }, TODAY)).toEqual({
      from: "2025-09-01",
      to: "2025-09-30",
    });
    expect(legacyPeriod({ from_date: "2024-02-29", to_date: "2024-02-29", group_by: ["day", "month"] }, TODAY).to).toBe(
      "2024-02-29",
    );
  });

  it("rule 2: without dates, from the first day of the previous month to today (not to the end of this month)", () => {
    expect(legacyPeriod({ group_by: ["month"] }, TODAY)).toEqual({ from: "2026-05-01", to: TODAY });
    expect(legacyPeriod({ group_by: ["country", "month"] }, "2026-01-09")).toEqual({
      from: "2025-12-01",
      to: "2026-01-09",
    });
  });

  it("with only one date, rounds it and fills the other as rule 2 does", () => {
    expect(legacyPeriod({ from_date: "2026-04-20", group_by: ["month"] }, TODAY)).toEqual({
      from: "2026-04-01",
      to: TODAY,
    });
    expect(legacyPeriod({ to_date: "2026-03-05", group_by: ["month"] }, TODAY)).toEqual({
      from: "2026-02-01",
      to: "2026-03-31",
    });
  });
});

describe("legacy period without month (rule 5, the emulator's choice)", () => {
  it("defaults to the last full days, yesterday included, today excluded", () => {
    expect(legacyPeriod({}, TODAY)).toEqual({ from: "2026-06-10", to: "2026-06-16" });
    expect(LEGACY_DEFAULT_DAYS).toBe(7);
    expect(legacyPeriod({ group_by: ["day"], to_date: "2026-03-01" }, TODAY)).toEqual({
      from: "2026-02-23",
      to: "2026-03-01",
    });
  });

  it("keeps given dates exactly as they are", () => {
    expect(legacyPeriod({ from_date: "2026-05-10", to_date: "2026-06-01", group_by: ["day"] }, TODAY)).toEqual({
      from: "2026-05-10",
      to: "2026-06-01",
    });
  });
});

describe("legacy period refusals", () => {
  it("refuses a from_date after the end, naming the default end it met", () => {
    const error = refusal(() => legacyPeriod({ from_date: "2026-06-20" }, TODAY));
    expect(error.status).toBe(400);
    expect(error.message).toContain("2026-06-16");
    expect(error.details).toEqual({ problems: [{ path: "from_date", message: "must be on or before 2026-06-16" }] });
  });

  it("refuses a period longer than the documented limit, naming it", () => {
    const error = refusal(() =>
      legacyPeriod({ from_date: "2020-01-01", to_date: "2026-01-01", group_by: ["day"] }, TODAY),
    );
    expect([error.status, error.code]).toEqual([400, "limit_exceeded"]);
    expect(error.message).toContain(`${SERVICE_LIMITS.maxPeriodDays} days (maxPeriodDays)`);
  });
});
