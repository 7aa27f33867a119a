import type { ApplicationsResponse, ReferenceResult } from "../../api";
import type { ReferenceRouteName } from "../../api/routes";
import { isTransport, type RetryEvent, type Transport, type TransportOptions } from "../../client";
import type { Today } from "../periods";
import type { Profile } from "../profiles/profile";
import type { ProfileListener, ProfileState, ProfileStore } from "../profiles/profile-store";
import { QueryCache } from "../query-cache";
import {
  createReportingFunctions,
  DEFAULT_CACHE_TTL_MS,
  type ReportingFunctions,
  type ReportingFunctionsDependencies,
} from "../reporting-functions";
import { requireBearer, requireLegacy, ServiceCache } from "../service-cache";
import { buildClients, type ProfileClients } from "./profile-clients";
import { ProfileConnections } from "./profile-connections";

/**
 * The one object of a page that owns the profiles, the clients per profile, the cached answers
 * and refreshing. The custom functions and every tab of the task pane take what they need from
 * it; nothing else builds a client, so a formula, a preview and a picker share one cache and
 * one request in flight.
 */
export interface ReportingRuntime {
  readonly store: ProfileStore;
  /** The REPORTING functions, on the page's shared cache. */
  readonly functions: ReportingFunctions;
  /** Settles once the stored profiles are read. */
  readonly ready: Promise<void>;
  /** The profiles and the active one, as last read (empty before `ready`). */
  profiles(): ProfileState;
  /** Hears every change of the profiles, after the runtime has followed it; returns the unsubscribe. */
  onProfiles(listener: ProfileListener): () => void;
  /** The clients of the active profile, or of the named one: none when it holds no credentials. */
  clients(profileName?: string): ProfileClients;
  /**
   * Clients for a profile the user is still typing (Test connection): built for this one use,
   * never kept, because its credentials are not saved yet.
   */
  trialClients(profile: Profile): ProfileClients;
  /**
   * A reference list of the active profile, or of `profile` (a query's profile=), from the cache
   * the REPORTING functions use: each profile's lists are cached apart, as its clients are.
   */
  reference<Name extends ReferenceRouteName>(name: Name, options?: ReferenceOptions): Promise<ReferenceResult<Name>>;
  /** The applications of the active profile's legacy key; `fresh` asks the service again. */
  applications(options?: { signal?: AbortSignal; fresh?: boolean }): Promise<ApplicationsResponse>;
  /** Forgets every cached answer and recalculates every REPORTING formula. */
  refreshAll(): Promise<void>;
  /**
   * Hears every retry the clients are about to make (after a 429, a 5xx, a dropped connection),
   * whichever surface asked, so that a pane waiting on an answer can say why; returns the
   * unsubscribe. Silent when the runtime was given a ready-made transport.
   */
  onRetry(listener: (event: RetryEvent) => void): () => void;
}

export interface ReferenceOptions {
  signal?: AbortSignal | undefined;
  /** The profile whose list it is, by name; the active one when absent. */
  profile?: string | undefined;
}

export interface ReportingRuntimeDependencies extends Pick<
  ReportingFunctionsDependencies,
  "schedule" | "maxValueBatchSize" | "cacheTtlMs"
> {
  store: ProfileStore;
  /** The user's calendar day, YYYY-MM-DD, for period words. */
  today: Today;
  /** Milliseconds, for cache freshness; default Date.now. */
  now?: () => number;
  /** How the clients reach the service (tests inject fetch); the browser's fetch otherwise. */
  transport?: TransportOptions | Transport;
  /** Recalculates every REPORTING formula of the workbook; absent outside Excel. */
  recalculate?: () => Promise<void>;
}

/** What decides the answers a formula gets: a change of it must recalculate them. */
function activeIdentity(state: ProfileState): string {
  const active = state.active;
  return active
    ? JSON.stringify([active.name, active.baseUrl, active.legacyBaseUrl, active.token, active.apiKey, active.apiSecret])
    : "";
}

export function createReportingRuntime(deps: ReportingRuntimeDependencies): ReportingRuntime {
  const now = deps.now ?? (() => Date.now());
  const defaultTtlMs = deps.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS;
  const service = new ServiceCache(new QueryCache({ now, defaultTtlMs }));
  const retryListeners = new Set<(event: RetryEvent) => void>();
  const given = deps.transport;
  const transport: TransportOptions | Transport = isTransport(given)
    ? given
    : {
        ...given,
        onRetry(event) {
          given?.onRetry?.(event);
          for (const listener of retryListeners) {
            try {
              listener(event);
            } catch {
              // A listener's failure must not stop the request it hears about.
            }
          }
        },
      };
  const connections = new ProfileConnections(deps.store, transport);
  const functions = createReportingFunctions({
    connect: connections.connect,
    today: deps.today,
    now,
    service,
    cacheTtlMs: defaultTtlMs,
    ...(deps.schedule ? { schedule: deps.schedule } : {}),
    ...(deps.maxValueBatchSize !== undefined ? { maxValueBatchSize: deps.maxValueBatchSize } : {}),
  });

  const refreshAll = async () => {
    service.clear();
    await deps.recalculate?.();
  };

  const listeners = new Set<ProfileListener>();
  let lastIdentity: string | undefined;
  const ready = connections.loaded.then(() => {
    lastIdentity = activeIdentity(connections.current());
  });
  deps.store.onChange((next) => {
    // Formulas follow a switch of profile, a new token or a sign-out at once. The identity holds
    // secrets, so it stays in this closure, like the store's own copy of the profile.
    const identity = activeIdentity(next);
    if (lastIdentity !== undefined && identity !== lastIdentity) void refreshAll().catch(() => undefined);
    lastIdentity = identity;
    for (const listener of listeners) {
      try {
        listener(next);
      } catch {
        // One failing tab must not keep the others on a stale profile.
      }
    }
  });

  return {
    store: deps.store,
    functions,
    ready,
    profiles: () => connections.current(),
    onProfiles(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    clients: (profileName) => connections.find(profileName)?.clients ?? {},
    trialClients: (profile) => buildClients(profile, transport),
    async reference(name, { profile, signal } = {}) {
      await ready;
      // As a formula naming the profile finds it: an unknown name says so rather than falling back.
      const connection = await connections.connect(profile);
      return service.reference(connection, requireBearer(connection, profile), name, { signal });
    },
    async applications(options = {}) {
      await ready;
      const connection = await connections.connect(undefined);
      return service.applications(connection, requireLegacy(connection, undefined), {
        signal: options.signal,
        ...(options.fresh ? { ttlMs: 0 } : {}),
      });
    },
    refreshAll,
    onRetry(listener) {
      retryListeners.add(listener);
      return () => {
        retryListeners.delete(listener);
      };
    },
  };
}
