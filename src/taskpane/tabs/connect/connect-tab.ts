import { missingCredentials, type Profile } from "../../../core/profiles/profile";
import { CheckProgress } from "./check-progress";
import {
  checkConnection,
  fieldsToMark,
  problemsOf,
  SIDE_NAMES,
  type CheckProblem,
  type SideResult,
} from "./connection-check";
import { ConnectionResult } from "./connection-result";
import { fieldsToFix } from "./field-for-error";
import type { ProfileField } from "./profile-fields";
import { ProfileForm } from "./profile-form";
import { ProfileList } from "./profile-list";
import { profileSummary } from "./profile-summary";
import { emptySecretsProblem, notSavedHeading, saveAnywayPlan } from "./save-decision";
import { SaveOutcome } from "./save-outcome";
import type { PaneContext } from "../../shell/context";
import { whileBusy } from "../../widgets/dom";
import { plainMessage } from "../../shell/status";
import { connectElements } from "./elements";

const FORGETFULNESS =
  "profiles last until this tab closes, and tokens, keys and secrets only while this page is open: you will type them again after a reload.";

export interface ConnectTab {
  /** Another tab is shown: an armed Delete goes back to a first press. */
  leave(): void;
}

/**
 * The Connect tab: the saved profiles, the profile form, and the connection test that every
 * save runs first. A profile that fails it is not saved unless the user presses Save anyway.
 */
