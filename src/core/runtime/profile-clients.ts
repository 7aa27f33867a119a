import { LegacyClient, ReportingClient, type Transport, type TransportOptions } from "../../client";
import { hasBearerCredentials, hasLegacyCredentials, type Profile } from "../profiles/profile";

export interface ProfileClients {
  /** Present when the profile uses the bearer interface and holds a token. */
  reporting?: ReportingClient;
  /** Present when the profile uses the legacy interface and holds a key and a secret. */
  legacy?: LegacyClient;
}

/**
 * The clients a profile can build with the credentials it holds. Only the runtime calls this
 * (one set of clients per profile and revision), so that every surface shares its cache.
 */
export function buildClients(profile: Profile, transport?: TransportOptions | Transport): ProfileClients {
  const clients: ProfileClients = {};
  const extra = transport === undefined ? {} : { transport };
  if (hasBearerCredentials(profile) && profile.token) {
    clients.reporting = new ReportingClient({ baseUrl: profile.baseUrl, token: profile.token, ...extra });
  }
  if (hasLegacyCredentials(profile) && profile.apiKey && profile.apiSecret) {
    clients.legacy = new LegacyClient({
      baseUrl: profile.legacyBaseUrl,
      apiKey: profile.apiKey,
      apiSecret: profile.apiSecret,
      ...extra,
    });
  }
  return clients;
}
