import { z } from "zod";
import { LegacyClient, ReportingClient, type Transport, type TransportOptions } from "../client";
import type { Connect, ReportingConnection } from "./data-sources";
import { MissingCredentialsError } from "./missing-credentials";

/**
 * Credential profiles: which service to reach and with which secrets. Pure logic over an
 * injected asynchronous key-value storage (OfficeRuntime.storage inside Excel), so that the
 * task pane and the custom functions of the shared runtime see the same active profile.
 */

export const PROFILE_KINDS = ["bearer", "legacy", "both"] as const;
export const profileKind = z.enum(PROFILE_KINDS);
export type ProfileKind = z.infer<typeof profileKind>;

const serviceUrl = z
  .string()
  .trim()
  .refine(isServiceUrl, { message: "must be a web address starting with https:// or http://" });

const secret = z.string().trim().min(1).optional();

export const profileSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: "needs a name" })
    .max(60, { message: "must be at most 60 characters" })
    // Formulas name a profile inside their options text (`profile=Finance; limit=10`).
    .refine((name) => !/[;=\r\n]/.test(name), { message: "cannot contain ; or = or a line break" }),
  kind: profileKind,
  baseUrl: serviceUrl,
  legacyBaseUrl: serviceUrl,
  token: secret,
  apiKey: secret,
  apiSecret: secret,
});
export type Profile = z.infer<typeof profileSchema>;

export const SECRET_FIELDS = ["token", "apiKey", "apiSecret"] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];
export type ProfileSecrets = Pick<Profile, SecretField>;
/** What may be shown, logged or kept outside the secret store. */
export type PublicProfile = Omit<Profile, SecretField>;

/** The subset of `OfficeRuntime.storage` (and of a Web Storage wrapper) that profiles need. */
export interface KeyValueStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

export interface ProfileState {
  profiles: Profile[];
  active: Profile | undefined;
}
export type ProfileListener = (state: ProfileState) => void;

export class ProfileError extends Error {
  /** Plain words for the user; never carries a secret. */
  readonly userMessage: string;
  constructor(userMessage: string) {
    super(userMessage);
    this.name = "ProfileError";
    this.userMessage = userMessage;
  }
}

export const PROFILES_KEY = "reporting.profiles.v1";
export const SECRETS_KEY = "reporting.secrets.v1";

const storedState = z.object({
  profiles: z.array(z.unknown()),
  active: z.string().nullable(),
});
const storedSecrets = z.record(z.string(), z.object({ token: secret, apiKey: secret, apiSecret: secret }));

export interface ProfileStoreOptions {
  /** Where profiles live. */
  storage: KeyValueStorage;
  /**
   * Where the token, key and secret live, when they must not sit beside the rest (a plain
   * browser keeps them in memory only). Defaults to `storage`.
   */
  secretStorage?: KeyValueStorage;
}

function isServiceUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function withoutSecrets(profile: Profile): PublicProfile {
  const { token: _token, apiKey: _apiKey, apiSecret: _apiSecret, ...rest } = profile;
  return rest;
}

function secretsOf(profile: Profile): ProfileSecrets {
  const secrets: ProfileSecrets = {};
  for (const field of SECRET_FIELDS) if (profile[field] !== undefined) secrets[field] = profile[field];
  return secrets;
}

/** Describes a validation problem without echoing the value (which may be a secret). */
function describeIssues(error: z.ZodError): string {
  const labels: Record<string, string> = {
    name: "The profile name",
    kind: "The interface",
    baseUrl: "The service address",
    legacyBaseUrl: "The legacy service address",
    token: "The token",
    apiKey: "The API key",
    apiSecret: "The API secret",
  };
  return error.issues
    .map((issue) => {
      const field = String(issue.path[0] ?? "");
      const message = issue.code === "invalid_value" ? "is not one of the choices offered" : issue.message;
      return `${labels[field] ?? "A field"} ${message}.`;
    })
    .join(" ");
}

/** Parses a profile typed by a user; throws a `ProfileError` naming each bad field. */
export function parseProfile(input: unknown): Profile {
  const result = profileSchema.safeParse(input);
  if (!result.success) throw new ProfileError(describeIssues(result.error));
  return dropUnusedSecrets(result.data);
}

/** A bearer-only profile keeps no legacy key, and the reverse, so nothing lingers unseen. */
function dropUnusedSecrets(profile: Profile): Profile {
  const next = { ...profile };
  if (profile.kind === "legacy") delete next.token;
  if (profile.kind === "bearer") {
    delete next.apiKey;
    delete next.apiSecret;
  }
  return next;
}

export function usesBearer(profile: Pick<Profile, "kind">): boolean {
  return profile.kind === "bearer" || profile.kind === "both";
}

export function usesLegacy(profile: Pick<Profile, "kind">): boolean {
  return profile.kind === "legacy" || profile.kind === "both";
}

