import type { StatsEntry, StatsRequest } from "../../../../src/api";
import { narrowedComparison } from "../../../../src/core/compare/narrowed-comparison";

const COMPARISON: StatsRequest = {
  filters: { from: "2024-01-01", to: "2024-12-31", formats: ["interstitial", "banner_320x50", "optin_video"] },
  groups: ["date", "country", "format"],
};
const entry = (group: StatsEntry["group"]): StatsEntry => ({ group, metrics: { impressions: 1 } });

describe("the comparison request of a preview, narrowed to the rows shown", () => {
  it("filters every group but date to the values of the rows shown, once each", () => {
    const narrowed = narrowedComparison(COMPARISON, [
      entry({ date: "2025-01-01", country: "FR", format: "interstitial" }),
      entry({ date: "2025-01-02", country: "DE", format: "interstitial" }),
      entry({ date: "2025-01-02", country: "FR", format: "optin_video" }),
    ]);
    expect(narrowed).toEqual({
      ...COMPARISON,
      filters: { ...COMPARISON.filters, countries: ["DE", "FR"], formats: ["interstitial", "optin_video"] },
    });
  });

  it("leaves a group with a blank value unfiltered: a filter cannot ask for an unknown country", () => {
    const narrowed = narrowedComparison(COMPARISON, [
      entry({ date: "2025-01-01", country: null, format: "interstitial" }),
      entry({ date: "2025-01-01", country: "FR", format: "interstitial" }),
    ]);
    expect(narrowed.filters.countries).toBeUndefined();
    expect(narrowed.filters.formats).toEqual(["interstitial"]);
  });
});
