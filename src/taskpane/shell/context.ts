import type { Profile } from "../../core/profiles/profile";
import type { ProfileState } from "../../core/profiles/profile-store";
import type { ReportingRuntime } from "../../core/runtime/reporting-runtime";
import type { HostKind } from "../../office/page-environment";
import type { StatusBar } from "./status";

/** What every tab of the pane shares. */
export interface PaneContext {
  host: HostKind;
  /** The page's one runtime: profiles, clients, cached answers, refresh. */
  runtime: ReportingRuntime;
  status: StatusBar;
  /** True when secrets survive closing the pane (inside Excel). */
  secretsPersist: boolean;
  /** Default service addresses of this build (the emulator's in development). */
  defaults: { baseUrl: string; legacyBaseUrl: string };
  /** The user's calendar day, `YYYY-MM-DD`, in the computer's own time zone. */
  today(): string;
  /** The latest profiles and active profile, kept current by the store's change events. */
  current(): ProfileState;
}

export function describeKind(profile: Pick<Profile, "kind">): string {
  switch (profile.kind) {
    case "bearer":
      return "Reporting";
    case "legacy":
      return "Legacy";
    case "both":
      return "Reporting and Legacy";
  }
}
