import { errorBody, statsResponse } from "../../../src/api/stats-response";

// The documented example (known-facts), as the service writes it.
const DOCUMENTED = `{
  "params": { "filters": { "from": "2021-10-01", "to": "2021-10-06", "organizations": ["0f8fad5b-d9cb-469f-a165-70867728950e"] } },
  "stats": [
    { "group": { "date": "2021-10-06", "asset": "ABC-1A2B3C4D" },
      "metrics": { "impressions": 123123, "revenues": 765.82, "requests": 232323, "ecpm": 6.22 } }
  ],
  "total": 5
}`;

function pathsOf(input: unknown): string[] {
  const result = statsResponse.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
}

describe("statsResponse", () => {
  it("reads the documented answer", () => {
    const parsed = statsResponse.parse(JSON.parse(DOCUMENTED));
    expect(parsed.stats[0]?.group.asset).toBe("ABC-1A2B3C4D");
    expect(parsed.stats[0]?.metrics.revenues).toBe(765.82);
    expect(parsed.total).toBe(5);
  });

  it("reads revenues written in scientific notation", () => {
    const parsed = statsResponse.parse(JSON.parse('{"stats":[{"group":{},"metrics":{"revenues":1.2e-7}}]}'));
    expect(parsed.stats[0]?.metrics.revenues).toBeCloseTo(0.00000012, 12);
  });

  it("accepts an answer without total or params, and a single entry whose group is {}", () => {
    expect(statsResponse.safeParse({ stats: [{ group: {}, metrics: { impressions: 1 } }] }).success).toBe(true);
  });

  it("accepts a group value the service could not attribute (null)", () => {
    expect(statsResponse.safeParse({ stats: [{ group: { country: null }, metrics: {} }] }).success).toBe(true);
  });

  it("keeps unknown fields at every level instead of failing", () => {
    const input = {
      stats: [{ group: { date: "2021-10-06", hour: "10" }, metrics: { clicks: 3 }, note: "x" }],
      total: 1,
      next: "cursor",
    };
    expect(statsResponse.parse(input)).toEqual(input);
  });

  it.each([
    [{ stats: [{ group: {}, metrics: { revenues: "765.82" } }] }, "stats.0.metrics.revenues"],
    [{ stats: [{ group: { date: 20211006 }, metrics: {} }] }, "stats.0.group.date"],
    [{ stats: [{ metrics: {} }] }, "stats.0.group"],
    [{ stats: [{ group: {}, metrics: {} }], total: -1 }, "total"],
    [{ stats: [{ group: {}, metrics: {} }], total: 2.5 }, "total"],
    [{ stats: {} }, "stats"],
    [{}, "stats"],
  ])("refuses a wrong type in a used field, naming it (%j)", (input, path) => {
    expect(pathsOf(input)).toEqual([path]);
  });
});

describe("errorBody", () => {
  it("reads a code and a message, with optional details", () => {
    expect(
      errorBody.parse({ error: { code: "bad_request", message: "from must be on or before to", details: [1] } }).error
        .code,
    ).toBe("bad_request");
    expect(errorBody.safeParse({ error: "bad" }).success).toBe(false);
  });
});
