import type { FetchLike } from "../../../src/client";
import { MissingCredentialsError } from "../../../src/core/missing-credentials";
import {
  PROFILES_KEY,
  clientsFor,
  createProfileConnect,
  ProfileError,
  ProfileStore,
  SECRETS_KEY,
  memoryStorage,
  missingCredentials,
  parseProfile,
  type ProfileState,
} from "../../../src/core/profiles";

const TOKEN = "a".repeat(64) + "_0f8fad5b-d9cb-469f-a165-70867728950e";

function bearer(name: string, token = TOKEN) {
  return { name, kind: "bearer", baseUrl: "http://127.0.0.1:8787", legacyBaseUrl: "http://127.0.0.1:8787", token };
}

function legacy(name: string) {
  return {
    name,
    kind: "legacy",
    baseUrl: "https://reporting.example.com",
    legacyBaseUrl: "https://legacy.example.com",
    apiKey: "key-123",
    apiSecret: "secret-456",
  };
}

describe("parseProfile", () => {
  it("trims the name and keeps the fields of its interface", () => {
    const profile = parseProfile({ ...bearer("  Finance  "), apiKey: "stray", apiSecret: "stray" });
    expect(profile.name).toBe("Finance");
    expect(profile.token).toBe(TOKEN);
    expect(profile).not.toHaveProperty("apiKey");
    expect(profile).not.toHaveProperty("apiSecret");
  });

  it("drops the token of a legacy-only profile", () => {
    expect(parseProfile({ ...legacy("Old"), token: TOKEN })).not.toHaveProperty("token");
  });

  it("names every bad field in plain words without echoing a secret", () => {
    let caught: unknown;
    try {
      parseProfile({ name: "", kind: "oauth", baseUrl: "ftp://x", legacyBaseUrl: "nonsense", token: TOKEN });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ProfileError);
    const message = (caught as ProfileError).userMessage;
    expect(message).toContain("The profile name needs a name");
    expect(message).toContain("The interface is not one of the choices offered");
    expect(message).toContain("The service address must be a web address");
    expect(message).toContain("The legacy service address must be a web address");
    expect(message).not.toContain(TOKEN);
  });

  it("refuses the characters that separate a formula's options in a name", () => {
    for (const name of ["A;B", "A=B", "A\nB"]) {
      expect(() => parseProfile(bearer(name))).toThrow("The profile name cannot contain ; or = or a line break.");
    }
  });
});

describe("missingCredentials", () => {
  it("lists what each interface still needs", () => {
    const both = parseProfile({ ...bearer("Both"), kind: "both" });
    expect(missingCredentials(both)).toEqual(["API key", "API secret"]);
    expect(missingCredentials(parseProfile(legacy("L")))).toEqual([]);
    const { token: _token, ...withoutToken } = bearer("B");
    expect(missingCredentials(parseProfile(withoutToken))).toEqual(["token"]);
  });
});

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

  it("hands out copies, so a caller cannot change a stored profile by accident", async () => {
    const store = new ProfileStore({ storage: memoryStorage() });
    await store.save(bearer("A"));
    const copy = await store.find("A");
    if (copy) copy.token = "tampered";
    expect((await store.find("A"))?.token).toBe(TOKEN);
  });
});

