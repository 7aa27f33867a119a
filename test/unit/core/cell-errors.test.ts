import {
  AbortedError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  InvalidRequestError,
  RateLimitError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
} from "../../../src/client/errors";
import { ArgumentError } from "../../../src/core/arguments/argument-error";
import { MAX_CELL_ERROR_MESSAGE, toCellError } from "../../../src/core/cell-errors";
import { MissingCredentialsError } from "../../../src/core/missing-credentials";

describe("errors shown in cells", () => {
  it("shows an argument error as #VALUE! with its message", () => {
    expect(toCellError(new ArgumentError("groups", '"cuntry" is not a group'))).toEqual({
      code: "#VALUE!",
      message: 'groups: "cuntry" is not a group',
    });
  });

  it("shows a request the service rejected as #VALUE! with the service's reason", () => {
    const error = new BadRequestError({ status: 400, route: "/stats", serviceMessage: "period longer than 1096 days" });
    const cell = toCellError(error);
    expect(cell.code).toBe("#VALUE!");
    expect(cell.message).toContain("period longer than 1096 days");
    expect(
      toCellError(new InvalidRequestError({ issues: [{ path: "filters.from", message: "from is wrong" }] })).code,
    ).toBe("#VALUE!");
  });

  it("asks to sign in when there are no credentials", () => {
    const cell = toCellError(new MissingCredentialsError());
    expect(cell.code).toBe("#N/A");
    expect(cell.message).toMatch(/^Sign in from the Reporting task pane/);
    expect(toCellError(new MissingCredentialsError({ profile: "Finance", unknownProfile: true })).message).toContain(
      'no profile named "Finance"',
    );
    expect(toCellError(new MissingCredentialsError({ profile: "Ops", needs: "legacy" })).message).toContain(
      "API key and secret",
    );
  });

  it("shows a refused token with the service's reason", () => {
    const cell = toCellError(
      new AuthenticationError({ status: 401, route: "/stats", serviceMessage: "token expired", credentials: "token" }),
    );
    expect(cell.code).toBe("#N/A");
    expect(cell.message).toMatch(/refused the access token.*The service said: token expired$/);
  });

  it.each([
    new RateLimitError({ status: 429, route: "/stats", retryAfterSeconds: 30 }),
    new ServerError({ status: 503, route: "/stats" }),
    new ConnectionError({ route: "/stats" }),
    new TimeoutError({ route: "/stats", timeoutMs: 30_000 }),
    new ResponseValidationError({ route: "/stats", issues: [{ path: "stats.0", message: "bad" }] }),
    new AbortedError({ route: "/stats" }),
  ])("shows %p as #N/A with its plain message", (error) => {
    expect(toCellError(error)).toEqual({ code: "#N/A", message: error.userMessage });
  });

  it("does not show the text of unknown errors, which might hold anything", () => {
    const cell = toCellError(new Error("token=abc123 leaked"));
    expect(cell.code).toBe("#N/A");
    expect(cell.message).not.toContain("abc123");
    expect(toCellError("a string").code).toBe("#N/A");
    expect(toCellError(undefined).code).toBe("#N/A");
  });

  it("maps errors of the contract by kind, even from another copy of the code, and never by name or text", () => {
    let Isolated: typeof ArgumentError | undefined;
    jest.isolateModules(() => {
      Isolated = (
        jest.requireActual("../../../src/core/arguments/argument-error") as { ArgumentError: typeof ArgumentError }
      ).ArgumentError;
    });
    const fromAnotherCopy = new Isolated!("to", "missing");
    expect(fromAnotherCopy).not.toBeInstanceOf(ArgumentError);
    expect(toCellError(fromAnotherCopy)).toEqual({ code: "#VALUE!", message: "to: missing" });
    // Look-alikes outside the contract are unexpected errors: their text might hold anything.
    expect(toCellError({ name: "ArgumentError", message: "to: missing" }).code).toBe("#N/A");
    expect(toCellError({ name: "BadRequestError", code: "bad_request", userMessage: "no" }).message).not.toBe("no");
  });

  it("keeps messages within what Excel shows", () => {
    const cell = toCellError(new ArgumentError("filters", "x".repeat(400)));
    expect(cell.message.length).toBe(MAX_CELL_ERROR_MESSAGE);
    expect(cell.message.endsWith("…")).toBe(true);
  });
});
