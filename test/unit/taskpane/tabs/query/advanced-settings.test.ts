import { advancedSettingsInUse } from "../../../../../src/taskpane/tabs/query/advanced-settings";

describe("whether a loaded query opens the Advanced disclosure", () => {
  const plain = { groups: ["date", "country"] as const };

  it("stays closed for a query that sets none of its fields", () => {
    expect(advancedSettingsInUse(plain)).toBe(false);
    expect(advancedSettingsInUse({ ...plain, offset: 0, profile: "" })).toBe(false);
  });

  it.each([
    ["most recent periods", { dateGroupLimit: 3 }],
    ["skipped rows", { offset: 10 }],
    ["reuse of answers, 0 included", { cacheSeconds: 0 }],
    ["reuse of answers", { cacheSeconds: 300 }],
    ["a pinned profile", { profile: "Finance" }],
  ])("opens for %s", (_name, set) => {
    expect(advancedSettingsInUse({ ...plain, ...set })).toBe(true);
  });

  it("ignores most recent periods without a date group, which the form does not read", () => {
    expect(advancedSettingsInUse({ groups: ["country"], dateGroupLimit: 3 })).toBe(false);
  });
});
