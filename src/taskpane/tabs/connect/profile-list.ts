import { missingCredentials, usesBearer, type Profile } from "../../../core/profiles/profile";
import type { ProfileState } from "../../../core/profiles/profile-store";
import { describeKind } from "../../shell/context";
import { clear, el } from "../../widgets/dom";

export interface ProfileListActions {
  use(name: string): void;
  edit(name: string): void;
  /** Called on the second press of Delete. */
  remove(name: string): void;
  /** Called on the first press: says a second press deletes. */
  armDelete(name: string): void;
  /** Called when an armed Delete goes back to a first press: what armDelete said is no longer true. */
  disarmDelete(): void;
}

/**
 * The saved profiles, each with Use (absent on the one in use: it could never be pressed),
 * Edit and Delete, and the Sign out button, shown only while a profile is in use.
 */
export class ProfileList {
  /** Puts the armed Delete button, if any, back to a first press. */
  private disarmArmed: (() => void) | undefined;

  constructor(
    private readonly list: HTMLUListElement,
    private readonly empty: HTMLElement,
    private readonly signOut: HTMLButtonElement,
    private readonly actions: ProfileListActions,
  ) {}

  render(state: ProfileState): void {
    this.disarm();
    clear(this.list);
    this.empty.hidden = state.profiles.length > 0;
    this.signOut.hidden = !state.active;
    for (const profile of state.profiles) this.list.append(this.item(profile, state.active?.name === profile.name));
  }

  private item(profile: Profile, active: boolean): HTMLLIElement {
    const missing = missingCredentials(profile);
    return el("li", { className: active ? "active" : "", attrs: { "data-profile": profile.name } }, [
      el("span", { className: "profile-name", text: profile.name }),
      active && el("span", { className: "badge", text: "In use" }),
      !active &&
        el("button", {
          className: "secondary",
          text: "Use",
          attrs: { type: "button", "aria-label": `Use profile ${profile.name}` },
          on: { click: () => this.actions.use(profile.name) },
        }),
      el("button", {
        className: "subtle",
        text: "Edit",
        attrs: { type: "button", "aria-label": `Edit profile ${profile.name}` },
        on: { click: () => this.actions.edit(profile.name) },
      }),
      this.deleteButton(profile.name),
      el("span", {
        className: "profile-meta",
        text:
          `${describeKind(profile)} · ${usesBearer(profile) ? profile.baseUrl : profile.legacyBaseUrl}` +
          (missing.length > 0 ? ` · needs its ${missing.join(", ")}` : ""),
      }),
    ]);
  }

  /**
   * Disarms an armed Delete: on leaving the tab, where no blur comes when a click does not
   * move focus (Safari's web view, which Excel for Mac uses, does not focus a clicked button).
   */
  disarm(): void {
    this.disarmArmed?.();
  }

  /** Asks for a second press instead of a dialog: Office blocks window.confirm in add-ins. */
  private deleteButton(name: string): HTMLButtonElement {
    const button = el("button", {
      className: "subtle",
      text: "Delete",
      attrs: { type: "button", "aria-label": `Delete profile ${name}` },
    });
    const disarm = () => {
      if (this.disarmArmed !== disarm) return;
      this.disarmArmed = undefined;
      button.textContent = "Delete";
      button.setAttribute("aria-label", `Delete profile ${name}`);
      this.actions.disarmDelete();
    };
    button.addEventListener("click", () => {
      if (this.disarmArmed === disarm) {
        this.actions.remove(name);
        return;
      }
      this.disarm();
      this.disarmArmed = disarm;
      button.textContent = "Press again to delete";
      button.setAttribute("aria-label", `Press again to delete profile ${name}`);
      this.actions.armDelete(name);
    });
    button.addEventListener("blur", disarm);
    return button;
  }
}
