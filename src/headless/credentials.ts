import { readFileSync, statSync } from "node:fs";
import { memoryStorage } from "../core/profiles/memory-storage";
import { parseProfile, type Profile, type ProfileKind } from "../core/profiles/profile";
import { PROFILES_KEY, ProfileStore } from "../core/profiles/profile-store";
import { UsageError } from "./usage-error";

/**
 * The credentials of a headless refresh: a JSON file kept beside the job, never the workbook's.
 *   {"default": "Finance", "profiles": {"Finance": {"baseUrl", "token", "legacyBaseUrl", "apiKey", "apiSecret"}}}
 * Each profile goes through the pane's own checks (parseProfile: https://, http:// only for this
 * computer). Like ssh with a private key, a file that other users can read is refused. No message
 * here ever holds a value read from the file.
 */

const FIELDS = new Set(["baseUrl", "token", "legacyBaseUrl", "apiKey", "apiSecret"]);

function kindOf(fields: Record<string, unknown>): ProfileKind {
  const bearer = fields.token !== undefined;
  const legacy = fields.apiKey !== undefined || fields.apiSecret !== undefined;
  return bearer && legacy ? "both" : legacy ? "legacy" : "bearer";
}

export function readCredentials(
  file: string,
  platform: string = process.platform,
): { profiles: Profile[]; defaultName: string | undefined } {
  let mode: number;
  try {
    mode = statSync(file).mode;
  } catch {
    throw new UsageError(`The credentials file ${file} could not be found. Check its path after --credentials.`);
  }
  if (platform !== "win32" && (mode & 0o077) !== 0) {
    throw new UsageError(
      `The credentials file ${file} can be read by other users of this computer. Make it private with: chmod 600 "${file}" — then run the refresh again.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    throw new UsageError(
      `The credentials file ${file} is not valid JSON. It should look like {"default": "Finance", "profiles": {"Finance": {"baseUrl": "https://…", "token": "…"}}}.`,
    );
  }
  const root = parsed as { default?: unknown; profiles?: unknown };
  if (
    typeof root !== "object" ||
    root === null ||
    typeof root.profiles !== "object" ||
    root.profiles === null ||
    Array.isArray(root.profiles)
  ) {
    throw new UsageError(
      `The credentials file ${file} has no "profiles" object. It should look like {"default": "Finance", "profiles": {"Finance": {…}}}.`,
    );
  }
  const profiles = Object.entries(root.profiles as Record<string, unknown>).map(([name, value]) => {
    if (typeof value !== "object" || value === null)
      throw new UsageError(`The profile "${name}" in ${file} is not an object of fields.`);
    const fields = value as Record<string, unknown>;
    const unknown = Object.keys(fields).filter((field) => !FIELDS.has(field));
    if (unknown.length > 0) {
      throw new UsageError(
        `The profile "${name}" in ${file} has fields this command does not know: ${unknown.join(", ")}. Use baseUrl, token, legacyBaseUrl, apiKey and apiSecret.`,
      );
    }
    const baseUrl = fields.baseUrl ?? fields.legacyBaseUrl;
    try {
      return parseProfile({
        name,
        kind: kindOf(fields),
        baseUrl,
        legacyBaseUrl: fields.legacyBaseUrl ?? baseUrl,
        token: fields.token,
        apiKey: fields.apiKey,
        apiSecret: fields.apiSecret,
      });
    } catch (error) {
      const said = error instanceof Error ? error.message : "";
      throw new UsageError(
        `The profile "${name}" in ${file} cannot be used: ${said} Correct it in the file, then run the refresh again.`,
      );
    }
  });
  if (profiles.length === 0) throw new UsageError(`The credentials file ${file} lists no profile.`);
  const defaultName =
    typeof root.default === "string" ? root.default : profiles.length === 1 ? profiles[0]!.name : undefined;
  if (
    defaultName !== undefined &&
    !profiles.some((profile) => profile.name.toLowerCase() === defaultName.toLowerCase())
  ) {
    throw new UsageError(
      `The credentials file ${file} names "${defaultName}" as its default, but has no profile by that name.`,
    );
  }
  return { profiles, defaultName };
}

/** A profile store holding the file's profiles, the default one active: what the runtime reads. */
export function credentialStore(credentials: ReturnType<typeof readCredentials>): ProfileStore {
  return new ProfileStore({
    storage: memoryStorage({
      [PROFILES_KEY]: JSON.stringify({ profiles: credentials.profiles, active: credentials.defaultName ?? null }),
    }),
  });
}
