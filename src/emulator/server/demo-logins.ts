import type { DemoCredentials } from "../store/types";

/** What the demo logins need to be told apart: the names behind the ids they carry. */
export interface DemoLoginNames {
  /** Organization id to name. */
  organizations: ReadonlyMap<string, string>;
  /** Legacy application key to the name of its publisher. */
  publishers: ReadonlyMap<number, string>;
}

function listed(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

function distinct(names: readonly string[]): string[] {
  return [...new Set(names)];
}

/** What a bearer token sees, in words: "Northwind only", "all 3 organizations: A, B and C". */
export function bearerScope(
  organizationIds: readonly string[],
  names: DemoLoginNames,
  organizationCount: number,
): string {
  const shown = organizationIds.map((id) => names.organizations.get(id) ?? id);
  if (shown.length === 1) return `sees ${shown[0]} only`;
  const all = shown.length === organizationCount ? "all " : "";
  return `sees ${all}${shown.length} organizations: ${listed(shown)}`;
}

/** What a legacy key sees, in words: its number of applications and their publishers. */
export function legacyScope(appKeys: readonly number[], names: DemoLoginNames): string {
  const publishers = distinct(appKeys.map((key) => names.publishers.get(key) ?? `application ${key}`));
  const count = appKeys.length === 1 ? "1 application" : `${appKeys.length} applications`;
  return `sees ${count}, of ${listed(publishers)}`;
}

/**
 * The demo logins as `npm start` and `npm run emulator` print them: each credential under what it
 * sees, so that a user picks the one for the organizations they mean to try. Local demo data only.
 */
export function demoLoginLines(credentials: DemoCredentials, names: DemoLoginNames): string[] {
  const lines = ["Demo logins (paste one in the task pane's Connect tab):", "  Reporting access tokens:"];
  for (const credential of credentials.bearer) {
    lines.push(
      `    ${bearerScope(credential.organizations, names, names.organizations.size)}:`,
      `      ${credential.token}`,
    );
  }
  lines.push("  Legacy API keys and secrets:");
  for (const credential of credentials.legacy) {
    lines.push(
      `    ${legacyScope(credential.applications, names)}:`,
      `      API key ${credential.apiKey}`,
      `      API secret ${credential.apiSecret}`,
    );
  }
  return lines;
}
