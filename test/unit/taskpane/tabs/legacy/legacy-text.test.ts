import type { Application } from "../../../../../src/api";
import type { Profile } from "../../../../../src/core/profiles/profile";
import {
  applicationHintText,
  applicationSummaryText,
  groupChoices,
  legacyIdentity,
  timeGroupOf,
  usableLegacyProfile,
  withTimeGroup,
} from "../../../../../src/taskpane/tabs/legacy/legacy-text";

describe("groupChoices: what the Add list of the Legacy groups offers", () => {
  it("offers Date while there is no time grouping, and Month never on its own: Dates by switches it", () => {
    expect(groupChoices(["application"])).toEqual(["day", "ad_unit_id", "country", "ad_unit_type", "ad_unit_name"]);
    expect(groupChoices([])).not.toContain("month");
  });

  it("offers neither Date nor Month once the dates are grouped, by day or by month", () => {
    expect(groupChoices(["day"])).toEqual(["ad_unit_id", "country", "ad_unit_type", "ad_unit_name", "application"]);
    expect(groupChoices(["month", "country"])).toEqual(["ad_unit_id", "ad_unit_type", "ad_unit_name", "application"]);
  });

  it("offers nothing once every grouping that fits is chosen", () => {
    expect(groupChoices(["day", "ad_unit_id", "country", "ad_unit_type", "ad_unit_name", "application"])).toEqual([]);
  });
});

describe("Dates by: the time grouping switched in place", () => {
  it("turns Date into Month where it stands, and back", () => {
    expect(withTimeGroup(["country", "day", "application"], "month")).toEqual(["country", "month", "application"]);
    expect(withTimeGroup(["month"], "day")).toEqual(["day"]);
    expect(timeGroupOf(["country", "month"])).toBe("month");
  });

  it("leaves groupings without a date as they are", () => {
    expect(withTimeGroup(["country", "application"], "month")).toEqual(["country", "application"]);
    expect(timeGroupOf(["country"])).toBeUndefined();
  });
});

describe("the line of an application", () => {
  const application: Application = {
    publisher_id: 7,
    publisher_name: "Acme Games",
    app_key: 1234,
    bundle: "com.acme.puzzle",
    name: "Puzzle",
    ad_unit_ids: ["1234_default", "u-2"],
    platform: "iOS",
    ad_unit_details: [
      { id: "1234_default", name: "Default", type: "interstitial" },
      { id: "u-2", name: "Rewarded", type: "optin_video" },
    ],
  };

  it("names the application, its platform and how many ad units it opens", () => {
    expect(applicationSummaryText(application)).toBe("Puzzle (iOS) · 2 ad units");
  });

  it("gives the app key, bundle and publisher underneath", () => {
    expect(applicationHintText(application)).toBe("App key 1234 · com.acme.puzzle · Acme Games");
  });
});

describe("when the Legacy tab loads the applications again", () => {
  const base = { baseUrl: "https://r.example", legacyBaseUrl: "https://l.example" };
  const legacy = { name: "Demo", kind: "legacy", ...base, apiKey: "k", apiSecret: "s" } as Profile;

  it("uses only a profile with a key and a secret", () => {
    expect(usableLegacyProfile(undefined)).toBeUndefined();
    expect(usableLegacyProfile({ name: "R", kind: "bearer", ...base, token: "t" } as Profile)).toBeUndefined();
    expect(usableLegacyProfile(legacy)).toBe(legacy);
  });

  it("sees a change of name, address, key or secret, and nothing else", () => {
    const identity = legacyIdentity(legacy);
    expect(legacyIdentity({ ...legacy, token: "another" } as Profile)).toBe(identity);
    for (const change of [
      { name: "Other" },
      { legacyBaseUrl: "https://m.example" },
      { apiKey: "k2" },
      { apiSecret: "s2" },
    ]) {
      expect(legacyIdentity({ ...legacy, ...change } as Profile)).not.toBe(identity);
    }
    expect(legacyIdentity(undefined)).toBeUndefined();
  });
});