/** The secrets a profile still lacks for its interface, in words a user recognises. */
export function missingCredentials(profile: Profile): string[] {
  const missing: string[] = [];
  if (usesBearer(profile) && !profile.token) missing.push("token");
  if (usesLegacy(profile) && !profile.apiKey) missing.push("API key");
  if (usesLegacy(profile) && !profile.apiSecret) missing.push("API secret");
  return missing;
}

/**
 * Holds every profile and the active one. Writes are serialised so that two quick clicks
 * cannot interleave; listeners hear every change at once, which is how formulas switch
 * profile without a reload.
 */
export class ProfileStore {
  private readonly storage: KeyValueStorage;
  private readonly secretStorage: KeyValueStorage;
  private readonly listeners = new Set<ProfileListener>();
  private profiles: Profile[] = [];
  private activeName: string | null = null;
  private loading: Promise<void> | undefined;
  private writing: Promise<unknown> = Promise.resolve();

  constructor(options: ProfileStoreOptions) {
    this.storage = options.storage;
    this.secretStorage = options.secretStorage ?? options.storage;
  }

  /** Every profile, secrets included (they never leave the caller's memory). */
  async list(): Promise<Profile[]> {
    await this.load();
    return this.profiles.map((profile) => ({ ...profile }));
  }

  async find(name: string): Promise<Profile | undefined> {
    await this.load();
    const found = this.profiles.find((profile) => sameName(profile.name, name));
    return found ? { ...found } : undefined;
  }

  async active(): Promise<Profile | undefined> {
    await this.load();
    return this.activeName === null ? undefined : this.find(this.activeName);
  }

  async state(): Promise<ProfileState> {
    return { profiles: await this.list(), active: await this.active() };
  }

  /**
   * Adds a profile, or with `previousName` replaces the profile stored under that name (an
   * edit, possibly renaming it); the active mark follows an edited profile.
   */
  save(input: unknown, previousName?: string): Promise<Profile> {
    return this.write(async () => {
      const profile = parseProfile(input);
      const index = previousName === undefined ? -1 : this.profiles.findIndex((existing) => sameName(existing.name, previousName));
      if (previousName !== undefined && index === -1) throw new ProfileError(`There is no profile named "${previousName}".`);
      const clash = this.profiles.find((existing, at) => at !== index && sameName(existing.name, profile.name));
      if (clash) throw new ProfileError(`A profile named "${clash.name}" already exists. Choose another name.`);
      if (index === -1) this.profiles.push(profile);
      else this.profiles[index] = profile;
      if (previousName !== undefined && this.activeName !== null && sameName(this.activeName, previousName)) {
        this.activeName = profile.name;
      }
      return { ...profile };
    });
  }

  rename(from: string, to: string): Promise<Profile> {
    return this.write(async () => {
      const existing = this.profiles.find((profile) => sameName(profile.name, from));
      if (!existing) throw new ProfileError(`There is no profile named "${from}".`);
      const renamed = parseProfile({ ...existing, name: to });
      if (this.profiles.some((profile) => profile !== existing && sameName(profile.name, renamed.name))) {
        throw new ProfileError(`A profile named "${renamed.name}" already exists. Choose another name.`);
      }
      this.profiles[this.profiles.indexOf(existing)] = renamed;
      if (this.activeName !== null && sameName(this.activeName, from)) this.activeName = renamed.name;
      return { ...renamed };
    });
  }

  remove(name: string): Promise<void> {
    return this.write(async () => {
      this.profiles = this.profiles.filter((profile) => !sameName(profile.name, name));
      if (this.activeName !== null && sameName(this.activeName, name)) this.activeName = null;
    });
  }

  /** Makes a profile the one formulas and the pane use; `null` leaves none active. */
  activate(name: string | null): Promise<void> {
    return this.write(async () => {
      if (name === null) {
        this.activeName = null;
        return;
      }
      const found = this.profiles.find((profile) => sameName(profile.name, name));
      if (!found) throw new ProfileError(`There is no profile named "${name}".`);
      this.activeName = found.name;
    });
  }

  /** Forgets the active profile's token, key and secret and leaves no profile active. */
  signOut(): Promise<void> {
    return this.write(async () => {
      if (this.activeName === null) return;
      const index = this.profiles.findIndex((profile) => sameName(profile.name, this.activeName ?? ""));
      const current = this.profiles[index];
      if (current) this.profiles[index] = { ...withoutSecrets(current) } as Profile;
      this.activeName = null;
    });
  }

