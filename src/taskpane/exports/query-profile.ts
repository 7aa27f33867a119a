import { sameProfileName, type Profile } from "../../core/profiles/profile";
import type { ProfileState } from "../../core/profiles/profile-store";

/**
 * The profile a query runs with, as the REPORTING functions choose it: the one the formula names
 * (profile=X, "Keep this formula on the profile in use"), else the active one. Exports and Open
 * as worksheet follow it too, so that a file holds the numbers the preview and the formula show.
 * Undefined when the named profile is not on the Connect tab.
 */
export function queryProfileOf(state: ProfileState, pinned: string | undefined): Profile | undefined {
  const name = pinned?.trim() || undefined;
  return name === undefined ? state.active : state.profiles.find((profile) => sameProfileName(profile.name, name));
}

/** What to do when the query's profile has no access token (or, when named, is missing). */
export function noTokenMessage(pinned: string | undefined): string {
  const name = pinned?.trim();
  return name
    ? `This query stays on the profile ${name}, which has no access token here. Add it on the Connect tab, or untick "Keep this formula on the profile in use".`
    : "Sign in on the Connect tab with a profile that has an access token.";
}
