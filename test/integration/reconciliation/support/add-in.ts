import type { FetchLike } from "../../../../src/client";
import { memoryStorage } from "../../../../src/core/profiles/memory-storage";
import { PROFILES_KEY, ProfileStore } from "../../../../src/core/profiles/profile-store";
import { createReportingRuntime, type ReportingRuntime } from "../../../../src/core/runtime/reporting-runtime";
import { loadFunctionsBundle, type BuiltBundle, type LoadedBundle } from "../../functions/support/functions-bundle";
import type { DateStyle } from "./cases";
import type { Endpoint, World } from "./world";

/**
 * The add-in's own code paths against one endpoint: the runtime the task pane and the functions
 * share (profiles, clients, cache, VALUE batching) in this process, and the built
 * functions.js evaluated as Excel's shared runtime does. Every credential of the emulator is a
 * profile, named after its label (B0, L2...), so a query picks one with `profile=`.
 */

/** The requirement sets of an Excel whose spilled dates take `style`. */
export const REQUIREMENTS_OF_STYLE: Record<DateStyle, string[]> = {
  double: ["CustomFunctionsRuntime 1.4", "ExcelApi 1.19", "SharedRuntime 1.1"],
  formattedNumber: ["CustomFunctionsRuntime 1.4", "ExcelApi 1.16", "SharedRuntime 1.1"],
  serial: ["CustomFunctionsRuntime 1.3", "ExcelApi 1.19", "SharedRuntime 1.1"],
};

export interface SentRequest {
  url: string;
  body: string | undefined;
}

export interface AddIn {
  /** The runtime the task pane and the functions share, in this process. */
  runtime(): ReportingRuntime;
  /** Every request the runtimes sent, in order. */
  sent: SentRequest[];
  /** The built functions for an Excel with dates in `style`, on the user's day `today`. */
  bundle(style: DateStyle, today?: string): LoadedBundle;
  /** Forgets the runtimes' cached answers, as Refresh all does. */
  clearCaches(): void;
  /**
   * A runtime and built functions of their own, whose requests no other query shares: to count
   * the requests of one batch of VALUE cells while other queries run.
   */
  isolated(): { runtime: ReportingRuntime; sent: SentRequest[]; bundle(style: DateStyle): LoadedBundle };
}

export function profilesOf(world: World, endpoint: Endpoint): Record<string, string> {
  const profiles = [
    ...world.bearer.map((identity) => ({
      name: identity.label,
      kind: "bearer",
      baseUrl: endpoint.baseUrl,
      legacyBaseUrl: endpoint.legacyBaseUrl,
      token: identity.token,
    })),
    ...world.legacy.map((identity) => ({
      name: identity.label,
      kind: "legacy",
      baseUrl: endpoint.baseUrl,
      legacyBaseUrl: endpoint.legacyBaseUrl,
      apiKey: identity.apiKey,
      apiSecret: identity.apiSecret,
    })),
  ];
  return { [PROFILES_KEY]: JSON.stringify({ profiles, active: world.widest.label }) };
}

export function createAddIn(
  world: World,
  endpoints: { runtime: Endpoint; bundle: Endpoint },
  built: BuiltBundle | undefined,
): AddIn {
  const newRuntime = (sent: SentRequest[]) => {
    const recordingFetch: FetchLike = (url, init) => {
      sent.push({ url, body: init.body });
      if (sent.length > 5_000) sent.splice(0, sent.length - 5_000);
      return globalThis.fetch(url, init);
    };
    return createReportingRuntime({
      store: new ProfileStore({ storage: memoryStorage(profilesOf(world, endpoints.runtime)) }),
      today: () => world.today,
      transport: { fetch: recordingFetch },
    });
  };
  const newBundle = (style: DateStyle, today: string) => {
    if (!built) throw new Error("the built functions bundle was not given");
    const [year, month, day] = today.split("-").map(Number) as [number, number, number];
    return loadFunctionsBundle(built, {
      storage: profilesOf(world, endpoints.bundle),
      supportedSets: REQUIREMENTS_OF_STYLE[style],
      localNow: { year, month, day },
    });
  };
  const sent: SentRequest[] = [];
  let shared: ReportingRuntime | undefined;
  const bundles = new Map<string, LoadedBundle>();
  return {
    sent,
    runtime() {
      shared ??= newRuntime(sent);
      return shared;
    },
    clearCaches() {
      shared?.functions.clearCache();
    },
    bundle(style, today = world.today) {
      const key = `${style} ${today}`;
      let bundle = bundles.get(key);
      if (!bundle) {
        bundle = newBundle(style, today);
        bundles.set(key, bundle);
      }
      return bundle;
    },
    isolated() {
      const own: SentRequest[] = [];
      return { runtime: newRuntime(own), sent: own, bundle: (style) => newBundle(style, world.today) };
    },
  };
}
