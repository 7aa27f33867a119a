import type { StatsEntry, StatsRequest } from "../../../src/api";
import type { StatsSource } from "../../../src/core/data-sources";
import { createReportingFunctions } from "../../../src/core/reporting-functions";
import { numberCall, spillCall } from "../../../src/office/custom-function-calls";
import { CUSTOM_FUNCTIONS, officeSupporting, withGlobals } from "./office-globals";

/** A bearer source that counts every request the service would meter. */
function countingService() {
  const requests: string[] = [];
  const source: StatsSource = {
    async statsAll(request: StatsRequest) {
      requests.push("stats");
      const stats: StatsEntry[] = [
        {
          group: request.groups?.includes("country") ? { country: "FR" } : {},
          metrics: { impressions: 1000, revenues: 12.5, ecpm: 1, requests: 2000 },
        },
      ];
      return { stats, total: 1 };
    },
    stats: async () => {
      throw new Error("VALUE reads whole answers, never one page");
    },
    details: async () => ({ organizations: [], raw: {} }),
    dates: async () => ({ from: "2024-01-01", to: "2025-05-14" }),
    countries: async () => {
      requests.push("countries");
      return [{ value: "FR", label: "France" }];
    },
    formats: async () => [],
    integrationTypes: async () => [],
    deviceTypes: async () => [],
    assetTypes: async () => [],
    assets: async () => [],
  };
  let now = 0;
  const functions = createReportingFunctions({
    connect: () => ({ key: "active", bearer: source }),
    today: () => "2025-05-15",
    now: () => now,
    cacheTtlMs: 60_000,
  });
  return { functions, requests, advance: (ms: number) => (now += ms) };
}

const PREVIEW = { isInValuePreview: true };
const PLACEHOLDER = { code: "#N/A", message: "Preview only: the numbers are fetched when you press Enter." };

describe("a formula's value preview (invocation.isInValuePreview)", () => {
  let restore: () => void;
  beforeEach(() => {
    restore = withGlobals({
      CustomFunctions: CUSTOM_FUNCTIONS,
      Office: officeSupporting(["CustomFunctionsRuntime 1.5", "ExcelApi 1.19"]),
    });
  });
  afterEach(() => restore());

  it("sends no request while the user types: STATS, VALUE and COUNTRIES show a placeholder", async () => {
    const { functions, requests } = countingService();
    await expect(
      spillCall(PREVIEW, (signal) =>
        functions.stats("LAST_MONTH", null, "country", "revenues", null, null, null, signal),
      ),
    ).rejects.toMatchObject(PLACEHOLDER);
    await expect(
      numberCall(PREVIEW, (signal) => functions.value("revenues", "LAST_MONTH", null, null, null, signal)),
    ).rejects.toMatchObject(PLACEHOLDER);
    await expect(spillCall(PREVIEW, (signal) => functions.countries(null, signal))).rejects.toMatchObject(PLACEHOLDER);
    expect(requests).toEqual([]);
  });

  it("answers from what was fetched, even after its cache time, and the formula itself still fetches", async () => {
    const { functions, requests, advance } = countingService();
    const stats = (invocation: object) =>
      spillCall(invocation, (signal) =>
        functions.stats("LAST_MONTH", null, "country", "revenues", null, null, null, signal),
      );
    const entered = await stats({});
    expect(requests).toEqual(["stats"]);
    advance(10 * 60_000);
    expect(await stats(PREVIEW)).toEqual(entered);
    // Excel's own preview flag arrives as a string in the typings.
    expect(await stats({ isInValuePreview: "true" })).toEqual(entered);
    expect(requests).toEqual(["stats"]);
    expect(await stats({ isInValuePreview: false })).toEqual(entered);
    expect(requests).toEqual(["stats", "stats"]);

    expect(await numberCall({}, (signal) => functions.value("revenues", "LAST_MONTH", null, null, null, signal))).toBe(
      12.5,
    );
    expect(
      await numberCall(PREVIEW, (signal) => functions.value("revenues", "LAST_MONTH", null, null, null, signal)),
    ).toBe(12.5);
    expect(requests).toEqual(["stats", "stats", "stats"]);
  });
});
