import { hasBearerCredentials, type Profile } from "../../../core/profiles/profile";

/** The active profile when it can ask the Reporting service; undefined when the Query tab must say "Sign in". */
export function usableProfile(active: Profile | undefined): Profile | undefined {
  return active && hasBearerCredentials(active) ? active : undefined;
}

/**
 * What the pickers' lists depend on: a change of it loads them again. It holds the token's
 * length, never the token, so that it can sit in the tab's state without a secret in it.
 */
export function referenceIdentity(usable: Profile | undefined): string | undefined {
  return usable ? `${usable.name}|${usable.baseUrl}|${usable.token?.length ?? 0}` : undefined;
}
