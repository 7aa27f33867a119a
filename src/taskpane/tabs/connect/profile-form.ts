import {
  SECRET_FIELDS,
  SECRET_WORDS,
  parseProfile,
  usesBearer,
  usesLegacy,
  type Profile,
  type ProfileKind,
  type SecretField,
} from "../../../core/profiles/profile";
import { addDescription, byId, removeDescription } from "../../widgets/dom";
import type { ProfileField } from "./profile-fields";
import { CONNECT_ELEMENTS, connectElements } from "./elements";

/** Each field's box and each secret's hint, by their names in elements.ts. */
const INPUTS = {
  name: "profileName",
  baseUrl: "profileBaseUrl",
  legacyBaseUrl: "profileLegacyUrl",
  token: "profileToken",
  apiKey: "profileApiKey",
  apiSecret: "profileApiSecret",
} as const satisfies Record<Exclude<ProfileField, "kind">, keyof typeof CONNECT_ELEMENTS>;
const SECRET_HINTS = {
  token: "profileTokenHint",
  apiKey: "profileApiKeyHint",
  apiSecret: "profileApiSecretHint",
} as const satisfies Record<SecretField, keyof typeof CONNECT_ELEMENTS>;

export interface ProfileFormDefaults {
  baseUrl: string;
  legacyBaseUrl: string;
}

/**
 * The profile form's fields: filling them from a profile, reading them back as one, showing the
 * fields of the chosen interface, and marking the fields a problem points to (aria-invalid,
 * described by the reason, the first one focused).
 */
export class ProfileForm {
  private readonly title = connectElements().profileFormTitle;
  private marked: HTMLElement[] = [];

  constructor(
    readonly form: HTMLFormElement,
    private readonly defaults: ProfileFormDefaults,
  ) {
    for (const reveal of form.querySelectorAll<HTMLButtonElement>("button.reveal")) {
      reveal.addEventListener("click", () => this.toggleReveal(reveal));
    }
    for (const radio of this.kindRadios()) radio.addEventListener("change", () => this.showFieldsOfKind());
  }

  input(field: Exclude<ProfileField, "kind">): HTMLInputElement {
    return connectElements()[INPUTS[field]];
  }

  /** The focusable control of a field: the checked interface choice stands for `kind`. */
  control(field: ProfileField): HTMLInputElement {
    if (field === "kind") return this.kindRadios().find((radio) => radio.checked) ?? this.kindRadios()[0]!;
    return this.input(field);
  }

  kind(): ProfileKind {
    return (this.kindRadios().find((radio) => radio.checked)?.value as ProfileKind | undefined) ?? "bearer";
  }

  /** The form as a profile; empty secret fields keep what `stored` (the edited profile) holds. Throws a ProfileError. */
  read(stored: Profile | undefined): Profile {
    const baseUrl = this.input("baseUrl").value.trim();
    const legacyBaseUrl = this.input("legacyBaseUrl").value.trim();
    const candidate: Record<string, unknown> = {
      name: this.input("name").value,
      kind: this.kind(),
      baseUrl: baseUrl || this.defaults.baseUrl || legacyBaseUrl,
      legacyBaseUrl: legacyBaseUrl || this.defaults.legacyBaseUrl || baseUrl,
    };
    for (const field of SECRET_FIELDS) {
      const value = this.input(field).value.trim() || stored?.[field];
      if (value) candidate[field] = value;
    }
    return parseProfile(candidate);
  }

  fill(profile: Profile | undefined): void {
    this.title.textContent = profile ? `Edit profile "${profile.name}"` : "New profile";
    this.input("name").value = profile?.name ?? "";
    const kind = profile?.kind ?? "bearer";
    for (const radio of this.kindRadios()) radio.checked = radio.value === kind;
    this.input("baseUrl").value = profile?.baseUrl ?? this.defaults.baseUrl;
    this.input("legacyBaseUrl").value = profile?.legacyBaseUrl ?? this.defaults.legacyBaseUrl;
    this.clearSecrets();
    this.showFieldsOfKind();
    this.describeSecrets(profile);
    this.unmark();
  }

  clearSecrets(): void {
    for (const field of SECRET_FIELDS) {
      const input = this.input(field);
      input.value = "";
      input.type = "password";
    }
    for (const reveal of this.form.querySelectorAll<HTMLButtonElement>("button.reveal")) {
      reveal.setAttribute("aria-pressed", "false");
      reveal.textContent = "Show";
    }
  }

  /** Says under each secret whether one is saved, so an empty field does not look like a lost one. */
  describeSecrets(stored: Profile | undefined): void {
    for (const field of SECRET_FIELDS) {
      connectElements()[SECRET_HINTS[field]].textContent = stored?.[field]
        ? `Saved. Leave empty to keep the saved ${SECRET_WORDS[field]}, or type a new one.`
        : `Paste the ${SECRET_WORDS[field]} you were given. It is never written to the workbook.`;
    }
  }

  /** Marks `fields` as the ones to fix, described by the element `reasonId`, and focuses the first. */
  mark(fields: readonly ProfileField[], reasonId: string): void {
    this.unmark();
    for (const field of fields) {
      const control = this.control(field);
      const container = control.closest<HTMLElement>(".field");
      if (!container || container.hidden) continue;
      container.classList.add("invalid");
      control.setAttribute("aria-invalid", "true");
      addDescription(control, reasonId, "last");
      control.dataset.markedBy = reasonId;
      this.marked.push(control);
    }
    const [first] = this.marked;
    if (first) {
      first.focus();
      first.scrollIntoView({ block: "nearest" });
    }
  }

  unmark(): void {
    for (const control of this.marked) {
      control.closest(".field")?.classList.remove("invalid");
      control.removeAttribute("aria-invalid");
      removeDescription(control, control.dataset.markedBy);
      delete control.dataset.markedBy;
    }
    this.marked = [];
  }

  private kindRadios(): HTMLInputElement[] {
    return Array.from(this.form.querySelectorAll<HTMLInputElement>('input[name="kind"]'));
  }

  private showFieldsOfKind(): void {
    const kind = this.kind();
    for (const field of this.form.querySelectorAll<HTMLElement>("[data-for]")) {
      field.hidden = field.dataset.for === "bearer" ? !usesBearer({ kind }) : !usesLegacy({ kind });
    }
  }

  private toggleReveal(reveal: HTMLButtonElement): void {
    const input = byId<HTMLInputElement>(reveal.getAttribute("aria-controls") ?? "");
    const show = input.type === "password";
    input.type = show ? "text" : "password";
    reveal.setAttribute("aria-pressed", String(show));
    reveal.textContent = show ? "Hide" : "Show";
  }
}
