import {
  hasBearerCredentials,
  hasLegacyCredentials,
  missingCredentials,
  usesLegacy,
} from "../../../core/profiles/profile";
import type { ProfileState } from "../../../core/profiles/profile-store";

/**
 * The header's one line about the active profile: what it can do, in the words the tabs use,
 * so a legacy-only profile does not read "Signed in" while the Query tab asks for a sign-in.
 */
export function profileSummary(state: ProfileState): string {
  const active = state.active;
  if (!active) return "Not signed in";
  const bearer = hasBearerCredentials(active);
  const legacy = hasLegacyCredentials(active);
  if (!bearer && !legacy) return `Profile ${active.name} needs its ${missingCredentials(active).join(", ")}`;
  if (!bearer) return `Legacy profile ${active.name}: the Query tab needs a Reporting token`;
  if (usesLegacy(active) && !legacy) return `Signed in: ${active.name} (the Legacy tab needs its API key and secret)`;
  return `Signed in: ${active.name}`;
}
