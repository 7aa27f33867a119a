import {
  missingCredentials,
  missingSecretFields,
  sameProfileName,
  type Profile,
  type SecretField,
} from "../../../core/profiles/profile";

/**
 * What "Save and use" does after the connection test, and what "Save anyway" then offers. A
 * profile that fails its test is not saved: formulas would break with no warning. Saving it
 * anyway keeps it without using it, so the profile in use stays in use; the user switches with
 * "Use" once it works. The one exception is an edit of the profile in use itself: it stays in
 * use under its name, and the explanation says that formulas follow it.
 */
export interface SaveAnywayPlan {
  /** Whether the profile becomes (or stays) the active one. */
  activate: boolean;
  label: string;
  /** Shown beside the button: what happens to formulas. */
  explanation: string;
}

export interface SaveSituation {
  /** The name of the profile as typed. */
  name: string;
  /** The name of the stored profile being edited; undefined for a new profile. */
  editing: string | undefined;
  /** The profile in use now, if any. */
  activeName: string | undefined;
}

export function saveAnywayPlan(situation: SaveSituation): SaveAnywayPlan {
  const { name, editing, activeName } = situation;
  if (editing !== undefined && activeName !== undefined && sameProfileName(editing, activeName)) {
    return {
      activate: true,
      label: "Save anyway",
      explanation: `${activeName} is the profile in use: saving it anyway changes what formulas use at once, and they show errors until it works.`,
    };
  }
  return {
    activate: false,
    label: "Save anyway, without using it",
    // Said of what the button would do, not of what is: until it is pressed, nothing is saved.
    explanation:
      activeName === undefined
        ? `Save anyway keeps ${name} without putting it in use: press Use beside it once it works.`
        : `Save anyway keeps ${name} without putting it in use: formulas keep using ${activeName}. Press Use beside ${name} once it works.`,
  };
}

/** The first line of the box beside Save after a save the test stopped: the one place that says so. */
export function notSavedHeading(name: string, cancelled: boolean): string {
  return cancelled
    ? `${name} was not saved: the connection test was cancelled.`
    : `${name} was not saved: the connection test failed.`;
}

/**
 * An empty token, key or secret is a field to fill, found before any request: the fields to
 * mark and the reason, or undefined when the profile holds every secret its interface needs.
 */
export function emptySecretsProblem(profile: Profile): { reason: string; fields: SecretField[] } | undefined {
  const missing = missingCredentials(profile);
  if (missing.length === 0) return undefined;
  const [first] = missing;
  const reason =
    missing.length === 1
      ? `The ${first} is empty: paste the ${first} you were given.`
      : `The ${missing.slice(0, -1).join(", ")} and ${missing[missing.length - 1]} are empty: paste the ones you were given.`;
  return { reason, fields: missingSecretFields(profile) };
}
