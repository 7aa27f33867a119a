import type { Transport, TransportOptions } from "../../client";
import type { Connect, ReportingConnection } from "../data-sources";
import { MissingCredentialsError } from "../missing-credentials";
import { sameProfileName, type Profile } from "../profiles/profile";
import type { ProfileState, ProfileStore } from "../profiles/profile-store";
import { buildClients, type ProfileClients } from "./profile-clients";

export interface ProfileConnection extends ReportingConnection {
  /** The typed clients behind `bearer` and `legacy`, for what only they offer (exports). */
  clients: ProfileClients;
}

const NO_PROFILES: ProfileState = { profiles: [], active: undefined };

/**
 * The clients of each profile, built once per profile and revision: the `connect` of the
 * REPORTING functions and the task pane both come here, so they reach the service through the
 * same clients and the same cache keys. It answers from memory once the profiles are loaded
 * (so VALUE calls reach the batcher together) and follows every change of the store at once.
 * Cache keys carry the profile's name and a revision bumped on every change, never a secret.
 */
export class ProfileConnections {
  /** Settles once the stored profiles are read. */
  readonly loaded: Promise<void>;
  private state: ProfileState | undefined;
  private revision = 0;
  private readonly byProfile = new Map<string, ProfileConnection>();

  constructor(
    store: ProfileStore,
    private readonly transport?: TransportOptions | Transport,
  ) {
    this.loaded = store.state().then((initial) => {
      this.state ??= initial;
    });
    store.onChange((next) => {
      this.state = next;
      this.revision += 1;
      this.byProfile.clear();
    });
  }

  /** The profiles as last read; empty until `loaded` settles. */
  current(): ProfileState {
    return this.state ?? NO_PROFILES;
  }

  /** The `connect` the REPORTING functions call with the profile a formula names, if any. */
  readonly connect: Connect = (name) => {
    const trimmed = name?.trim() || undefined;
    if (this.state) return this.resolve(this.state, trimmed);
    return this.loaded.then(() => this.resolve(this.current(), trimmed));
  };

  /** The active profile's connection, or the named one's; undefined when there is none. */
  find(name?: string): ProfileConnection | undefined {
    const profile = this.profileNamed(this.current(), name);
    return profile ? this.connectionOf(profile) : undefined;
  }

  private profileNamed(state: ProfileState, name: string | undefined): Profile | undefined {
    return name === undefined
      ? state.active
      : state.profiles.find((candidate) => sameProfileName(candidate.name, name));
  }

  private resolve(state: ProfileState, name: string | undefined): ProfileConnection {
    const profile = this.profileNamed(state, name);
    if (!profile) throw new MissingCredentialsError(name === undefined ? {} : { profile: name, unknownProfile: true });
    return this.connectionOf(profile);
  }

  private connectionOf(profile: Profile): ProfileConnection {
    const id = profile.name.toLowerCase();
    const known = this.byProfile.get(id);
    if (known) return known;
    const clients = buildClients(profile, this.transport);
    const connection: ProfileConnection = {
      key: `${profile.name}#${this.revision}`,
      profileName: profile.name,
      clients,
    };
    if (clients.reporting) connection.bearer = clients.reporting;
    if (clients.legacy) connection.legacy = clients.legacy;
    this.byProfile.set(id, connection);
    return connection;
  }
}