describe("clientsFor", () => {
  function recordingFetch() {
    const calls: { url: string; headers: Record<string, string> }[] = [];
    const fetch: FetchLike = async (url, init) => {
      calls.push({ url, headers: init.headers });
      const body = url.endsWith("/applications") ? JSON.stringify({ applications: [] }) : JSON.stringify([]);
      return {
        status: 200,
        headers: { get: (name: string) => (name.toLowerCase() === "content-type" ? "application/json" : null) },
        text: async () => body,
        arrayBuffer: async () => new TextEncoder().encode(body).buffer,
      };
    };
    return { calls, fetch };
  }

  it("builds only the clients whose credentials the profile holds", () => {
    const both = parseProfile({ ...legacy("Both"), kind: "both", token: TOKEN });
    expect(Object.keys(clientsFor(both)).sort()).toEqual(["legacy", "reporting"]);
    expect(Object.keys(clientsFor(parseProfile(bearer("B"))))).toEqual(["reporting"]);
    const { apiSecret: _secret, ...noSecret } = legacy("L");
    expect(clientsFor(parseProfile(noSecret))).toEqual({});
  });

  it("sends each interface's credentials to that interface's address", async () => {
    const { calls, fetch } = recordingFetch();
    const clients = clientsFor(parseProfile({ ...legacy("Both"), kind: "both", token: TOKEN }), { fetch, maxRetries: 0 });
    await clients.reporting?.countries();
    await clients.legacy?.applications();
    expect(calls[0]?.url).toBe("https://reporting.example.com/countries");
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(calls[1]?.url).toBe("https://legacy.example.com/reporting/v1/applications");
    expect(calls[1]?.headers["x-auth-apikey"]).toBe("key-123");
    expect(calls[1]?.headers["x-auth-secret"]).toBe("secret-456");
  });
});

describe("createProfileConnect", () => {
  async function storeWith(...profiles: Record<string, unknown>[]) {
    const store = new ProfileStore({ storage: memoryStorage() });
    for (const profile of profiles) await store.save(profile);
    return store;
  }

  it("asks the user to sign in while no profile is active", async () => {
    const connect = createProfileConnect(await storeWith(bearer("A")));
    await expect(Promise.resolve().then(() => connect(undefined))).rejects.toThrow(
      "Sign in from the Reporting task pane to see the statistics.",
    );
  });

  it("connects the active profile, and a named one regardless of case", async () => {
    const store = await storeWith(bearer("Finance"), legacy("Apps"));
    await store.activate("Finance");
    const connect = createProfileConnect(store);
    const active = await connect(undefined);
    expect(active.profileName).toBe("Finance");
    expect(active.bearer).toBeDefined();
    expect(active.legacy).toBeUndefined();
    const named = await connect(" apps ");
    expect(named.profileName).toBe("Apps");
    expect(named.legacy).toBeDefined();
    expect(named.bearer).toBeUndefined();
  });

  it("names a profile that does not exist", async () => {
    const connect = createProfileConnect(await storeWith(bearer("Finance")));
    await expect(Promise.resolve().then(() => connect("Sales"))).rejects.toThrow('there is no profile named "Sales"');
  });

  it("answers from memory once loaded, reusing the same connection until something changes", async () => {
    const store = await storeWith(bearer("Finance"));
    await store.activate("Finance");
    const connect = createProfileConnect(store);
    const first = await connect(undefined);
    const again = connect(undefined);
    expect(again).toBe(first); // not a promise: the batcher sees calls together
    await store.save(bearer("Finance", "rotated-token"), "Finance");
    const after = await connect(undefined);
    expect(after).not.toBe(first);
    expect(after.key).not.toBe(first.key);
  });

  it("follows a switch of profile and a sign-out at once", async () => {
    const store = await storeWith(bearer("A"), bearer("B", "token-b"));
    await store.activate("A");
    const connect = createProfileConnect(store);
    expect((await connect(undefined)).profileName).toBe("A");
    await store.activate("B");
    expect((await connect(undefined)).profileName).toBe("B");
    await store.signOut();
    expect(() => connect(undefined)).toThrow(MissingCredentialsError);
    const signedOut = await connect("B");
    expect(signedOut.bearer).toBeUndefined();
  });

  it("keeps secrets out of the cache key", async () => {
    const store = await storeWith({ ...legacy("Both"), kind: "both", token: TOKEN });
    await store.activate("Both");
    const key = (await createProfileConnect(store)(undefined)).key;
    for (const secret of [TOKEN, "key-123", "secret-456"]) expect(key).not.toContain(secret);
  });
});
