import { createRedactor, patternRedactor, REDACTED } from "../../../src/client/redact";

const TOKEN = `${"a1".repeat(32)}_0f8fad5b-d9cb-469f-a165-70867728950e`;

describe("createRedactor: registered secrets", () => {
  it("hides every occurrence of a registered value", () => {
    const redactor = createRedactor(["k3y-123", "p@ss/word"]);
    expect(redactor.redact("key k3y-123 and p@ss/word, again k3y-123")).toBe(
      `key ${REDACTED} and ${REDACTED}, again ${REDACTED}`,
    );
  });

  it("hides the URL-encoded and JSON-escaped forms of a secret", () => {
    const redactor = createRedactor(['p@ss/wo"rd']);
    expect(redactor.redact("?secret=p%40ss%2Fwo%22rd")).not.toContain("p%40ss");
    expect(redactor.redact('{"s":"p@ss/wo\\"rd"}')).not.toContain('wo\\"rd');
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

  it("hides pieces of a long secret added after the first redaction", () => {
    const redactor = createRedactor(["first-secret-of-some-length"]);
    expect(redactor.redact("a piece: secret-of-some")).toBe(`a piece: ${REDACTED}`);
    redactor.addSecret("0123456789abcdefghij-later");
    expect(redactor.redact("cut: 456789abcdefghij")).toBe(`cut: ${REDACTED}`);
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

describe("createRedactor: a registered secret in another form", () => {
  const token = "Zq9-arbitrary.token~value-0123456789";
  const key = "0123456789abcdef0123456789abcdef";
  const secret = "fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210";
  const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
  const base64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");

  it.each([
    ["in upper case", token.toUpperCase()],
    ["in lower case", token.toLowerCase()],
    ["base64-encoded", base64(token)],
    ["base64url-encoded", base64url(token)],
    ["base64-encoded after other bytes (Basic user:token)", base64(`user:${token}`)],
    ["base64-encoded before other bytes (Basic token:)", base64(`${token}:`)],
    ["its first half alone", token.slice(0, token.length / 2)],
    ["its second half alone", token.slice(token.length / 2)],
    ["any 12 characters of it", token.slice(7, 19)],
  ])("point 13: hides the token %s", (_form, leaked) => {
    const redactor = createRedactor([token]);
    const shown = redactor.redact(`before ${leaked} after`);
    expect(shown).not.toContain(leaked);
    expect(shown).toMatch(/^before .*\[REDACTED\].* after$/);
  });

  it("point 13: hides a key and secret sent as Basic auth (base64 of key:secret), whole", () => {
    const redactor = createRedactor([key, secret, `${key}:${secret}`]);
    const basic = base64(`${key}:${secret}`);
    expect(redactor.redact(`Authorisation was Basic-ish ${basic}!`)).toBe(`Authorisation was Basic-ish ${REDACTED}!`);
  });

  it("point 13: hides the whole run of a long piece, leaving nothing of the secret at its edges", () => {
    const redactor = createRedactor([secret]);
    const piece = secret.slice(5, 47);
    expect(redactor.redact(`[${piece}]`)).toBe(`[${REDACTED}]`);
  });

  it("point 13: hides base64 of a secret with non-ASCII characters", () => {
    const accented = "mot-de-passe-été-2025";
    expect(createRedactor([accented]).redact(base64(accented))).not.toContain(base64(accented).slice(0, 12));
  });

  it("point 13: does not hide short pieces or common words that a short secret contains", () => {
    const redactor = createRedactor(["abc"]);
    // Base64 of a three-letter secret is four characters: hiding them would blank ordinary words.
    expect(redactor.redact("YWJj YWJ the service said abc")).toBe(`${REDACTED} YWJ the service said ${REDACTED}`);
  });

  it.each([
    ["https://user:p4ss@reporting.example.com/api/stats", "https://[REDACTED]@reporting.example.com/api/stats"],
    [
      "fetch failed for http://me%40corp:s3cr%2Ft@10.0.0.1:8080/x",
      "fetch failed for http://[REDACTED]@10.0.0.1:8080/x",
    ],
    ['{"url":"https://only-user@host.test/"}', '{"url":"https://[REDACTED]@host.test/"}'],
  ])("point 13: hides the user and password of a URL in any text: %s", (input, output) => {
    expect(patternRedactor.redact(input)).toBe(output);
  });

  it("leaves e-mail addresses and URLs without credentials alone", () => {
    const text = "Write to support@example.com or open https://example.com/help?a=b@c";
    expect(patternRedactor.redact(text)).toBe(text);
  });
});
