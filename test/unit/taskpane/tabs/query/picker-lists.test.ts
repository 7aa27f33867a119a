import { spawnSync } from "node:child_process";
import path from "node:path";

const RUN = path.join(__dirname, "support/picker-lists-run.ts");

/** PickerLists.load in a Node of its own, which ends with exit code 1 on an unhandled rejection. */
function load(scenario: "lists-fail" | "lists-load") {
  const child = spawnSync(process.execPath, ["--import", "tsx", RUN, scenario], { encoding: "utf8" });
  expect({ status: child.status, stderr: child.stderr }).toEqual({ status: 0, stderr: "" });
  return JSON.parse(child.stdout) as {
    shown: { text: string; kind: string }[];
    filled: string[];
    unavailable: string[];
    loadingNote: string;
    reason: string;
  };
}

describe("PickerLists.load (the Query tab's filter lists and last day) with a service out of reach", () => {
  it("holds a last day that fails before the lists answer, so that it is no uncaught error of the page", () => {
    const { shown, unavailable, loadingNote, reason } = load("lists-fail");
    expect(unavailable).toHaveLength(7);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.kind).toBe("error");
    expect(shown[0]?.text).toMatch(/^The lists of .* could not be loaded\. /);
    expect(shown[0]?.text).toContain(reason);
    expect(loadingNote).toBe("");
  });

  it("says the last day could not be loaded when only the dates fail", () => {
    const { shown, filled, reason } = load("lists-load");
    expect(filled).toHaveLength(7);
    expect(shown).toEqual([{ kind: "error", text: `The last day with data could not be loaded. ${reason}` }]);
  });
});
