import { payloadFigures } from "../../../scripts/reliability/payloads";
import { DEFAULT_SPILL_BUDGET_BYTES } from "../../../src/core/spill-limit";

describe("payload figures of npm run report:reliability", () => {
  it("measures the largest spill of each date style and the largest sync of each write, all within Excel's 5 MB", async () => {
    const figures = await payloadFigures();
    expect(figures.map((figure) => figure.what.split(",")[0])).toEqual([
      "REPORTING.STATS spill",
      "REPORTING.STATS spill",
      "REPORTING.STATS spill",
      "insertQueryTable",
      "insertQueryTable",
      "insertFormulaAtSelection",
    ]);
    for (const figure of figures) {
      expect(figure.limitBytes).toBe(5_000_000);
      expect(figure.bytes).toBeGreaterThan(0);
      expect(figure.bytes).toBeLessThanOrEqual(figure.limitBytes);
    }
    // The worst-case spills are cut: each uses nearly all of its budget, never more.
    for (const spill of figures.slice(0, 3)) expect(spill.bytes).toBeGreaterThan(DEFAULT_SPILL_BUDGET_BYTES * 0.99);
    for (const spill of figures.slice(0, 3)) expect(spill.bytes).toBeLessThanOrEqual(DEFAULT_SPILL_BUDGET_BYTES);
  }, 120_000);
});
