import { missingSecretFields, type Profile } from "../../../../../src/core/profiles/profile";

const addresses = { baseUrl: "https://r.example", legacyBaseUrl: "https://l.example" };

describe("the fields to mark for the credentials a profile lacks", () => {
  it("marks every credential of a profile using both interfaces, the token first", () => {
    const profile = { name: "Both", kind: "both", ...addresses } as Profile;
    expect(missingSecretFields(profile)).toEqual(["token", "apiKey", "apiSecret"]);
  });

  it("marks only what is missing, and only for the interfaces the profile uses", () => {
    expect(missingSecretFields({ name: "L", kind: "legacy", ...addresses, apiKey: "k" } as Profile)).toEqual([
      "apiSecret",
    ]);
    expect(missingSecretFields({ name: "B", kind: "bearer", ...addresses } as Profile)).toEqual(["token"]);
    expect(missingSecretFields({ name: "B", kind: "bearer", ...addresses, token: "t" } as Profile)).toEqual([]);
  });
});
