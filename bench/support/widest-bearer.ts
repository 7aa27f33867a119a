import type { BearerCredential, DemoCredentials } from "../../src/emulator/store";

/** The bearer credential that reaches the most organizations, so a query covers the most rows. */
export function widestBearer(credentials: DemoCredentials): BearerCredential {
  return credentials.bearer.reduce((widest, candidate) =>
    candidate.organizations.length > widest.organizations.length ? candidate : widest,
  );
}
