import type { FetchLike } from "../../../../src/client";
import { MissingCredentialsError } from "../../../../src/core/missing-credentials";
import { memoryStorage } from "../../../../src/core/profiles/memory-storage";
import { ProfileStore } from "../../../../src/core/profiles/profile-store";
import { createReportingRuntime } from "../../../../src/core/runtime/reporting-runtime";
import { fakeTransportOptions, json } from "../../client/fakes";
import { bearer, legacy } from "../profiles/fixtures";

const SALES_TOKEN = "b".repeat(64) + "_1f8fad5b-d9cb-469f-a165-70867728950e";

/** Two accounts that name the same code apart, and see data through different days. */
function twoAccounts() {
  const asked: string[] = [];
  const fetch: FetchLike = async (url, init) => {
    const account = init.headers["authorization"] === `Bearer ${SALES_TOKEN}` ? "Sales" : "Finance";
    const path = new URL(url).pathname;
    asked.push(`${account} ${path}`);
    if (path === "/countries")
      return json([{ code: "US", name: account === "Sales" ? "United States (Sales)" : "United States" }]);
    if (path === "/dates") return json({ from: "2026-01-01", to: account === "Sales" ? "2026-06-20" : "2026-06-29" });
    throw new Error(`unexpected route ${path}`);
  };
  return { fetch, asked };
}

async function runtimeOnTwoProfiles() {
  const store = new ProfileStore({ storage: memoryStorage() });
  await store.save(bearer("Finance"));
  await store.save(bearer("Sales", SALES_TOKEN));
  await store.save(legacy("Apps"));
  await store.activate("Finance");
  const service = twoAccounts();
  const runtime = createReportingRuntime({
    store,
    today: () => "2026-06-30",
    transport: fakeTransportOptions(service.fetch, { maxRetries: 0 }),
  });
  await runtime.ready;
  return { runtime, store, ...service };
}

describe("the runtime's reference lists of a named profile", () => {
  it("come from that profile's account, the active one's when none is named", async () => {
    const { runtime } = await runtimeOnTwoProfiles();
    expect((await runtime.reference("countries", { profile: "Sales" }))[0]?.label).toBe("United States (Sales)");
    expect((await runtime.reference("countries"))[0]?.label).toBe("United States");
    expect((await runtime.reference("dates", { profile: " sales " })).to).toBe("2026-06-20");
    expect((await runtime.reference("dates", { profile: "Finance" })).to).toBe("2026-06-29");
  });

  it("are cached per profile: each account is asked once, and a switch of the active one reads its own", async () => {
    const { runtime, store, asked } = await runtimeOnTwoProfiles();
    await runtime.reference("countries");
    await runtime.reference("countries", { profile: "Sales" });
    await runtime.reference("countries", { profile: "Sales" });
    await runtime.reference("countries", { profile: "Finance" });
    expect(asked).toEqual(["Finance /countries", "Sales /countries"]);
    await store.activate("Sales");
    expect((await runtime.reference("countries"))[0]?.label).toBe("United States (Sales)");
  });

  it("say what to fix for a profile that is not on the Connect tab or has no token, and ask nothing", async () => {
    const { runtime, asked } = await runtimeOnTwoProfiles();
    await expect(runtime.reference("countries", { profile: "Marketing" })).rejects.toThrow(MissingCredentialsError);
    await expect(runtime.reference("countries", { profile: "Marketing" })).rejects.toThrow("Marketing");
    await expect(runtime.reference("countries", { profile: "Apps" })).rejects.toBeInstanceOf(MissingCredentialsError);
    expect(asked).toEqual([]);
  });
});
