import type { StatsEntry, StatsRequest } from "../../../../src/api";
import { firstPageRequest, pageReach } from "../../../../src/core/preview/page-reach";

const REQUEST: StatsRequest = { filters: { from: "2025-01-01", to: "2025-01-31" }, groups: ["country"] };
const rows = (count: number): StatsEntry[] =>
  Array.from({ length: count }, (_, index) => ({ group: { country: `C${index}` }, metrics: { impressions: index } }));

describe("a preview's one page", () => {
  it("asks for one page of the client's size, or the query's own smaller limit, from the query's offset", () => {
    expect(firstPageRequest(REQUEST, 100)).toEqual({ ...REQUEST, limit: 100 });
    expect(firstPageRequest({ ...REQUEST, offset: 40, limit: 30 }, 100)).toEqual({ ...REQUEST, offset: 40, limit: 30 });
    expect(firstPageRequest({ ...REQUEST, limit: 500 }, 100)).toEqual({ ...REQUEST, limit: 100 });
  });

  it.each([
    ["a page shorter than asked, no total", REQUEST, { stats: rows(40) }, { complete: true, rowCount: 40 }],
    [
      "a full page whose total says it is all",
      REQUEST,
      { stats: rows(100), total: 100 },
      { complete: true, rowCount: 100 },
    ],
    [
      "a full page with more after it",
      REQUEST,
      { stats: rows(100), total: 392_596 },
      { complete: false, rowCount: 392_596 },
    ],
    ["a full page and no total: the count is unknown", REQUEST, { stats: rows(100) }, { complete: false }],
    ["the query's own limit reached", { ...REQUEST, limit: 60 }, { stats: rows(60) }, { complete: true, rowCount: 60 }],
    [
      "the query's limit caps the count",
      { ...REQUEST, limit: 5_000 },
      { stats: rows(100), total: 392_596 },
      { complete: false, rowCount: 5_000 },
    ],
    [
      "total counts before the query's offset",
      { ...REQUEST, offset: 250 },
      { stats: rows(50), total: 300 },
      { complete: true, rowCount: 50 },
    ],
    [
      "a service capping its pages below the size asked, total says more",
      REQUEST,
      { stats: rows(30), total: 90 },
      { complete: false, rowCount: 90 },
    ],
  ] as const)("%s", (_name, request, response, expected) => {
    const reach = pageReach(
      request,
      { stats: [...response.stats], ...("total" in response ? { total: response.total } : {}) },
      100,
    );
    expect({ complete: reach.complete, ...(reach.rowCount !== undefined ? { rowCount: reach.rowCount } : {}) }).toEqual(
      expected,
    );
  });

  it("keeps no more rows than asked when the service ignores limit", () => {
    expect(pageReach(REQUEST, { stats: rows(150) }, 100).rows).toHaveLength(100);
  });
});
