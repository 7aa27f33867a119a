/**
 * Issue 9, point 9: words that name properties of Object.prototype must be refused like any
 * other unknown word, wherever a word is looked up (metrics, groups, orders, filters, filter
 * values, options and their values, legacy groupings, profile names).
 */
import type { StatsRequest } from "../../../../src/api";
import type { StatsSource } from "../../../../src/core/data-sources";
import { ArgumentError } from "../../../../src/core/arguments/argument-error";
import { readLegacyQuery } from "../../../../src/core/arguments/legacy-query";
import { readOptions } from "../../../../src/core/arguments/options";
import { readStatsQuery, STATS_OPTIONS } from "../../../../src/core/arguments/stats-query";
import { readValueQuery, VALUE_OPTIONS } from "../../../../src/core/arguments/value-query";
import { memoryStorage } from "../../../../src/core/profiles/memory-storage";
import { ProfileStore } from "../../../../src/core/profiles/profile-store";
import { createReportingFunctions } from "../../../../src/core/reporting-functions";

const today = () => "2025-05-15";
const PROTOTYPE_WORDS = [
  "constructor",
  "__proto__",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "isPrototypeOf",
  "__defineGetter__",
];

function refusal(run: () => unknown): ArgumentError {
  try {
    run();
  } catch (error) {
    if (error instanceof ArgumentError) return error;
    throw error;
  }
  throw new Error("expected an ArgumentError, the call was accepted");
}

/** What a lookup that reached Object.prototype leaks into a message. */
function expectNoPrototypeLeak(message: string): void {
  expect(message).not.toMatch(/native code|\[object Object\]|function /);
}

describe.each(PROTOTYPE_WORDS)("%s", (word) => {
  it("point 9: is not a metric of VALUE", () => {
    const error = refusal(() => readValueQuery({ metric: word, from: "LAST_MONTH", to: null }, today));
    expect(error.argument).toBe("metric");
    expect(error.message).toBe(`metric: "${word}" is not a metric. Use one of: impressions, revenues, ecpm, requests`);
  });

  it("point 9: is not a group, a metric or an order of STATS", () => {
    for (const [argument, what] of [
      ["groups", "group"],
      ["metrics", "metric"],
    ] as const) {
      const error = refusal(() => readStatsQuery({ from: "LAST_MONTH", to: null, [argument]: word }, today));
      expect(error.argument).toBe(argument);
      expect(error.message).toMatch(new RegExp(`^${argument}: "${word}" is not a ${what}. Use one of: `));
    }
    const order = refusal(() => readStatsQuery({ from: "LAST_MONTH", to: null, orders: `${word}:desc` }, today));
    expect(order.argument).toBe("orders");
    expect(order.message).toMatch(new RegExp(`^orders: "${word}:desc" is not a metric or group`));
  });

  it("point 9: is not a filter name, nor a value of a filter with a closed list", () => {
    const name = refusal(() => readStatsQuery({ from: "LAST_MONTH", to: null, filters: `${word}=FR` }, today));
    expect(name.message).toMatch(new RegExp(`^filters: "${word}" is not a filter. Use one of: `));
    for (const filter of ["integration_types", "device_types", "asset_types"]) {
      const value = refusal(() =>
        readStatsQuery({ from: "LAST_MONTH", to: null, filters: `${filter}=${word}` }, today),
      );
      expect(value.argument).toBe("filters");
      expect(value.message).toMatch(new RegExp(`^filters: ${filter} "${word}": use `, "i"));
      expectNoPrototypeLeak(value.message);
    }
  });

  it("point 9: is not an option, nor a value of headers or date_group", () => {
    expect(refusal(() => readOptions(`${word}=1`, STATS_OPTIONS, "STATS")).message).toBe(
      `options: "${word}" is not an option. Use: date_group, limit, offset, date_group_limit, headers, profile, cache, compare`,
    );
    expect(refusal(() => readOptions(`compare=${word}`, STATS_OPTIONS, "STATS")).message).toBe(
      `options: compare=${word} is not accepted. Use compare=previous_period or compare=previous_year`,
    );
    expect(refusal(() => readOptions(`headers=${word}`, STATS_OPTIONS, "STATS")).message).toBe(
      `options: headers=${word} is not accepted. Use headers=readable, api or none`,
    );
    const dateGroup = refusal(() =>
      readStatsQuery({ from: "LAST_MONTH", to: null, options: `date_group=${word}` }, today),
    );
    expect(dateGroup.message).toMatch(/^options: date_group=.* is not accepted: use day, week or month$/);
    expectNoPrototypeLeak(dateGroup.message);
  });

  it("point 9: is not a grouping of LEGACY.STATS", () => {
    expect(refusal(() => readLegacyQuery({ from: "LAST_MONTH", to: null, groupBy: word }, today)).message).toBe(
      `group_by: "${word}" is not a grouping. Use one of: month, day, ad_unit_id, country, ad_unit_type, ad_unit_name, application`,
    );
  });

  it("point 9: is a profile name like any other, read from profile= and kept with its secrets", async () => {
    expect(
      readValueQuery({ metric: "revenues", from: "YTD", to: null, options: `profile=${word}` }, today).profile,
    ).toBe(word);
    const storage = memoryStorage();
    const secretStorage = memoryStorage();
    const profile = {
      name: word,
      kind: "bearer",
      baseUrl: "https://reporting.example",
      legacyBaseUrl: "https://legacy.example",
      token: "token-1",
    };
    await new ProfileStore({ storage, secretStorage }).save(profile);
    const reloaded = await new ProfileStore({ storage, secretStorage }).find(word);
    expect(reloaded?.token).toBe("token-1");
  });
});

