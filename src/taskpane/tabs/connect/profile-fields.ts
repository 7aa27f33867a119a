import type { Profile } from "../../../core/profiles/profile";

/** A field of the profile form, named as the profile names it. */
export type ProfileField = keyof Pick<
  Profile,
  "name" | "kind" | "baseUrl" | "legacyBaseUrl" | "token" | "apiKey" | "apiSecret"
>;

/** Which of the service's two interfaces a check or an error is about. */
export type Side = "reporting" | "legacy";

export const PROFILE_FIELDS: readonly ProfileField[] = [
  "name",
  "kind",
  "baseUrl",
  "legacyBaseUrl",
  "token",
  "apiKey",
  "apiSecret",
];

export function isProfileField(name: string): name is ProfileField {
  return (PROFILE_FIELDS as readonly string[]).includes(name);
}

/** The address field of a side. */
export function addressField(side: Side): ProfileField {
  return side === "reporting" ? "baseUrl" : "legacyBaseUrl";
}

/** The credential fields of a side, the first one to focus. */
export function credentialFields(side: Side): ProfileField[] {
  return side === "reporting" ? ["token"] : ["apiKey", "apiSecret"];
}
