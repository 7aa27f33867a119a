import { notSavedStatus, saveAnywayPlan } from "../../../../src/taskpane/connect/save-decision";

describe("saveAnywayPlan: what Save anyway does to the profile in use", () => {
  it("keeps the profile in use when the failing profile is a new one", () => {
    expect(saveAnywayPlan({ name: "Wrong", editing: undefined, activeName: "Demo" })).toEqual({
      activate: false,
      label: "Save anyway, without using it",
      explanation: "Formulas keep using Demo. Press Use beside Wrong once it works.",
    });
  });

  it("keeps the profile in use when another saved profile is edited", () => {
    expect(saveAnywayPlan({ name: "Old", editing: "Old", activeName: "Demo" }).activate).toBe(false);
  });

  it("puts nothing in use when nothing was", () => {
    const plan = saveAnywayPlan({ name: "First", editing: undefined, activeName: undefined });
    expect(plan.activate).toBe(false);
    expect(plan.explanation).toBe("First is saved but not put in use. Press Use beside it once it works.");
  });

  it("says that formulas follow an edit of the profile in use, which stays in use", () => {
    const plan = saveAnywayPlan({ name: "Demo", editing: "demo", activeName: "Demo" });
    expect(plan.activate).toBe(true);
    expect(plan.label).toBe("Save anyway");
    expect(plan.explanation).toMatch(/^Demo is the profile in use: saving it anyway changes what formulas use at once/);
  });
});

describe("notSavedStatus", () => {
  it("is short, and points to the reason beside the button", () => {
    expect(notSavedStatus("Wrong", false)).toBe("Wrong was not saved: it did not connect. The reason is below the Save button.");
    expect(notSavedStatus("Wrong", true)).toBe("Wrong was not saved: the connection test was cancelled.");
  });
});
