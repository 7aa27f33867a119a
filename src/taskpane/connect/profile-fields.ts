import type { Profile } from "../../core/profiles/profile";

/** A field of the profile form, named as the profile names it. */
export type ProfileField = keyof Pick<Profile, "name" | "kind" | "baseUrl" | "legacyBaseUrl" | "token" | "apiKey" | "apiSecret">;

/** Which of the service's two interfaces a check or an error is about. */
export type Side = "reporting" | "legacy";

export const PROFILE_FIELDS: readonly ProfileField[] = ["name", "kind", "baseUrl", "legacyBaseUrl", "token", "apiKey", "apiSecret"];

export function isProfileField(name: string): name is ProfileField {
  return (PROFILE_FIELDS as readonly string[]).includes(name);
}

/** The address field of a side. */
export function addressField(side: Side): ProfileField {
  return side === "reporting" ? "baseUrl" : "legacyBaseUrl";
}

/** The form's field of each credential, by the word core's `missingCredentials` names it with. */
const CREDENTIAL_FIELD_OF: Readonly<Record<string, ProfileField>> = { token: "token", "API key": "apiKey", "API secret": "apiSecret" };

/** The fields to fill of the credentials `missingCredentials(profile)` names, in its order. */
export function fieldsOfCredentials(missing: readonly string[]): ProfileField[] {
  return missing.flatMap((word) => CREDENTIAL_FIELD_OF[word] ?? []);
}

/** The credential fields of a side, the first one to focus. */
export function credentialFields(side: Side): ProfileField[] {
  return side === "reporting" ? ["token"] : ["apiKey", "apiSecret"];
}
