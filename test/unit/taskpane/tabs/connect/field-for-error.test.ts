import {
  ConnectionError,
  errorFromResponse,
  RedirectError,
  ResponseValidationError,
  TimeoutError,
  type ConnectionCause,
} from "../../../../../src/client/errors";
import { ProfileError, parseProfile } from "../../../../../src/core/profiles/profile";
import { fieldsToFix } from "../../../../../src/taskpane/tabs/connect/field-for-error";

const address = (cause: ConnectionCause) => new ConnectionError({ route: "/details", likelyCause: cause });

describe("fieldsToFix: the field a failed test points to", () => {
  it.each([
    ["401 on the bearer side", errorFromResponse(401, "", "/details"), "reporting", ["token"]],
    ["403 on the bearer side", errorFromResponse(403, "", "/details"), "reporting", ["token"]],
    [
      "401 on the legacy side",
      errorFromResponse(401, "", "/reporting/v1/applications", { credentials: "apiKey" }),
      "legacy",
      ["apiKey", "apiSecret"],
    ],
    ["404 (a wrong path)", errorFromResponse(404, "", "/details"), "reporting", ["baseUrl"]],
    ["404 on the legacy side", errorFromResponse(404, "", "/reporting/v1/applications"), "legacy", ["legacyBaseUrl"]],
    [
      "a web page instead of the service",
      new ResponseValidationError({ route: "/details", issues: [], unreadable: "not_json" }),
      "reporting",
      ["baseUrl"],
    ],
    ["a refused connection", address("refused"), "reporting", ["baseUrl"]],
    ["an unknown host", address("unknown_host"), "reporting", ["baseUrl"]],
    ["nothing answering", address("unreachable"), "reporting", ["baseUrl"]],
    ["CORS", address("cross_origin"), "reporting", ["baseUrl"]],
    ["mixed content", address("insecure_address"), "legacy", ["legacyBaseUrl"]],
    ["a redirect elsewhere", new RedirectError({ route: "/details", problem: "elsewhere" }), "reporting", ["baseUrl"]],
    [
      "a proxy address with no service behind it",
      errorFromResponse(503, JSON.stringify({ error: { code: "proxy_not_configured", message: "x" } }), "/details"),
      "reporting",
      ["baseUrl"],
    ],
  ] as const)("%s", (_name, error, side, fields) => {
    expect(fieldsToFix(error, side)).toEqual(fields);
  });

  it.each([
    ["no network", address("offline")],
    ["a broken connection", address("interrupted")],
    ["a page's own server not answering", address("network")],
    ["a service that is down", errorFromResponse(500, "", "/details")],
    [
      "a host that cannot reach the service",
      errorFromResponse(502, JSON.stringify({ error: { code: "upstream_refused", message: "x" } }), "/details"),
    ],
    ["a timeout", new TimeoutError({ route: "/details", timeoutMs: 45_000 })],
    ["a rate limit", errorFromResponse(429, "", "/details")],
    [
      "an answer of a wrong shape",
      new ResponseValidationError({ route: "/details", issues: [{ path: "x", message: "y" }] }),
    ],
    ["something outside the contract", new TypeError("boom")],
  ])("%s points to no field: the address and credentials are not at fault", (_name, error) => {
    expect(fieldsToFix(error, "reporting")).toEqual([]);
  });

  it("points a profile the form cannot be read as to its own fields", () => {
    const error = (() => {
      try {
        parseProfile({ name: " ", kind: "bearer", baseUrl: "ftp://x", legacyBaseUrl: "https://ok.example" });
      } catch (caught) {
        return caught;
      }
      throw new Error("expected a ProfileError");
    })();
    expect(fieldsToFix(error, "reporting")).toEqual(["name", "baseUrl"]);
    expect(fieldsToFix(new ProfileError("x", ["name", "not-a-field"]), "reporting")).toEqual(["name"]);
  });
});
