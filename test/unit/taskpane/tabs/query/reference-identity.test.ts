import { parseProfile } from "../../../../../src/core/profiles/profile";
import { referenceIdentity, usableProfile } from "../../../../../src/taskpane/tabs/query/reference-identity";
import { TOKEN, bearer, legacy } from "../../../core/profiles/fixtures";

describe("what the pickers' lists depend on", () => {
  const finance = parseProfile(bearer("Finance"));

  it("needs a profile that can ask the Reporting service", () => {
    expect(usableProfile(finance)).toBe(finance);
    expect(usableProfile(parseProfile(legacy("Old")))).toBeUndefined();
    expect(usableProfile(undefined)).toBeUndefined();
    expect(referenceIdentity(undefined)).toBeUndefined();
  });

  it("changes with the profile, its address or its token, and never holds the token", () => {
    const identity = referenceIdentity(finance);
    expect(identity).not.toContain(TOKEN);
    expect(referenceIdentity(parseProfile(bearer("Finance")))).toBe(identity);
    expect(referenceIdentity(parseProfile(bearer("Sales")))).not.toBe(identity);
    expect(referenceIdentity(parseProfile({ ...bearer("Finance"), baseUrl: "http://127.0.0.1:9797" }))).not.toBe(
      identity,
    );
    expect(referenceIdentity(parseProfile(bearer("Finance", `${TOKEN}x`)))).not.toBe(identity);
  });
});
