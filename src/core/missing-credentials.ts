import { ReportingError } from "../client/errors";

export type CredentialsNeeded = "bearer" | "legacy";

export interface MissingCredentialsInit {
  /** The profile named by profile=, when the call named one. */
  profile?: string | undefined;
  /** True when the named profile does not exist at all. */
  unknownProfile?: boolean;
  needs?: CredentialsNeeded;
}

const SIGN_IN = "Sign in from the Reporting task pane";

function describe(init: MissingCredentialsInit): string {
  const { profile, needs = "bearer" } = init;
  if (profile !== undefined && init.unknownProfile) {
    return `${SIGN_IN}: there is no profile named "${profile}" (check profile= in the options).`;
  }
  if (init.needs === undefined && profile === undefined) return `${SIGN_IN} to see the statistics.`;
  const what = needs === "legacy" ? "API key and secret for the legacy statistics" : "access token for the statistics";
  const whose = profile === undefined ? "the active profile" : `the profile "${profile}"`;
  return `${SIGN_IN}: ${whose} has no ${what}.`;
}

/** The pane's wording: it is the task pane, so it names the tab and the field. */
function describeForPane(init: MissingCredentialsInit): string {
  const { profile, needs = "bearer" } = init;
  if (profile !== undefined && init.unknownProfile)
    return `There is no profile named "${profile}". Check its spelling, or create it on the Connect tab.`;
  if (init.needs === undefined && profile === undefined)
    return "No profile is in use. Create one on the Connect tab, or press Use beside a saved one.";
  const what =
    needs === "legacy" ? "an API key and secret (for the Legacy tab)" : "an access token (for the Query tab)";
  const whose = profile === undefined ? "The profile in use" : `The profile "${profile}"`;
  return `${whose} has no ${what}. Add it to the profile on the Connect tab.`;
}

/** A command line's wording (the headless refresh): the profiles are those of its credentials file. */
function describeForCommand(init: MissingCredentialsInit): string {
  const { profile, needs = "bearer" } = init;
  const file = "the credentials file (--credentials)";
  if (profile !== undefined && init.unknownProfile)
    return `There is no profile named "${profile}" in ${file}. Add it there, or check the name the table's query uses.`;
  if (init.needs === undefined && profile === undefined) return `No profile to use: give ${file} a "default" profile.`;
  const what = needs === "legacy" ? '"apiKey" and "apiSecret" (legacy tables need them)' : '"token"';
  const whose = profile === undefined ? "The default profile" : `The profile "${profile}"`;
  return `${whose} has no ${what}. Add ${needs === "legacy" ? "them" : "it"} to that profile in ${file}, then run the refresh again.`;
}

/**
 * No credentials to call the service with: no profile signed in, a profile=name that does not
 * exist, or a profile without the interface a function needs. The office layer throws it from
 * `connect`; the functions throw it when a profile lacks bearer or legacy credentials.
 */
export class MissingCredentialsError extends ReportingError {
  readonly profile: string | undefined;

  constructor(init: MissingCredentialsInit = {}) {
    super({
      code: "missing_credentials",
      kind: "sign_in",
      userMessage: describe(init),
      paneMessage: describeForPane(init),
      commandMessage: describeForCommand(init),
      retryable: false,
    });
    this.name = "MissingCredentialsError";
    this.profile = init.profile;
  }
}
