import { createRedactor, patternRedactor, REDACTED } from "../../../src/client/redact";

const TOKEN = `${"a1".repeat(32)}_0f8fad5b-d9cb-469f-a165-70867728950e`;

describe("createRedactor: registered secrets", () => {
  it("hides every occurrence of a registered value", () => {
    const redactor = createRedactor(["k3y-123", "p@ss/word"]);
    expect(redactor.redact("key k3y-123 and p@ss/word, again k3y-123")).toBe(`key ${REDACTED} and ${REDACTED}, again ${REDACTED}`);
  });

  it("hides the URL-encoded and JSON-escaped forms of a secret", () => {
    const redactor = createRedactor(['p@ss/wo"rd']);
    expect(redactor.redact("?secret=p%40ss%2Fwo%22rd")).not.toContain("p%40ss");
    expect(redactor.redact('{"s":"p@ss/wo\\"rd"}')).not.toContain("wo\\\"rd");
  });

  it("hides a secret registered with stray spaces by its trimmed value", () => {
    expect(createRedactor([" k3y-123\n"]).redact("sent k3y-123 here")).toBe(`sent ${REDACTED} here`);
  });

  it("hides a longer secret whole when it contains a shorter one", () => {
    const redactor = createRedactor(["abc", "abcdef"]);
    expect(redactor.redact("abcdef")).toBe(REDACTED);
  });

  it("treats secrets as text, not as regular expressions", () => {
    const redactor = createRedactor(["a.c"]);
    expect(redactor.redact("abc a.c")).toBe(`abc ${REDACTED}`);
  });

  it("ignores empty and missing secrets, and accepts new ones later", () => {
    const redactor = createRedactor(["", undefined, "  "]);
    expect(redactor.redact("nothing to hide")).toBe("nothing to hide");
    redactor.addSecret("late-secret");
    expect(redactor.redact("the late-secret")).toBe(`the ${REDACTED}`);
  });
});

describe("pattern redaction (credentials nobody registered)", () => {
  it.each([
    ["Authorization: Bearer abc.def-ghi", "Authorization: Bearer [REDACTED]"],
    ['{"authorization":"Bearer xyz"}', '{"authorization":"Bearer [REDACTED]"}'],
    ["authorization: Basic dXNlcjpwYXNz", "authorization: [REDACTED]"],
    ['{"Authorization":"Basic dXNlcjpwYXNz"}', '{"Authorization":"[REDACTED]"}'],
    ["Authorization: 0123456789abcdef\naccept: */*", "Authorization: [REDACTED]\naccept: */*"],
    ["x-auth-apikey: 12345", "x-auth-apikey: [REDACTED]"],
    ["X-Auth-Secret=hush", "X-Auth-Secret=[REDACTED]"],
    ['{"x-auth-secret":"hush","other":"kept"}', '{"x-auth-secret":"[REDACTED]","other":"kept"}'],
    ["https://x.test/stats?access_token=abc&from=1", "https://x.test/stats?access_token=[REDACTED]&from=1"],
    ["apiKey=99&api_secret=shh", "apiKey=[REDACTED]&api_secret=[REDACTED]"],
  ])("%s", (input, output) => {
    expect(patternRedactor.redact(input)).toBe(output);
  });

  it("hides the 64-hex_uuid token form anywhere", () => {
    expect(patternRedactor.redact(`token was ${TOKEN}.`)).toBe(`token was ${REDACTED}.`);
  });

  it("leaves ordinary text alone", () => {
    const text = "The service refused the access token. Check the token in the Reporting task pane (Connect).";
    expect(patternRedactor.redact(text)).toBe(text);
  });
});
