import { z } from "zod";
import { ReportingError } from "../../client/errors";

/**
 * A credential profile as the user types it: which service to reach and with which secrets.
 * Parsing names every bad field in plain words and never echoes a value, which may be a secret.
 */

export const PROFILE_KINDS = ["bearer", "legacy", "both"] as const;
export const profileKind = z.enum(PROFILE_KINDS);
export type ProfileKind = z.infer<typeof profileKind>;

const serviceUrl = z
  .string()
  .trim()
  // abort: reachableServiceUrl then parses the text, which only works once it is a web address.
  .refine(isServiceUrl, {
    message: "must be a web address starting with https:// (http:// only for localhost)",
    abort: true,
  });

/**
 * The pane is an HTTPS page, and an HTTPS page cannot call an http:// address (mixed content),
 * except on this computer: browsers treat localhost, 127.0.0.1 and [::1] as secure, which is how
 * the emulator is reached in development.
 */
const reachableServiceUrl = serviceUrl.refine(isReachableFromHttps, {
  message: "must start with https:// — http:// works only for localhost",
});

const secret = z.string().trim().min(1).optional();

/** A profile's name, wherever one is kept: the workbook's tables name their profile too. */
export const profileName = z
  .string()
  .trim()
  .min(1, { message: "is empty: type one, such as Finance" })
  .max(60, { message: "must be at most 60 characters" })
  // Formulas name a profile inside their options text (`profile=Finance; limit=10`).
  .refine((name) => !/[;=\r\n]/.test(name), { message: "cannot contain ; or = or a line break" });

/**
 * A profile as stored. Addresses are only checked to be web addresses here: a profile saved
 * before http:// was refused must still load, so the user sees it and can correct it.
 */
export const profileSchema = z.object({
  name: profileName,
  kind: profileKind,
  baseUrl: serviceUrl,
  legacyBaseUrl: serviceUrl,
  token: secret,
  apiKey: secret,
  apiSecret: secret,
});
export type Profile = z.infer<typeof profileSchema>;

/** A profile as typed or edited: its addresses must be callable from the pane. */
const enteredProfileSchema = profileSchema.extend({ baseUrl: reachableServiceUrl, legacyBaseUrl: reachableServiceUrl });

export const SECRET_FIELDS = ["token", "apiKey", "apiSecret"] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];
export type ProfileSecrets = Pick<Profile, SecretField>;
/** What may be shown, logged or kept outside the secret store. */
export type PublicProfile = Omit<Profile, SecretField>;

/** A profile that cannot be saved or found, in plain words that never carry a secret. */
export class ProfileError extends ReportingError {
  /** The profile's fields the message is about (`name`, `baseUrl`, ...), so a form can mark them. */
  readonly fields: readonly string[];

  constructor(userMessage: string, fields: readonly string[] = []) {
    super({ code: "invalid_profile", kind: "input", userMessage, retryable: false });
    this.name = "ProfileError";
    this.fields = fields;
  }
}

function isServiceUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

function isReachableFromHttps(text: string): boolean {
  const url = new URL(text);
  return url.protocol === "https:" || LOOPBACK_HOSTS.has(url.hostname);
}

/** Describes a validation problem without echoing the value (which may be a secret). */
function describeIssues(error: z.ZodError): string {
  const labels: Record<string, string> = {
    name: "The profile name",
    kind: "The interface",
    baseUrl: "The service address",
    legacyBaseUrl: "The legacy service address",
    token: "The token",
    apiKey: "The API key",
    apiSecret: "The API secret",
  };
  return error.issues
    .map((issue) => {
      const field = String(issue.path[0] ?? "");
      const message = issue.code === "invalid_value" ? "is not one of the choices offered" : issue.message;
      return `${labels[field] ?? "A field"} ${message}.`;
    })
    .join(" ");
}

/** Parses a profile typed by a user; throws a `ProfileError` naming each bad field. */
export function parseProfile(input: unknown): Profile {
  const result = enteredProfileSchema.safeParse(input);
  if (!result.success)
    throw new ProfileError(describeIssues(result.error), [
      ...new Set(result.error.issues.map((issue) => String(issue.path[0] ?? ""))),
    ]);
  return dropUnusedSecrets(result.data);
}

/** A bearer-only profile keeps no legacy key, and the reverse, so nothing lingers unseen. */
function dropUnusedSecrets(profile: Profile): Profile {
  const next = { ...profile };
  if (profile.kind === "legacy") delete next.token;
  if (profile.kind === "bearer") {
    delete next.apiKey;
    delete next.apiSecret;
  }
  return next;
}

export function usesBearer(profile: Pick<Profile, "kind">): boolean {
  return profile.kind === "bearer" || profile.kind === "both";
}

export function usesLegacy(profile: Pick<Profile, "kind">): boolean {
  return profile.kind === "legacy" || profile.kind === "both";
}

/** Each secret in words a user recognises. */
export const SECRET_WORDS: Readonly<Record<SecretField, string>> = {
  token: "token",
  apiKey: "API key",
  apiSecret: "API secret",
};

/** The secrets a profile still lacks for its interface, the token first: the fields to fill. */
export function missingSecretFields(profile: Profile): SecretField[] {
  return SECRET_FIELDS.filter(
    (field) => (field === "token" ? usesBearer(profile) : usesLegacy(profile)) && !profile[field],
  );
}

/** The secrets a profile still lacks for its interface, in words a user recognises. */
export function missingCredentials(profile: Profile): string[] {
  return missingSecretFields(profile).map((field) => SECRET_WORDS[field]);
}

/** True when the profile can call the bearer interface now: it uses it and holds a token. */
export function hasBearerCredentials(profile: Profile): boolean {
  return usesBearer(profile) && profile.token !== undefined;
}

/** True when the profile can call the legacy interface now: it uses it and holds a key and a secret. */
export function hasLegacyCredentials(profile: Profile): boolean {
  return usesLegacy(profile) && profile.apiKey !== undefined && profile.apiSecret !== undefined;
}

/** Profile names compare as a user reads them: case and surrounding spaces do not count. */
export function sameProfileName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The profile without its token, key and secret: what may be kept outside the secret store. */
export function withoutSecrets(profile: Profile): PublicProfile {
  const { token: _token, apiKey: _apiKey, apiSecret: _apiSecret, ...rest } = profile;
  return rest;
}

export function secretsOf(profile: Profile): ProfileSecrets {
  const secrets: ProfileSecrets = {};
  for (const field of SECRET_FIELDS) if (profile[field] !== undefined) secrets[field] = profile[field];
  return secrets;
}
