import { memoryStorage } from "../core/profiles/memory-storage";
import { ProfileStore, type KeyValueStorage } from "../core/profiles/profile-store";
import { detectHost } from "./page-environment";

/**
 * Where profiles live. Inside Excel: `OfficeRuntime.storage`, shared by the task pane and
 * the custom functions and kept outside the workbook. In a plain browser there is no such
 * store, and Web Storage keeps text readable by any script of the origin and on disk, so
 * the profiles without their secrets go to `sessionStorage` (gone when the tab closes) and
 * the token, key and secret stay in this page's memory only.
 */

function officeRuntimeStorage(): KeyValueStorage | undefined {
  if (typeof OfficeRuntime === "undefined" || !OfficeRuntime.storage) return undefined;
  const storage = OfficeRuntime.storage;
  return {
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => storage.setItem(key, value),
    removeItem: (key) => storage.removeItem(key),
  };
}

function webStorage(area: Storage | undefined): KeyValueStorage | undefined {
  if (!area) return undefined;
  return {
    async getItem(key) {
      return area.getItem(key);
    },
    async setItem(key, value) {
      area.setItem(key, value);
    },
    async removeItem(key) {
      area.removeItem(key);
    },
  };
}

function sessionArea(): Storage | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    return undefined; // storage blocked by the browser's settings
  }
}

export interface ProfileStorages {
  storage: KeyValueStorage;
  secretStorage: KeyValueStorage;
  /** True when secrets survive closing the pane (Excel), false when they live in memory only. */
  secretsPersist: boolean;
}

async function chooseStorages(): Promise<ProfileStorages> {
  const host = await detectHost();
  const office = host === "excel" ? officeRuntimeStorage() : undefined;
  if (office) return { storage: office, secretStorage: office, secretsPersist: true };
  return {
    storage: webStorage(sessionArea()) ?? memoryStorage(),
    secretStorage: memoryStorage(),
    secretsPersist: false,
  };
}

/**
 * A storage that waits for the host to be known, so it can be created while scripts load. When
 * Excel never starts the add-in, every call rejects with the reason (the pane and the cells say
 * it); the browser's storage is never a silent substitute for OfficeRuntime.storage.
 */
function deferred(choice: Promise<KeyValueStorage>): KeyValueStorage {
  // The store reads the secret storage only after the other: its rejection is reported there.
  choice.catch(() => undefined);
  return {
    getItem: async (key) => (await choice).getItem(key),
    setItem: async (key, value) => (await choice).setItem(key, value),
    removeItem: async (key) => (await choice).removeItem(key),
  };
}

let chosen: Promise<ProfileStorages> | undefined;

function storages(): Promise<ProfileStorages> {
  chosen ??= chooseStorages();
  return chosen;
}

/** The profile store of this page; the page runtime makes the one the pane and the functions share. */
export function createProfileStore(): ProfileStore {
  const choice = storages();
  return new ProfileStore({
    storage: deferred(choice.then((picked) => picked.storage)),
    secretStorage: deferred(choice.then((picked) => picked.secretStorage)),
  });
}

/** Whether secrets outlive the page here; the pane says so when they do not. */
export async function secretsPersist(): Promise<boolean> {
  return (await storages()).secretsPersist;
}
