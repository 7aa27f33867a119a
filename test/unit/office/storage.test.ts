import type * as StorageModule from "../../../src/office/storage";
import { standInStorage } from "../../support/excel-stand-ins";
import { bearer, TOKEN } from "../core/profiles/fixtures";
import { withGlobals } from "./office-globals";

/** storage.ts (and host.ts under it) as a freshly opened page loads them. */
function freshStorage(): typeof StorageModule {
  let loaded: typeof StorageModule | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<typeof StorageModule>("../../../src/office/storage");
  });
  if (!loaded) throw new Error("storage.ts did not load");
  return loaded;
}

/** Web Storage over a map, for the browser fallback. */
function webStorage(map: Map<string, string>) {
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe("the profile store of the page", () => {
  let restore: (() => void) | undefined;
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    restore?.();
    restore = undefined;
    jest.useRealTimers();
  });

  it("point 5: a cold Excel start that takes 10 s still keeps profiles and secrets in OfficeRuntime.storage", async () => {
    const officeStore = new Map<string, string>();
    const browserStore = new Map<string, string>();
    restore = withGlobals({
      Office: {
        HostType: { Excel: "Excel" },
        onReady: () => new Promise((resolve) => setTimeout(() => resolve({ host: "Excel", platform: "PC" }), 10_000)),
      },
      OfficeRuntime: { storage: standInStorage(officeStore) },
      location: { search: "?_host_Info=Excel$Win32$16.01$en-US$$$$0" },
      sessionStorage: webStorage(browserStore),
    });
    const storage = freshStorage();
    const store = storage.createProfileStore();
    const saved = store.save(bearer("Finance"));
    const persist = storage.secretsPersist();
    await jest.advanceTimersByTimeAsync(10_000);
    await saved;

    expect(await persist).toBe(true);
    expect([...officeStore.values()].join("\n")).toContain(TOKEN);
    expect(browserStore.size).toBe(0);
  });

  it("point 5: when Excel never starts the add-in, the store reports it instead of using the browser's storage", async () => {
    const browserStore = new Map<string, string>();
    restore = withGlobals({
      Office: { HostType: { Excel: "Excel" }, onReady: () => new Promise(() => undefined) },
      OfficeRuntime: { storage: standInStorage(new Map()) },
      location: { search: "?_host_Info=Excel$Mac$16.01$en-US$$$$0" },
      sessionStorage: webStorage(browserStore),
    });
    const store = freshStorage().createProfileStore();
    const listed = store.list();
    const saved = store.save(bearer("Finance"));
    const outcomes = Promise.allSettled([listed, saved]);
    await jest.advanceTimersByTimeAsync(60_000);

    for (const outcome of await outcomes) {
      expect(outcome.status).toBe("rejected");
      expect(((outcome as PromiseRejectedResult).reason as Error).message).toMatch(
        /^Excel did not finish starting the add-in/,
      );
    }
    expect(browserStore.size).toBe(0);
  });

  it("keeps secrets in memory only in a plain browser", async () => {
    const browserStore = new Map<string, string>();
    restore = withGlobals({ location: { search: "" }, sessionStorage: webStorage(browserStore) });
    const storage = freshStorage();
    await storage.createProfileStore().save(bearer("Finance"));
    expect(await storage.secretsPersist()).toBe(false);
    expect([...browserStore.values()].join("\n")).toContain("Finance");
    expect([...browserStore.values()].join("\n")).not.toContain(TOKEN);
  });
});
