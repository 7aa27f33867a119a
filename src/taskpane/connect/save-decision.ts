import { sameProfileName } from "../../core/profiles/profile";

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
    explanation:
      activeName === undefined
        ? `${name} is saved but not put in use. Press Use beside it once it works.`
        : `Formulas keep using ${activeName}. Press Use beside ${name} once it works.`,
  };
}

/** The status bar's words after a save the test stopped: short, since the reason is beside the button. */
export function notSavedStatus(name: string, cancelled: boolean): string {
  return cancelled ? `${name} was not saved: the connection test was cancelled.` : `${name} was not saved: it did not connect. The reason is below the Save button.`;
}
