import { spillTable } from "../../../../../src/core/rows/spill-table";
import { PreviewCache } from "../../../../../src/taskpane/tabs/query/preview-cache";
import { refreshedText } from "../../../../../src/taskpane/tabs/query/refresh-text";

describe("the last preview's answer", () => {
  const table = spillTable([["country"], ["FR"]], [], 1, 1);

  it("serves only the formula it was fetched for, until forgotten", () => {
    const cache = new PreviewCache();
    expect(cache.tableOf("=A")).toBeUndefined();
    cache.remember("=A", table);
    expect(cache.tableOf("=A")).toBe(table);
    expect(cache.tableOf("=B")).toBeUndefined();
    cache.forget();
    expect(cache.tableOf("=A")).toBeUndefined();
  });
});

describe("what Refresh all says", () => {
  it("promises a recalculation only inside Excel", () => {
    expect(refreshedText("excel")).toContain("recalculating");
    expect(refreshedText("browser")).toContain("open the add-in there");
  });
});
