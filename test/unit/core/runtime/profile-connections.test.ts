import { MissingCredentialsError } from "../../../../src/core/missing-credentials";
import { memoryStorage } from "../../../../src/core/profiles/memory-storage";
import { ProfileStore } from "../../../../src/core/profiles/profile-store";
import { ProfileConnections } from "../../../../src/core/runtime/profile-connections";
import { bearer, legacy, TOKEN } from "../profiles/fixtures";

function createProfileConnect(store: ProfileStore) {
  return new ProfileConnections(store).connect;
}

describe("ProfileConnections.connect", () => {
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