export function setUpConnectTab(context: PaneContext): ConnectTab {
  const elements = connectElements();
  const form = new ProfileForm(elements.profileForm, context.defaults);
  const saveButton = elements.profileSave;
  const testButton = elements.profileTest;
  const newButton = elements.profileNew;
  const result = new ConnectionResult(elements.connectionResult);
  const outcome = new SaveOutcome(elements.profileSaveOutcome, "profile-save-reason");
  const progress = new CheckProgress(
    elements.connectionProgress,
    elements.connectionLabel,
    elements.connectionElapsed,
    elements.connectionCancel,
  );
  const summary = elements.activeProfileSummary;
  /** The name of the profile being edited; undefined while creating a new one. */
  let editing: string | undefined;

  elements.secretsNote.textContent = context.secretsPersist
    ? "Profiles are kept by Excel for this add-in, never in your workbook."
    : context.host === "excel"
      ? `This version of Excel offers add-ins no private storage, so ${FORGETFULNESS}`
      : `Outside Excel, ${FORGETFULNESS}`;

  const list = new ProfileList(elements.profileList, elements.profilesEmpty, elements.signOut, {
    use: (name) => void useProfile(name),
    edit: (name) => editProfile(name),
    remove: (name) => void removeProfile(name),
    armDelete: (name) => context.status.show(`Press "Delete" again to delete the profile ${name}.`),
    disarmDelete: () => context.status.clear(),
  });

  /** A save and a test exclude each other: both run the one connection test with its Cancel. */
  function bothBusy(action: () => Promise<void>): Promise<void> {
    return whileBusy(saveButton, () => whileBusy(testButton, action));
  }

  function storedProfile(): Profile | undefined {
    return editing === undefined ? undefined : context.current().profiles.find((profile) => profile.name === editing);
  }

  function fillForm(profile: Profile | undefined): void {
    editing = profile?.name;
    form.fill(profile);
    // Under the heading "New profile", a New profile button would do nothing: it is offered while editing.
    newButton.hidden = profile === undefined;
    clearReasons();
  }

  /** Only the current reason shows: every test or save starts by taking the last one away. */
  function clearReasons(): void {
    result.clear();
    outcome.clear();
    form.unmark();
  }

  function render(): void {
    const state = context.current();
    list.render(state);
    summary.textContent = profileSummary(state);
  }

  async function removeProfile(name: string): Promise<void> {
    try {
      await context.runtime.store.remove(name);
      if (editing === name) fillForm(undefined);
      context.status.success(`Profile ${name} deleted.`);
    } catch (error) {
      context.status.error(error);
    }
  }

  async function useProfile(name: string): Promise<void> {
    try {
      await context.runtime.store.activate(name);
      const profile = context.current().active;
      const missing = profile ? missingCredentials(profile) : [];
      if (profile && missing.length > 0) {
        editProfile(name);
        context.status.show(`Profile ${name} is in use but needs its ${missing.join(", ")}: type it below and save.`);
      } else {
        context.status.success(`Now using profile ${name}. Formulas switch to it at once.`);
      }
    } catch (error) {
      context.status.error(error);
    }
  }

  function editProfile(name: string): void {
    fillForm(context.current().profiles.find((profile) => profile.name === name));
    form.input("name").focus();
  }

  /** The form as a profile, or undefined after showing why it is not one (beside the Save button). */
  function readForm(): Profile | undefined {
    try {
      return form.read(storedProfile());
    } catch (error) {
      showProblem([plainMessage(error)], fieldsToFix(error, "reporting"), undefined);
      return undefined;
    }
  }

  /** One reason per failed interface, named when the profile has two. */
  function reasonsOf(problems: readonly CheckProblem[], sides: number): string[] {
    return problems.map((problem) =>
      sides > 1 ? `${SIDE_NAMES[problem.side]}: ${plainMessage(problem.error)}` : plainMessage(problem.error),
    );
  }

  function showProblem(
    reasons: readonly string[],
    fields: readonly ProfileField[],
    onSaveAnyway: (() => void) | undefined,
    profile?: Profile,
  ): void {
    const plan =
      onSaveAnyway && profile
        ? saveAnywayPlan({ name: profile.name, editing, activeName: context.current().active?.name })
        : undefined;
    outcome.showProblem(reasons, plan, () => onSaveAnyway?.());
    form.mark(fields, outcome.reasonId);
    // Without a field to fix, the reason itself is what to read: keep it in view.
    if (fields.length === 0) outcome.scrollIntoView();
  }

  /** Runs the connection test: the status bar says what runs; the line under the buttons, how long, with Cancel. */
  async function runCheck(profile: Profile, label: string): Promise<{ results: SideResult[]; cancelled: boolean }> {
    context.status.busy(`${label}…`);
    const signal = progress.start();
    try {
      const results = await checkConnection(context.runtime.trialClients(profile), signal);
      return { results, cancelled: signal.aborted };
    } finally {
      progress.stop();
    }
  }

  /** A field left empty is said beside Save, as a field error: no request is made. */
  function emptyFields(profile: Profile): boolean {
    const empty = emptySecretsProblem(profile);
    if (empty) showProblem([empty.reason], empty.fields, undefined);
    return empty !== undefined;
  }

  async function testConnection(): Promise<void> {
    clearReasons();
    context.status.clear();
    const profile = readForm();
    if (!profile || emptyFields(profile)) return;
    const { results, cancelled } = await runCheck(profile, "Testing the connection");
    if (cancelled) {
      context.status.show("The connection test was cancelled.");
      return;
    }
    // What the test found is said once, in the box under the buttons.
    context.status.clear();
    result.showResults(results);
    const problems = problemsOf(results);
    if (problems.length > 0) {
      form.mark(fieldsToMark(problems), "connection-result");
      result.scrollIntoView();
    }
  }

  /** Saves the profile, making it the one in use when `activate`; returns false after showing why it could not. */
  async function store(profile: Profile, activate: boolean): Promise<boolean> {
    try {
      const saved = await context.runtime.store.save(profile, editing);
      if (activate) await context.runtime.store.activate(saved.name);
      fillForm(context.current().profiles.find((candidate) => candidate.name === saved.name));
      return true;
    } catch (error) {
      showProblem([plainMessage(error)], fieldsToFix(error, "reporting"), undefined);
      context.status.clear();
      return false;
    }
  }

  async function save(): Promise<void> {
    clearReasons();
    context.status.clear();
    const profile = readForm();
    if (!profile || emptyFields(profile)) return;
    const { results, cancelled } = await runCheck(profile, `Testing the connection before saving ${profile.name}`);
    const problems = problemsOf(results);
    if (cancelled || problems.length > 0) {
      // Said once, beside Save: the status bar would only repeat it.
      context.status.clear();
      const reasons = [
        notSavedHeading(profile.name, cancelled),
        ...(cancelled ? [] : reasonsOf(problems, results.length)),
      ];
      showProblem(
        reasons,
        cancelled ? [] : fieldsToMark(problems),
        () => void bothBusy(() => saveWithoutTest(profile)),
        profile,
      );
      return;
    }
    if (await store(profile, true))
      context.status.success(`Profile ${profile.name} saved and in use. Formulas use it from now on.`);
  }

  /** "Save anyway": the user knows the test failed; the profile in use stays in use (save-decision.ts). */
  async function saveWithoutTest(profile: Profile): Promise<void> {
    const plan = saveAnywayPlan({ name: profile.name, editing, activeName: context.current().active?.name });
    outcome.clear();
    form.unmark();
    if (!(await store(profile, plan.activate))) return;
    const active = context.current().active?.name;
    context.status.show(
      plan.activate
        ? `Profile ${profile.name} saved untested and still in use: formulas show errors until it connects.`
        : `Profile ${profile.name} saved without a working connection. ${active ? `Formulas keep using ${active}.` : "No profile is in use."}`,
    );
  }

  async function signOut(): Promise<void> {
    const name = context.current().active?.name;
    try {
      await context.runtime.store.signOut();
      form.clearSecrets();
      form.describeSecrets(storedProfile());
      context.status.success(
        `Signed out${name ? ` of ${name}` : ""}: its token, key and secret are forgotten. Formulas ask you to sign in again.`,
      );
    } catch (error) {
      context.status.error(error);
    }
  }

  form.form.addEventListener("submit", (event) => {
    event.preventDefault();
    void bothBusy(save);
  });
  // A change of the form makes the last reason and "Save anyway" stale: the next save tests again.
  form.form.addEventListener("input", () => {
    outcome.clear();
    result.clearError();
    form.unmark();
  });
  testButton.addEventListener("click", () => void bothBusy(testConnection));
  newButton.addEventListener("click", () => {
    fillForm(undefined);
    form.input("name").focus();
  });
  elements.signOut.addEventListener("click", () => void signOut());

  context.runtime.onProfiles(render);
  render();
  fillForm(context.current().active);
  return { leave: () => list.disarm() };
}
