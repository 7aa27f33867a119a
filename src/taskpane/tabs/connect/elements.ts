import { elementTable, spec } from "../../widgets/element-table";

/** Every element of taskpane.html the Connect tab's code looks up by id, and the tag each must have. */
export const CONNECT_ELEMENTS = {
  activeProfileSummary: spec("active-profile-summary", "p"),
  connectionCancel: spec("connection-cancel", "button"),
  connectionElapsed: spec("connection-elapsed", "span"),
  connectionLabel: spec("connection-label", "span"),
  connectionProgress: spec("connection-progress", "div"),
  connectionResult: spec("connection-result", "div"),
  profileApiKey: spec("profile-api-key", "input"),
  profileApiKeyHint: spec("profile-api-key-hint", "p"),
  profileApiSecret: spec("profile-api-secret", "input"),
  profileApiSecretHint: spec("profile-api-secret-hint", "p"),
  profileBaseUrl: spec("profile-base-url", "input"),
  profileForm: spec("profile-form", "form"),
  profileFormTitle: spec("profile-form-title", "h2"),
  profileLegacyUrl: spec("profile-legacy-url", "input"),
  profileList: spec("profile-list", "ul"),
  profileName: spec("profile-name", "input"),
  profileNew: spec("profile-new", "button"),
  profileSave: spec("profile-save", "button"),
  profileSaveOutcome: spec("profile-save-outcome", "div"),
  profileTest: spec("profile-test", "button"),
  profileToken: spec("profile-token", "input"),
  profileTokenHint: spec("profile-token-hint", "p"),
  profilesEmpty: spec("profiles-empty", "p"),
  secretsNote: spec("secrets-note", "p"),
  signOut: spec("sign-out", "button"),
} as const;

/** The Connect tab's elements, looked up in the page once, typed by their tags. */
export const connectElements = elementTable(CONNECT_ELEMENTS);