  /** Calls `listener` after every change; returns the function that stops it. */
  onChange(listener: ProfileListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private load(): Promise<void> {
    this.loading ??= this.read();
    return this.loading;
  }

  private async read(): Promise<void> {
    const state = parseStored(await this.storage.getItem(PROFILES_KEY), storedState);
    const split = this.secretStorage !== this.storage;
    const secrets = split ? parseStored(await this.secretStorage.getItem(SECRETS_KEY), storedSecrets) : undefined;
    const profiles: Profile[] = [];
    for (const item of state?.profiles ?? []) {
      const parsed = profileSchema.safeParse(item);
      if (!parsed.success) continue; // a damaged entry is dropped rather than blocking every other
      const extra = secrets?.[parsed.data.name] ?? {};
      profiles.push({ ...parsed.data, ...extra });
    }
    this.profiles = profiles;
    const active = state?.active ?? null;
    this.activeName = active !== null && profiles.some((profile) => profile.name === active) ? active : null;
  }

  private write<T>(change: () => Promise<T>): Promise<T> {
    const run = this.writing.then(async () => {
      await this.load();
      const result = await change();
      await this.persist();
      this.notify();
      return result;
    });
    // A failed change must not block the ones queued after it.
    this.writing = run.catch(() => undefined);
    return run;
  }

  private async persist(): Promise<void> {
    const split = this.secretStorage !== this.storage;
    const profiles = split ? this.profiles.map(withoutSecrets) : this.profiles;
    await this.storage.setItem(PROFILES_KEY, JSON.stringify({ profiles, active: this.activeName }));
    if (!split) return;
    const secrets: Record<string, ProfileSecrets> = {};
    for (const profile of this.profiles) {
      const own = secretsOf(profile);
      if (Object.keys(own).length > 0) secrets[profile.name] = own;
    }
    if (Object.keys(secrets).length === 0) await this.secretStorage.removeItem(SECRETS_KEY);
    else await this.secretStorage.setItem(SECRETS_KEY, JSON.stringify(secrets));
  }

  private notify(): void {
    const profiles = this.profiles.map((profile) => ({ ...profile }));
    const active = profiles.find((profile) => this.activeName !== null && profile.name === this.activeName);
    for (const listener of this.listeners) {
      try {
        listener({ profiles, active });
      } catch {
        // One failing listener must not keep the others (formulas, pane) on a stale profile.
      }
    }
  }
}

function parseStored<T>(text: string | null, schema: z.ZodType<T>): T | undefined {
  if (text === null) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Wraps a synchronous Web Storage-like map (tests, a plain browser's memory). */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { snapshot(): Record<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    async getItem(key) {
      return map.get(key) ?? null;
    },
    async setItem(key, value) {
      map.set(key, value);
    },
    async removeItem(key) {
      map.delete(key);
    },
    snapshot() {
      return Object.fromEntries(map);
    },
  };
}

export interface ProfileClients {
  /** Present when the profile uses the bearer interface and holds a token. */
  reporting?: ReportingClient;
  /** Present when the profile uses the legacy interface and holds a key and a secret. */
  legacy?: LegacyClient;
}

/** The clients a profile can build with the credentials it holds. */
export function clientsFor(profile: Profile, transport?: TransportOptions | Transport): ProfileClients {
  const clients: ProfileClients = {};
  const extra = transport === undefined ? {} : { transport };
  if (usesBearer(profile) && profile.token) {
    clients.reporting = new ReportingClient({ baseUrl: profile.baseUrl, token: profile.token, ...extra });
  }
  if (usesLegacy(profile) && profile.apiKey && profile.apiSecret) {
    clients.legacy = new LegacyClient({
      baseUrl: profile.legacyBaseUrl,
      apiKey: profile.apiKey,
      apiSecret: profile.apiSecret,
      ...extra,
    });
  }
  return clients;
}

/**
 * The `connect` of the REPORTING functions: the active profile, or the one a formula names
 * with profile=, as clients. It answers from memory once the profiles are loaded (so VALUE
 * calls reach the batcher together) and follows every change of the store at once. Cache
 * keys carry the profile's name and a revision bumped on every change, never a secret.
 */
export function createProfileConnect(store: ProfileStore, transport?: TransportOptions | Transport): Connect {
  let state: ProfileState | undefined;
  let revision = 0;
  const connections = new Map<string, ReportingConnection>();
  const loaded = store.state().then((initial) => {
    state ??= initial;
  });
  store.onChange((next) => {
    state = next;
    revision += 1;
    connections.clear();
  });

  const resolve = (current: ProfileState, name: string | undefined): ReportingConnection => {
    const profile =
      name === undefined ? current.active : current.profiles.find((candidate) => sameName(candidate.name, name));
    if (!profile) throw new MissingCredentialsError(name === undefined ? {} : { profile: name, unknownProfile: true });
    const id = profile.name.toLowerCase();
    const known = connections.get(id);
    if (known) return known;
    const clients = clientsFor(profile, transport);
    const connection: ReportingConnection = { key: `${profile.name}#${revision}`, profileName: profile.name };
    if (clients.reporting) connection.bearer = clients.reporting;
    if (clients.legacy) connection.legacy = clients.legacy;
    connections.set(id, connection);
    return connection;
  };

  return (name) => {
    const trimmed = name?.trim() || undefined;
    if (state) return resolve(state, trimmed);
    return loaded.then(() => resolve(state as ProfileState, trimmed));
  };
}
