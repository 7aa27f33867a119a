import { ServerError } from "../../../../src/client/errors";
import { ArgumentError } from "../../../../src/core/arguments/argument-error";
import { ProfileError } from "../../../../src/core/profiles/profile";
import { PANE, StatusMemory, plainMessage, type StatusKind } from "../../../../src/taskpane/shell/status";

describe("plainMessage (the pane's side of the error contract)", () => {
  it("shows the pane message of any error of the contract", () => {
    expect(plainMessage(new ArgumentError("limit", "must be a whole number"))).toBe("limit: must be a whole number");
    expect(plainMessage(new ProfileError("The token is missing."))).toBe("The token is missing.");
    const outage = new ServerError({ status: 503, route: "/stats", serviceMessage: "maintenance", requestId: "r-1" });
    expect(plainMessage(outage)).toBe(outage.paneMessage);
    expect(plainMessage(outage)).toMatch(/Reference for support: HTTP 503 on \/stats, request r-1\.$/);
  });

  it("never shows the text of an error outside the contract, which might hold anything", () => {
    expect(plainMessage(new TypeError("Cannot read properties of undefined (reading 'token=abc')"))).not.toContain(
      "abc",
    );
    expect(plainMessage({ userMessage: "look-alike" })).not.toBe("look-alike");
    expect(plainMessage("text")).toMatch(/^Something unexpected went wrong/);
  });
});

describe("StatusMemory: each tab's messages belong to it", () => {
  const said = (text: string, kind: StatusKind = "info") => ({ text, kind });

  it("does not show the last tab's message on another tab, and shows it again on return", () => {
    const memory = new StatusMemory("tab-connect");
    memory.say("tab-connect", said('Press "Delete" again to delete the profile Demo.'));
    memory.select("tab-query");
    expect(memory.shown()).toBeUndefined();
    memory.say("tab-query", said("Preview ready: 20 rows.", "success"));
    memory.select("tab-connect");
    expect(memory.shown()).toEqual(said('Press "Delete" again to delete the profile Demo.'));
    memory.select("tab-query");
    expect(memory.shown()).toEqual(said("Preview ready: 20 rows.", "success"));
  });

  it("keeps what a hidden tab says for when it is shown", () => {
    const memory = new StatusMemory("tab-connect");
    memory.say("tab-query", said("Some filter lists could not be loaded.", "error"));
    expect(memory.shown()).toBeUndefined();
    memory.select("tab-query");
    expect(memory.shown()).toEqual(said("Some filter lists could not be loaded.", "error"));
  });

  it("shows the pane's words on every tab until the tab shown says something, even nothing", () => {
    const memory = new StatusMemory("tab-connect");
    memory.say("tab-query", said("Preview ready.", "success"));
    memory.say(PANE, said("Signed in with the profile Demo."));
    expect(memory.shown()).toEqual(said("Signed in with the profile Demo."));
    memory.select("tab-query");
    // Said after the preview: the newer words show.
    expect(memory.shown()).toEqual(said("Signed in with the profile Demo."));
    memory.say("tab-legacy", said("Legacy preview ready."));
    expect(memory.shown()).toEqual(said("Signed in with the profile Demo."));
    memory.say("tab-query", undefined);
    expect(memory.shown()).toBeUndefined();
    memory.select("tab-connect");
    expect(memory.shown()).toBeUndefined();
  });

  it("takes a tab's message away when it clears, leaving the others", () => {
    const memory = new StatusMemory("tab-query");
    memory.say("tab-query", said("Cancelled."));
    memory.say("tab-legacy", said("Legacy preview ready."));
    memory.say("tab-query", undefined);
    expect(memory.of("tab-query")).toBeUndefined();
    expect(memory.of("tab-legacy")).toEqual(said("Legacy preview ready."));
    expect(memory.isShown("tab-legacy")).toBe(false);
    expect(memory.isShown(PANE)).toBe(true);
  });
});
