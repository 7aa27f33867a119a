import {
  SECRET_FIELDS,
  missingCredentials,
  parseProfile,
  usesBearer,
  usesLegacy,
  type Profile,
  type ProfileKind,
} from "../core/profiles/profile";
import type { ProfileState } from "../core/profiles/profile-store";
import type { PaneContext } from "./context";
import { describeKind } from "./context";
import { byId, clear, el, whileBusy } from "./dom";
import { plainMessage } from "./status";

const SECRET_INPUTS: Record<(typeof SECRET_FIELDS)[number], string> = {
  token: "profile-token",
  apiKey: "profile-api-key",
  apiSecret: "profile-api-secret",
};

const SECRET_LABELS: Record<(typeof SECRET_FIELDS)[number], string> = {
  token: "token",
  apiKey: "API key",
  apiSecret: "API secret",
};

/** The Connect tab: profiles, their form, testing a connection, using one, signing out. */
export function setUpConnectTab(context: PaneContext): void {
  const form = byId<HTMLFormElement>("profile-form");
  const title = byId("profile-form-title");
  const nameInput = byId<HTMLInputElement>("profile-name");
  const baseUrlInput = byId<HTMLInputElement>("profile-base-url");
  const legacyUrlInput = byId<HTMLInputElement>("profile-legacy-url");
  const saveButton = byId<HTMLButtonElement>("profile-save");
  const testButton = byId<HTMLButtonElement>("profile-test");
  const newButton = byId<HTMLButtonElement>("profile-new");
  const signOutButton = byId<HTMLButtonElement>("sign-out");
  const result = byId("connection-result");
  const list = byId<HTMLUListElement>("profile-list");
  const empty = byId("profiles-empty");
  /** The name of the profile being edited; undefined while creating a new one. */
  let editing: string | undefined;

  const forgetfulness =
    "profiles last until this tab closes, and tokens, keys and secrets only while this page is open: you will type them again after a reload.";
  byId("secrets-note").textContent = context.secretsPersist
    ? "Profiles are kept by Excel for this add-in, never in your workbook."
    : context.host === "excel"
      ? `This version of Excel offers add-ins no private storage, so ${forgetfulness}`
      : `Outside Excel, ${forgetfulness}`;

  function secretInput(field: (typeof SECRET_FIELDS)[number]): HTMLInputElement {
    return byId<HTMLInputElement>(SECRET_INPUTS[field]);
  }

  function selectedKind(): ProfileKind {
    const checked = form.querySelector<HTMLInputElement>('input[name="kind"]:checked');
    return (checked?.value as ProfileKind | undefined) ?? "bearer";
  }

  function showFieldsOfKind(): void {
    const kind = selectedKind();
    for (const field of form.querySelectorAll<HTMLElement>("[data-for]")) {
      field.hidden = field.dataset.for === "bearer" ? !usesBearer({ kind }) : !usesLegacy({ kind });
    }
  }

  function storedProfile(): Profile | undefined {
    return editing === undefined ? undefined : context.current().profiles.find((profile) => profile.name === editing);
  }

  function describeSecretHints(): void {
    const stored = storedProfile();
    for (const field of SECRET_FIELDS) {
      const hint = byId(`${SECRET_INPUTS[field]}-hint`);
      hint.textContent = stored?.[field]
        ? `Saved. Leave empty to keep the saved ${SECRET_LABELS[field]}, or type a new one.`
        : `Paste the ${SECRET_LABELS[field]} you were given. It is never written to the workbook.`;
    }
  }

  /** The form as a profile; empty secret fields keep what the edited profile already holds. */
  function profileFromForm(): Profile {
    const stored = storedProfile();
    const candidate: Record<string, unknown> = {
      name: nameInput.value,
      kind: selectedKind(),
      baseUrl: baseUrlInput.value.trim() || context.defaults.baseUrl || legacyUrlInput.value.trim(),
      legacyBaseUrl: legacyUrlInput.value.trim() || context.defaults.legacyBaseUrl || baseUrlInput.value.trim(),
    };
    for (const field of SECRET_FIELDS) {
      const typed = secretInput(field).value.trim();
      const value = typed || stored?.[field];
      if (value) candidate[field] = value;
    }
    return parseProfile(candidate);
  }

  function fillForm(profile: Profile | undefined): void {
    editing = profile?.name;
    title.textContent = profile ? `Edit profile "${profile.name}"` : "New profile";
    nameInput.value = profile?.name ?? "";
    const kind = profile?.kind ?? "bearer";
    for (const radio of form.querySelectorAll<HTMLInputElement>('input[name="kind"]')) radio.checked = radio.value === kind;
    baseUrlInput.value = profile?.baseUrl ?? context.defaults.baseUrl;
    legacyUrlInput.value = profile?.legacyBaseUrl ?? context.defaults.legacyBaseUrl;
    clearSecretInputs();
    showFieldsOfKind();
    describeSecretHints();
    setResult("", "info");
  }

  function clearSecretInputs(): void {
    for (const field of SECRET_FIELDS) {
      const input = secretInput(field);
      input.value = "";
      input.type = "password";
    }
    for (const reveal of form.querySelectorAll<HTMLButtonElement>("button.reveal")) {
      reveal.setAttribute("aria-pressed", "false");
      reveal.textContent = "Show";
    }
  }

  function setResult(content: string | Node, kind: "info" | "success" | "error"): void {
    clear(result);
    result.className = `result ${kind}`;
    result.append(content);
  }

  function renderProfiles(state: ProfileState): void {
    clear(list);
    empty.hidden = state.profiles.length > 0;
    signOutButton.disabled = !state.active;
    for (const profile of state.profiles) {
      const active = state.active?.name === profile.name;
      const missing = missingCredentials(profile);
      const item = el("li", { className: active ? "active" : "", attrs: { "data-profile": profile.name } }, [
        el("span", { className: "profile-name", text: profile.name }),
        active && el("span", { className: "badge", text: "In use" }),
        el("button", {
          className: "secondary",
          text: "Use",
          attrs: { type: "button", "aria-label": `Use profile ${profile.name}`, ...(active ? { disabled: "" } : {}) },
          on: { click: () => void useProfile(profile.name) },
        }),
        el("button", {
          className: "subtle",
          text: "Edit",
          attrs: { type: "button", "aria-label": `Edit profile ${profile.name}` },
          on: { click: () => editProfile(profile.name) },
        }),
        deleteButton(profile.name),
        el("span", {
          className: "profile-meta",
          text:
            `${describeKind(profile)} · ${usesBearer(profile) ? profile.baseUrl : profile.legacyBaseUrl}` +
            (missing.length > 0 ? ` · needs its ${missing.join(", ")}` : ""),
        }),
      ]);
      list.append(item);
    }
    const summary = byId("active-profile-summary");
    summary.textContent = state.active ? `Signed in: ${state.active.name}` : "Not signed in";
  }

  /** Asks for a second press instead of a dialog: Office blocks window.confirm in add-ins. */
  function deleteButton(name: string): HTMLButtonElement {
    const button = el("button", {
      className: "subtle",
      text: "Delete",
      attrs: { type: "button", "aria-label": `Delete profile ${name}` },
    });
    let armed = false;
    button.addEventListener("click", () => {
      if (!armed) {
        armed = true;
        button.textContent = "Press again to delete";
        button.setAttribute("aria-label", `Press again to delete profile ${name}`);
        context.status.show(`Press "Delete" again to delete the profile ${name}.`);
        return;
      }
      void (async () => {
        try {
          await context.runtime.store.remove(name);
          if (editing === name) fillForm(undefined);
          context.status.success(`Profile ${name} deleted.`);
        } catch (error) {
          context.status.error(error);
        }
      })();
    });
    button.addEventListener("blur", () => {
      armed = false;
      button.textContent = "Delete";
      button.setAttribute("aria-label", `Delete profile ${name}`);
    });
    return button;
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
    nameInput.focus();
  }

  async function testConnection(): Promise<void> {
    let profile: Profile;
    try {
      profile = profileFromForm();
    } catch (error) {
      setResult(plainMessage(error), "error");
      return;
    }
    const missing = missingCredentials(profile);
    if (missing.length > 0) {
      setResult(`Type the ${missing.join(" and ")} first.`, "error");
      return;
    }
    context.status.busy("Testing the connection…");
    const clients = context.runtime.trialClients(profile);
    const parts: Node[] = [];
    let failed = false;
    if (clients.reporting) {
      try {
        const details = await clients.reporting.details();
        const names = details.organizations.map((organization) => organization.label);
        parts.push(describeReached("Reporting: connected. Organizations reached", names));
      } catch (error) {
        failed = true;
        parts.push(el("p", { text: `Reporting: ${plainMessage(error)}` }));
      }
    }
    if (clients.legacy) {
      try {
        const answer = await clients.legacy.applications();
        const names = answer.applications.map((application) => `${application.name} (${application.platform})`);
        parts.push(describeReached("Legacy: connected. Applications reached", names));
      } catch (error) {
        failed = true;
        parts.push(el("p", { text: `Legacy: ${plainMessage(error)}` }));
      }
    }
    const box = el("div", {}, parts);
    setResult(box, failed ? "error" : "success");
    if (failed) context.status.show("The connection test failed: see the details above the status bar.", "error");
    else context.status.success("The connection works.");
  }

  function describeReached(heading: string, names: string[]): HTMLElement {
    return el("div", {}, [
      el("p", { text: names.length === 0 ? `${heading}: none.` : `${heading} (${names.length}):` }),
      names.length > 0 && el("ul", {}, names.map((name) => el("li", { text: name }))),
    ]);
  }

  async function save(): Promise<void> {
    try {
      const profile = profileFromForm();
      await context.runtime.store.save(profile, editing);
      await context.runtime.store.activate(profile.name);
      fillForm(context.current().profiles.find((candidate) => candidate.name === profile.name));
      const missing = missingCredentials(profile);
      if (missing.length > 0) context.status.show(`Profile ${profile.name} saved and in use, but it needs its ${missing.join(", ")}.`);
      else context.status.success(`Profile ${profile.name} saved and in use. Formulas use it from now on.`);
    } catch (error) {
      setResult(plainMessage(error), "error");
      context.status.error(error);
    }
  }

  async function signOut(): Promise<void> {
    const name = context.current().active?.name;
    try {
      await context.runtime.store.signOut();
      clearSecretInputs();
      describeSecretHints();
      context.status.success(
        `Signed out${name ? ` of ${name}` : ""}: its token, key and secret are forgotten. Formulas ask you to sign in again.`,
      );
    } catch (error) {
      context.status.error(error);
    }
  }

  for (const reveal of form.querySelectorAll<HTMLButtonElement>("button.reveal")) {
    reveal.addEventListener("click", () => {
      const input = byId<HTMLInputElement>(reveal.getAttribute("aria-controls") ?? "");
      const show = input.type === "password";
      input.type = show ? "text" : "password";
      reveal.setAttribute("aria-pressed", String(show));
      reveal.textContent = show ? "Hide" : "Show";
    });
  }
  for (const radio of form.querySelectorAll<HTMLInputElement>('input[name="kind"]')) {
    radio.addEventListener("change", showFieldsOfKind);
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void whileBusy(saveButton, save);
  });
  testButton.addEventListener("click", () => void whileBusy(testButton, testConnection));
  newButton.addEventListener("click", () => {
    fillForm(undefined);
    nameInput.focus();
  });
  signOutButton.addEventListener("click", () => void signOut());

  context.runtime.onProfiles(renderProfiles);
  renderProfiles(context.current());
  const active = context.current().active;
  fillForm(active);
}
