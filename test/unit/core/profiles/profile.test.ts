import { missingCredentials, parseProfile, ProfileError } from "../../../../src/core/profiles/profile";
import { bearer, legacy, TOKEN } from "./fixtures";

describe("parseProfile", () => {
  it("trims the name and keeps the fields of its interface", () => {
    const profile = parseProfile({ ...bearer("  Finance  "), apiKey: "stray", apiSecret: "stray" });
    expect(profile.name).toBe("Finance");
    expect(profile.token).toBe(TOKEN);
    expect(profile).not.toHaveProperty("apiKey");
    expect(profile).not.toHaveProperty("apiSecret");
  });

  it("drops the token of a legacy-only profile", () => {
    expect(parseProfile({ ...legacy("Old"), token: TOKEN })).not.toHaveProperty("token");
  });

  it("names every bad field in plain words without echoing a secret", () => {
    let caught: unknown;
    try {
      parseProfile({ name: "", kind: "oauth", baseUrl: "ftp://x", legacyBaseUrl: "nonsense", token: TOKEN });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ProfileError);
    const message = (caught as ProfileError).userMessage;
    expect(message).toContain("The profile name is empty: type one, such as Finance.");
    expect(message).toContain("The interface is not one of the choices offered");
    expect(message).toContain("The service address must be a web address");
    expect(message).toContain("The legacy service address must be a web address");
    expect(message).not.toContain(TOKEN);
  });

  it("refuses the characters that separate a formula's options in a name", () => {
    for (const name of ["A;B", "A=B", "A\nB"]) {
      expect(() => parseProfile(bearer(name))).toThrow("The profile name cannot contain ; or = or a line break.");
    }
  });
});

describe("missingCredentials", () => {
  it("lists what each interface still needs", () => {
    const both = parseProfile({ ...bearer("Both"), kind: "both" });
    expect(missingCredentials(both)).toEqual(["API key", "API secret"]);
    expect(missingCredentials(parseProfile(legacy("L")))).toEqual([]);
    const { token: _token, ...withoutToken } = bearer("B");
    expect(missingCredentials(parseProfile(withoutToken))).toEqual(["token"]);
  });
});

describe("service addresses", () => {
  const withAddress = (address: string) => ({ ...bearer("Finance"), baseUrl: address, legacyBaseUrl: address });
  const refusal = "The service address must start with https:// — http:// works only for localhost.";

  it("point 7: refuses http:// for any host but this computer, since an HTTPS page cannot call it", () => {
    for (const address of [
      "http://reporting.example.com",
      "http://10.0.0.5:8080/api",
      "http://127.0.0.2",
      "http://localhost.example.com",
      "http://[::2]",
    ]) {
      expect(() => parseProfile(withAddress(address))).toThrow(refusal);
    }
  });

  it("point 7: names each http:// address it refuses, the legacy one included", () => {
    expect(() => parseProfile({ ...legacy("Old"), legacyBaseUrl: "http://legacy.example.com" })).toThrow(
      "The legacy service address must start with https:// — http:// works only for localhost.",
    );
  });

  it("accepts https:// anywhere and http:// for localhost, 127.0.0.1 and [::1]", () => {
    for (const address of [
      "https://reporting.example.com",
      "https://10.0.0.5:8443/api",
      "http://localhost:3001",
      "http://LOCALHOST",
      "http://127.0.0.1:3001/api",
      "http://[::1]:3001",
    ]) {
      expect(parseProfile(withAddress(address)).baseUrl).toBe(address);
    }
  });
});
