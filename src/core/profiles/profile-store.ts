import { z } from "zod";
import {
  parseProfile,
  profileSchema,
  ProfileError,
  sameProfileName,
  secretsOf,
  withoutSecrets,
  type Profile,
  type ProfileSecrets,
} from "./profile";

/**
 * Where profiles persist, over an injected asynchronous key-value storage (OfficeRuntime.storage
 * inside Excel), so that the task pane and the custom functions of the shared runtime see the
 * same active profile.
 */

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

export const PROFILES_KEY = "reporting.profiles.v1";
export const SECRETS_KEY = "reporting.secrets.v1";

const storedState = z.object({
  profiles: z.array(z.unknown()),
  active: z.string().nullable(),
});
const storedSecret = z.string().trim().min(1).optional();
// Entries into a Map: z.record drops a key named __proto__, and a profile may bear that name.
const storedSecrets = z
  .preprocess(
    (value) => (typeof value === "object" && value !== null && !Array.isArray(value) ? Object.entries(value) : value),
    z.array(z.tuple([z.string(), z.object({ token: storedSecret, apiKey: storedSecret, apiSecret: storedSecret })])),
  )
  .transform((entries) => new Map(entries));

export interface ProfileStoreOptions {
  /** Where profiles live. */
  storage: KeyValueStorage;
  /**
   * Where the token, key and secret live, when they must not sit beside the rest (a plain
   * browser keeps them in memory only). Defaults to `storage`.
   */
  secretStorage?: KeyValueStorage;
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
    const found = this.profiles.find((profile) => sameProfileName(profile.name, name));
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
      const index =
        previousName === undefined
          ? -1
          : this.profiles.findIndex((existing) => sameProfileName(existing.name, previousName));
      if (previousName !== undefined && index === -1)
        throw new ProfileError(`There is no profile named "${previousName}".`);
      const clash = this.profiles.find((existing, at) => at !== index && sameProfileName(existing.name, profile.name));
      if (clash)
        throw new ProfileError(`A profile named "${clash.name}" already exists. Choose another name.`, ["name"]);
      if (index === -1) this.profiles.push(profile);
      else this.profiles[index] = profile;
      if (previousName !== undefined && this.activeName !== null && sameProfileName(this.activeName, previousName)) {
        this.activeName = profile.name;
      }
      return { ...profile };
    });
  }

  rename(from: string, to: string): Promise<Profile> {
    return this.write(async () => {
      const existing = this.profiles.find((profile) => sameProfileName(profile.name, from));
      if (!existing) throw new ProfileError(`There is no profile named "${from}".`);
      const renamed = parseProfile({ ...existing, name: to });
      if (this.profiles.some((profile) => profile !== existing && sameProfileName(profile.name, renamed.name))) {
        throw new ProfileError(`A profile named "${renamed.name}" already exists. Choose another name.`);
      }
      this.profiles[this.profiles.indexOf(existing)] = renamed;
      if (this.activeName !== null && sameProfileName(this.activeName, from)) this.activeName = renamed.name;
      return { ...renamed };
    });
  }

  remove(name: string): Promise<void> {
    return this.write(async () => {
      this.profiles = this.profiles.filter((profile) => !sameProfileName(profile.name, name));
      if (this.activeName !== null && sameProfileName(this.activeName, name)) this.activeName = null;
    });
  }

  /** Makes a profile the one formulas and the pane use; `null` leaves none active. */
  activate(name: string | null): Promise<void> {
    return this.write(async () => {
      if (name === null) {
        this.activeName = null;
        return;
      }
      const found = this.profiles.find((profile) => sameProfileName(profile.name, name));
      if (!found) throw new ProfileError(`There is no profile named "${name}".`);
      this.activeName = found.name;
    });
  }

  /** Forgets the active profile's token, key and secret and leaves no profile active. */
  signOut(): Promise<void> {
    return this.write(async () => {
      if (this.activeName === null) return;
      const index = this.profiles.findIndex((profile) => sameProfileName(profile.name, this.activeName ?? ""));
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
      const extra = secrets?.get(parsed.data.name) ?? {};
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
    const secrets = new Map<string, ProfileSecrets>();
    for (const profile of this.profiles) {
      const own = secretsOf(profile);
      if (Object.keys(own).length > 0) secrets.set(profile.name, own);
    }
    if (secrets.size === 0) await this.secretStorage.removeItem(SECRETS_KEY);
    // Object.fromEntries defines each name as an own key, __proto__ included.
    else await this.secretStorage.setItem(SECRETS_KEY, JSON.stringify(Object.fromEntries(secrets)));
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
