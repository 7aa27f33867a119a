import { errorFromResponse, RateLimitError } from "../../../src/client/errors";
import { ArgumentError } from "../../../src/core/arguments/argument-error";
import { MissingCredentialsError } from "../../../src/core/missing-credentials";
import { toFunctionError } from "../../../src/office/cell-error";
import { DeadlineError } from "../../../src/core/deadline";
import { CUSTOM_FUNCTIONS, StandInFunctionError, withGlobals } from "./office-globals";

describe("toFunctionError", () => {
  let restore: () => void;
  beforeEach(() => {
    restore = withGlobals({ CustomFunctions: CUSTOM_FUNCTIONS });
  });
  afterEach(() => restore());

  it("shows a bad argument as #VALUE! with the argument's name first", () => {
    const error = toFunctionError(new ArgumentError("groups", '"colour" is not a group'));
    expect(error).toBeInstanceOf(StandInFunctionError);
    expect(error).toMatchObject({ code: "#VALUE!", message: 'groups: "colour" is not a group' });
  });

  it("shows missing credentials as #N/A asking to sign in", () => {
    expect(toFunctionError(new MissingCredentialsError())).toMatchObject({
      code: "#N/A",
      message: expect.stringContaining("Sign in from the Reporting task pane"),
    });
  });

  it("shows a refused token as #N/A with the service's reason, never the token", () => {
    const token = "a".repeat(64) + "_6f1c1d7e-3b7a-4a57-9a53-0b0d9c1c2f4e";
    const refused = errorFromResponse(
      401,
      JSON.stringify({ error: { code: "unauthorized", message: `The access token ${token} was not recognised.` } }),
      "/stats",
      { credentials: "token" },
    );
    const shown = toFunctionError(refused) as StandInFunctionError;
    expect(shown.code).toBe("#N/A");
    expect(shown.message).toContain("refused the access token");
    expect(shown.message).toContain("was not recognised");
    expect(shown.message).not.toContain(token);
  });

  it("shows a rate limit past the retries as #N/A saying how long to wait", () => {
    const limited = new RateLimitError({ status: 429, route: "/stats", retryAfterSeconds: 30 });
    expect(toFunctionError(limited)).toMatchObject({
      code: "#N/A",
      message: expect.stringContaining("Wait 30 seconds"),
    });
  });

  it("shows the office layer's deadline as #N/A", () => {
    expect(toFunctionError(new DeadlineError(120_000))).toMatchObject({
      code: "#N/A",
      message: expect.stringContaining("took too long"),
    });
  });

  it("never shows the text of an unexpected error, which might hold anything", () => {
    const shown = toFunctionError(new TypeError("secret-ish internals at line 3")) as StandInFunctionError;
    expect(shown.code).toBe("#N/A");
    expect(shown.message).not.toContain("internals");
  });

  it("falls back to a plain Error where the runtime has no CustomFunctions.Error", () => {
    restore();
    restore = withGlobals({ CustomFunctions: undefined });
    const shown = toFunctionError(new ArgumentError("from", "missing"));
    expect(shown).toBeInstanceOf(Error);
    expect(shown.message).toBe("from: missing");
  });
});
