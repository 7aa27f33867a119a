import { parseProfile } from "../../../../../src/core/profiles/profile";
import {
  emptySecretsProblem,
  notSavedHeading,
  saveAnywayPlan,
} from "../../../../../src/taskpane/tabs/connect/save-decision";

describe("saveAnywayPlan: what Save anyway does to the profile in use", () => {
  it("keeps the profile in use when the failing profile is a new one", () => {
    expect(saveAnywayPlan({ name: "Wrong", editing: undefined, activeName: "Demo" })).toEqual({
      activate: false,
      label: "Save anyway, without using it",
      explanation:
        "Save anyway keeps Wrong without putting it in use: formulas keep using Demo. Press Use beside Wrong once it works.",
    });
  });

  it("keeps the profile in use when another saved profile is edited", () => {
    expect(saveAnywayPlan({ name: "Old", editing: "Old", activeName: "Demo" }).activate).toBe(false);
  });

  it("puts nothing in use when nothing was", () => {
    const plan = saveAnywayPlan({ name: "First", editing: undefined, activeName: undefined });
    expect(plan.activate).toBe(false);
    // Said of what the button would do: until it is pressed, First is not saved, and the list shows no First.
    expect(plan.explanation).toBe(
      "Save anyway keeps First without putting it in use: press Use beside it once it works.",
    );
  });

  it("says that formulas follow an edit of the profile in use, which stays in use", () => {
    const plan = saveAnywayPlan({ name: "Demo", editing: "demo", activeName: "Demo" });
    expect(plan.activate).toBe(true);
    expect(plan.label).toBe("Save anyway");
    expect(plan.explanation).toMatch(/^Demo is the profile in use: saving it anyway changes what formulas use at once/);
  });
});

describe("notSavedHeading", () => {
  it("says that the test failed or was cancelled, without guessing why", () => {
    expect(notSavedHeading("Wrong", false)).toBe("Wrong was not saved: the connection test failed.");
    expect(notSavedHeading("Wrong", true)).toBe("Wrong was not saved: the connection test was cancelled.");
  });
});

describe("emptySecretsProblem: an empty secret is a field to fill, not a failed connection", () => {
  const base = { name: "Finance", baseUrl: "https://reporting.example/api", legacyBaseUrl: "https://legacy.example" };

  it("names the empty token and marks its field", () => {
    expect(emptySecretsProblem(parseProfile({ ...base, kind: "bearer" }))).toEqual({
      reason: "The token is empty: paste the token you were given.",
      fields: ["token"],
    });
  });

  it("names every empty secret of a profile with both interfaces, the token first", () => {
    const problem = emptySecretsProblem(parseProfile({ ...base, kind: "both", apiKey: "k" }));
    expect(problem).toEqual({
      reason: "The token and API secret are empty: paste the ones you were given.",
      fields: ["token", "apiSecret"],
    });
    expect(emptySecretsProblem(parseProfile({ ...base, kind: "both" }))?.reason).toBe(
      "The token, API key and API secret are empty: paste the ones you were given.",
    );
  });

  it("is nothing when every secret the interface needs is there", () => {
    expect(emptySecretsProblem(parseProfile({ ...base, kind: "bearer", token: "t" }))).toBeUndefined();
    expect(emptySecretsProblem(parseProfile({ ...base, kind: "legacy", apiKey: "k", apiSecret: "s" }))).toBeUndefined();
  });
});
