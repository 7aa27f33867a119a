import { ServerError } from "../../../src/client/errors";
import { ArgumentError } from "../../../src/core/arguments/argument-error";
import { ProfileError } from "../../../src/core/profiles/profile";
import { plainMessage } from "../../../src/taskpane/status";

describe("plainMessage (the pane's side of the error contract)", () => {
  it("shows the pane message of any error of the contract", () => {
    expect(plainMessage(new ArgumentError("limit", "must be a whole number"))).toBe("limit: must be a whole number");
    expect(plainMessage(new ProfileError("The token is missing."))).toBe("The token is missing.");
    const outage = new ServerError({ status: 503, route: "/stats", serviceMessage: "maintenance", requestId: "r-1" });
    expect(plainMessage(outage)).toBe(outage.paneMessage);
    expect(plainMessage(outage)).toMatch(/Reference for support: HTTP 503 on \/stats, request r-1\.$/);
  });

  it("never shows the text of an error outside the contract, which might hold anything", () => {
    expect(plainMessage(new TypeError("Cannot read properties of undefined (reading 'token=abc')"))).not.toContain("abc");
    expect(plainMessage({ userMessage: "look-alike" })).not.toBe("look-alike");
    expect(plainMessage("text")).toMatch(/^Something unexpected went wrong/);
  });
});
