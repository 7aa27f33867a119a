import { memoryStorage } from "../../../../src/core/profiles/memory-storage";
import { missingCredentials, ProfileError } from "../../../../src/core/profiles/profile";
import {
  PROFILES_KEY,
  ProfileStore,
  SECRETS_KEY,
  type ProfileState,
} from "../../../../src/core/profiles/profile-store";
import { bearer, legacy, TOKEN } from "./fixtures";

describe("ProfileStore", () => {
  it("saves, lists and finds profiles by name regardless of case", async () => {
    const store = new ProfileStore({ storage: memoryStorage() });
    await store.save(bearer("Finance"));
    await store.save(legacy("Legacy apps"));
    expect((await store.list()).map((profile) => profile.name)).toEqual(["Finance", "Legacy apps"]);
    expect((await store.find("finance"))?.token).toBe(TOKEN);
    expect(await store.find("Nobody")).toBeUndefined();
  });

  it("survives a reload from the same storage", async () => {
    const storage = memoryStorage();
    const first = new ProfileStore({ storage });
    await first.save(bearer("Finance"));
    await first.activate("Finance");
    const second = new ProfileStore({ storage });
    expect((await second.active())?.name).toBe("Finance");
    expect((await second.active())?.token).toBe(TOKEN);
  });

  it("keeps secrets only in the secret storage when it is a separate one", async () => {
    const storage = memoryStorage();
    const secretStorage = memoryStorage();
    const store = new ProfileStore({ storage, secretStorage });
    await store.save({ ...legacy("Both"), kind: "both", token: TOKEN });
    const visible = JSON.stringify(storage.snapshot());
    for (const secret of [TOKEN, "key-123", "secret-456"]) {
      expect(visible).not.toContain(secret);
      expect(secretStorage.snapshot()[SECRETS_KEY]).toContain(secret);
    }
    const reloaded = new ProfileStore({ storage, secretStorage });
    expect(await reloaded.find("Both")).toMatchObject({ token: TOKEN, apiKey: "key-123", apiSecret: "secret-456" });
  });

  it("keeps the profile but asks for its secrets again when the secret storage was lost", async () => {
    const storage = memoryStorage();
    await new ProfileStore({ storage, secretStorage: memoryStorage() }).save(bearer("Finance"));
    const afterReload = new ProfileStore({ storage, secretStorage: memoryStorage() });
    const profile = await afterReload.find("Finance");
    expect(profile?.baseUrl).toBe("http://127.0.0.1:8787");
    expect(profile && missingCredentials(profile)).toEqual(["token"]);
  });

  it("refuses a second profile with the same name", async () => {
    const store = new ProfileStore({ storage: memoryStorage() });
    await store.save(bearer("Finance"));
    await expect(store.save(legacy("FINANCE"))).rejects.toThrow('A profile named "Finance" already exists');
    expect(await store.list()).toHaveLength(1);
  });

  it("replaces a profile edited under a new name and moves the active mark with it", async () => {
    const store = new ProfileStore({ storage: memoryStorage() });
    await store.save(bearer("Finance"));
    await store.activate("Finance");
    await store.save(bearer("Finance EU", "other-token"), "Finance");
    expect((await store.list()).map((profile) => profile.name)).toEqual(["Finance EU"]);
    expect((await store.active())?.token).toBe("other-token");
  });

  it("updates a profile saved under its own name, and refuses to edit one that is gone", async () => {
    const store = new ProfileStore({ storage: memoryStorage() });
    await store.save(bearer("Finance"));
    await store.save(bearer("Finance", "new-token"), "finance");
    expect(await store.list()).toHaveLength(1);
    expect((await store.find("Finance"))?.token).toBe("new-token");
    await expect(store.save(bearer("X"), "Gone")).rejects.toThrow('There is no profile named "Gone"');
  });

  it("renames and keeps the active profile active", async () => {
    const store = new ProfileStore({ storage: memoryStorage() });
    await store.save(bearer("A"));
    await store.save(bearer("B"));
    await store.activate("a");
    await store.rename("A", "Alpha");
    expect((await store.active())?.name).toBe("Alpha");
    await expect(store.rename("Alpha", "b")).rejects.toThrow("already exists");
    await expect(store.rename("Missing", "X")).rejects.toThrow('There is no profile named "Missing"');
  });

  it("removes a profile and deactivates it if it was active", async () => {
    const store = new ProfileStore({ storage: memoryStorage() });
    await store.save(bearer("A"));
    await store.activate("A");
    await store.remove("A");
    expect(await store.list()).toEqual([]);
    expect(await store.active()).toBeUndefined();
  });

  it("refuses to activate a profile that does not exist", async () => {
    const store = new ProfileStore({ storage: memoryStorage() });
    await expect(store.activate("Ghost")).rejects.toBeInstanceOf(ProfileError);
  });

  it("signs out by forgetting the active profile's secrets and leaving none active", async () => {
    const storage = memoryStorage();
    const store = new ProfileStore({ storage });
    await store.save({ ...legacy("Both"), kind: "both", token: TOKEN });
    await store.save(bearer("Other", "other-token"));
    await store.activate("Both");
    await store.signOut();
    expect(await store.active()).toBeUndefined();
    const signedOut = await store.find("Both");
    expect(signedOut?.name).toBe("Both");
    expect(signedOut?.token).toBeUndefined();
    expect(signedOut?.apiSecret).toBeUndefined();
    expect((await store.find("Other"))?.token).toBe("other-token");
    const persisted = JSON.stringify(storage.snapshot());
    for (const secret of [TOKEN, "key-123", "secret-456"]) expect(persisted).not.toContain(secret);
  });

  it("tells listeners about every change, with the new active profile", async () => {
    const store = new ProfileStore({ storage: memoryStorage() });
    const heard: ProfileState[] = [];
    const stop = store.onChange((state) => heard.push(state));
    await store.save(bearer("A"));
    await store.save(bearer("B", "token-b"));
    await store.activate("B");
    expect(heard).toHaveLength(3);
    expect(heard[2]?.active?.token).toBe("token-b");
    await store.activate("A");
    expect(heard[3]?.active?.name).toBe("A");
    stop();
    await store.signOut();
    expect(heard).toHaveLength(4);
  });

  it("keeps notifying the other listeners when one throws", async () => {
    const store = new ProfileStore({ storage: memoryStorage() });
    const names: (string | undefined)[] = [];
    store.onChange(() => {
      throw new Error("broken listener");
    });
    store.onChange((state) => names.push(state.active?.name));
    await store.save(bearer("A"));
    await store.activate("A");
    expect(names).toEqual([undefined, "A"]);
  });

  it("does not tell listeners about a refused change", async () => {
    const store = new ProfileStore({ storage: memoryStorage() });
    let calls = 0;
    store.onChange(() => (calls += 1));
    await expect(store.save({ name: "" })).rejects.toBeInstanceOf(ProfileError);
    expect(calls).toBe(0);
  });

  it("applies quick successive changes in order, and a failure does not block the next", async () => {
    const store = new ProfileStore({ storage: memoryStorage() });
    const results = await Promise.allSettled([
      store.save(bearer("A")),
      store.activate("Missing"),
      store.save(bearer("B")),
      store.activate("B"),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect((await store.active())?.name).toBe("B");
  });

  it("ignores damaged stored data instead of failing", async () => {
    const garbled = new ProfileStore({ storage: memoryStorage({ [PROFILES_KEY]: "{not json" }) });
    expect(await garbled.list()).toEqual([]);
    const partly = new ProfileStore({
      storage: memoryStorage({
        [PROFILES_KEY]: JSON.stringify({ profiles: [{ name: "Broken" }, bearer("Good")], active: "Broken" }),
      }),
    });
    expect((await partly.list()).map((profile) => profile.name)).toEqual(["Good"]);
    expect(await partly.active()).toBeUndefined();
  });

  it("keeps a profile saved with an http:// address now refused, and refuses it once edited", async () => {
    const old = { ...bearer("Old"), baseUrl: "http://reporting.example.com" };
    const store = new ProfileStore({
      storage: memoryStorage({ [PROFILES_KEY]: JSON.stringify({ profiles: [old], active: "Old" }) }),
    });
    // Dropping it would lose the user's profile without a word; the pane lists it for correction.
    expect((await store.active())?.baseUrl).toBe("http://reporting.example.com");
    await expect(store.save(old, "Old")).rejects.toThrow("must start with https://");
    await expect(store.rename("Old", "Older")).rejects.toThrow("must start with https://");
  });

  it("hands out copies, so a caller cannot change a stored profile by accident", async () => {
    const store = new ProfileStore({ storage: memoryStorage() });
    await store.save(bearer("A"));
    const copy = await store.find("A");
    if (copy) copy.token = "tampered";
    expect((await store.find("A"))?.token).toBe(TOKEN);
  });
});
