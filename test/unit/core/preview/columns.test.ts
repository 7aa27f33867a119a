import { METRICS } from "../../../../src/api";
import { COMPARE_MODES } from "../../../../src/core/compare/compare-mode";
import { comparisonColumnsOf } from "../../../../src/core/compare/comparison-columns";
import { metricOfHeading } from "../../../../src/core/preview/columns";
import { READABLE_METRIC_HEADERS } from "../../../../src/core/rows/headers";

describe("metricOfHeading reads the headings the add-in writes", () => {
  it("recognises every comparison column, in both header styles and both compare modes", () => {
    const variant = { previous: "previous", change: "change", change_pct: "change_percent" } as const;
    for (const metric of METRICS) {
      expect(metricOfHeading(metric)).toEqual({ metric, variant: "current" });
      expect(metricOfHeading(READABLE_METRIC_HEADERS[metric])).toEqual({ metric, variant: "current" });
      for (const mode of COMPARE_MODES) {
        for (const column of comparisonColumnsOf(metric, mode)) {
          expect(metricOfHeading(column.api)).toEqual({ metric, variant: variant[column.part] });
          expect(metricOfHeading(column.readable)).toEqual({ metric, variant: variant[column.part] });
        }
      }
    }
  });

  it("reads the legacy interface's revenue, spacing and case loosely, and nothing else", () => {
    expect(metricOfHeading("revenue")).toEqual({ metric: "revenues", variant: "current" });
    expect(metricOfHeading(" ECPM change% ")).toEqual({ metric: "ecpm", variant: "change_percent" });
    expect(metricOfHeading("Requests(previous year)")).toEqual({ metric: "requests", variant: "previous" });
    expect(metricOfHeading("Revenues (previous month)")).toBeUndefined();
    expect(metricOfHeading("Revenues_change_pct_2")).toBeUndefined();
    expect(metricOfHeading("Country")).toBeUndefined();
  });
});
