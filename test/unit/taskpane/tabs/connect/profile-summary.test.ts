import type { Profile } from "../../../../../src/core/profiles/profile";
import { profileSummary } from "../../../../../src/taskpane/tabs/connect/profile-summary";

const base = { baseUrl: "https://r.example", legacyBaseUrl: "https://l.example" };
const state = (active: Profile | undefined) => ({ profiles: active ? [active] : [], active });

describe("profileSummary: what the profile in use can do", () => {
  it.each([
    ["no profile", undefined, "Not signed in"],
    ["a Reporting profile", { name: "Finance", kind: "bearer", ...base, token: "t" }, "Signed in: Finance"],
    [
      "a profile of both with every credential",
      { name: "Demo", kind: "both", ...base, token: "t", apiKey: "k", apiSecret: "s" },
      "Signed in: Demo",
    ],
    [
      "a legacy-only profile",
      { name: "Demo", kind: "legacy", ...base, apiKey: "k", apiSecret: "s" },
      "Legacy profile Demo: the Query tab needs a Reporting token",
    ],
    [
      "a profile of both without its key",
      { name: "Demo", kind: "both", ...base, token: "t" },
      "Signed in: Demo (the Legacy tab needs its API key and secret)",
    ],
    [
      "a profile of both with a key only",
      { name: "Demo", kind: "both", ...base, apiKey: "k", apiSecret: "s" },
      "Legacy profile Demo: the Query tab needs a Reporting token",
    ],
    ["a profile without credentials", { name: "Demo", kind: "bearer", ...base }, "Profile Demo needs its token"],
  ] as const)("%s", (_name, active, text) => {
    expect(profileSummary(state(active as Profile | undefined))).toBe(text);
  });
});