test('point 9: =REPORTING.VALUE("constructor","LAST_MONTH") is a #VALUE! naming the metric, and asks the service nothing', async () => {
  const requests: StatsRequest[] = [];
  const bearer = {
    async statsAll(request: StatsRequest) {
      requests.push(request);
      return { stats: [{ group: {}, metrics: { impressions: 1000, revenues: 2, ecpm: 2, requests: 1500 } }], total: 1 };
    },
  } as unknown as StatsSource;
  const functions = createReportingFunctions({
    connect: () => ({ key: "active", bearer }),
    today,
    schedule: (run) => void Promise.resolve().then(run),
  });
  for (const word of PROTOTYPE_WORDS) {
    await expect(functions.value(word, "LAST_MONTH", null)).rejects.toMatchObject({
      name: "ArgumentError",
      argument: "metric",
      kind: "input",
    });
  }
  // The same fake answers a real metric, so the refusals above are the parser's doing.
  await expect(functions.value("ecpm", "LAST_MONTH", null)).resolves.toBe(2);
  expect(requests).toHaveLength(1);
});

describe("point 9: numeric options refuse NaN, Infinity, huge, negative and fractional numbers, naming the range", () => {
  it.each(["1e400", "Infinity", "NaN", "-1", "1.5", "86401", "1e20", "99999999999999999999", "0x10", "1,5"])(
    "cache=%s",
    (value) => {
      for (const [allowed, name] of [
        [STATS_OPTIONS, "STATS"],
        [VALUE_OPTIONS, "VALUE"],
      ] as const) {
        expect(refusal(() => readOptions(`cache=${value}`, allowed, name)).message).toBe(
          `options: cache=${value} is not accepted. Give whole seconds from 0 to 86400 (0 always asks the service)`,
        );
      }
    },
  );

  it("cache takes whole seconds up to a day, so no answer is reused for ever", () => {
    expect(readOptions("cache=0", VALUE_OPTIONS, "VALUE").cacheSeconds).toBe(0);
    expect(readOptions("cache=86400", VALUE_OPTIONS, "VALUE").cacheSeconds).toBe(86_400);
    expect(readOptions("cache=60.0", VALUE_OPTIONS, "VALUE").cacheSeconds).toBe(60);
  });

  it.each(["limit", "offset", "date_group_limit"] as const)("%s", (option) => {
    for (const value of ["1e400", "Infinity", "NaN", "-1", "1.5", "1e20", "1000000001", "-0.5", "ten"]) {
      const error = refusal(() =>
        readStatsQuery({ from: "LAST_MONTH", to: null, groups: "date", options: `${option}=${value}` }, today),
      );
      // A text that reads as a finite number is quoted as that number (1e20 as 100000000000000000000).
      const shown = Number.isFinite(Number(value)) ? String(Number(value)) : value;
      expect(error.message).toBe(
        `options: ${option}=${shown} is not accepted: use a whole number from 0 to 1000000000`,
      );
    }
    const accepted = readStatsQuery(
      { from: "LAST_MONTH", to: null, groups: "date", options: `${option}=1000000000` },
      today,
    );
    expect(accepted.request[option]).toBe(1_000_000_000);
  });
});
