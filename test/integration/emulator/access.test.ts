import { REFERENCE_ROUTES, applicationsResponse, assetsResponse, detailsResponse } from "../../../src/api";
import type { RunningEmulator } from "../../../src/emulator";
import type { BearerCredential } from "../../../src/emulator/store/types";
import {
  START_TIMEOUT_MS,
  bearerHeaders,
  errorOf,
  getJson,
  legacyHeaders,
  legacyStats,
  postStats,
  startConformanceEmulator,
  stats,
} from "./support/emulator";

/** No credential ever sees another's data; asking for it is refused without saying anything about it. */
let emulator: RunningEmulator;
const period = { from: "2026-06-01", to: "2026-06-28" };

beforeAll(async () => {
  emulator = await startConformanceEmulator();
}, START_TIMEOUT_MS);

afterAll(() => emulator?.close());

const allOrganizations = () => [
  ...new Set(emulator.credentials.bearer.flatMap((credential) => credential.organizations)),
];
const others = (credential: BearerCredential) =>
  allOrganizations().filter((org) => !credential.organizations.includes(org));

test("the demo credentials include one that sees several organizations and some that see fewer", () => {
  expect(allOrganizations().length).toBeGreaterThanOrEqual(2);
  expect(
    emulator.credentials.bearer.some((credential) => credential.organizations.length === allOrganizations().length),
  ).toBe(true);
  expect(emulator.credentials.bearer.some((credential) => others(credential).length > 0)).toBe(true);
  expect(emulator.credentials.legacy.length).toBeGreaterThanOrEqual(2);
});

test("each token, asked about each organization not its own, is refused with 403 that reveals nothing", async () => {
  const unknownOrganization = "0badc0de-0000-4000-8000-000000000000";
  for (const credential of emulator.credentials.bearer) {
    const refusalOfUnknown = await postStats(emulator, credential.token, {
      filters: { ...period, organizations: [unknownOrganization] },
    });
    expect(refusalOfUnknown.status).toBe(403);
    const unknownError = await errorOf(refusalOfUnknown);
    for (const organization of others(credential)) {
      const response = await postStats(emulator, credential.token, {
        filters: { ...period, organizations: [organization] },
      });
      expect(response.status).toBe(403);
      const error = await errorOf(response);
      // Same answer as for an organization that does not exist: nothing tells the two apart.
      expect(error).toEqual(unknownError);
      expect(JSON.stringify(error)).not.toContain(organization);
      // Mixed with its own organizations, still refused, never narrowed silently.
      const mixed = await postStats(emulator, credential.token, {
        filters: { ...period, organizations: [...credential.organizations, organization] },
      });
      expect(mixed.status).toBe(403);
    }
  }
});

test("each token sees exactly its organizations in /stats, /details and /assets", async () => {
  for (const credential of emulator.credentials.bearer) {
    const own = [...credential.organizations].sort();
    const answer = await stats(emulator, credential.token, { filters: period, groups: ["organization"] });
    expect(answer.stats.map((entry) => entry.group.organization).sort()).toEqual(own);
    expect([...answer.params.filters.organizations].sort()).toEqual(own);

    const details = await getJson(emulator.baseUrl + REFERENCE_ROUTES.details.path, bearerHeaders(credential.token));
    expect(
      detailsResponse
        .parse(details.body)
        .organizations.map((org) => org.value)
        .sort(),
    ).toEqual(own);

    const assets = await getJson(emulator.baseUrl + REFERENCE_ROUTES.assets.path, bearerHeaders(credential.token));
    expect(assets.status).toBe(200);
    const raw = (assets.body as { assets: { organization: string }[] }).assets;
    expect(raw.length).toBe(assetsResponse.parse(assets.body).length);
    for (const asset of raw) expect(own).toContain(asset.organization);
  }
});

test("each token's reference lists hold exactly the values its own /stats finds, as its filters accept them", async () => {
  const dimensions = [
    ["countries", "countries", "country"],
    ["formats", "formats", "format"],
    ["integrationTypes", "integration_types", "integration_type"],
    ["deviceTypes", "device_types", "device_types"],
    ["assetTypes", "asset_types", "asset_type"],
    ["assets", "assets", "asset"],
  ] as const;
  const listsDiffer = new Set<string>();
  for (const credential of emulator.credentials.bearer) {
    const headers = bearerHeaders(credential.token);
    const whole = REFERENCE_ROUTES.dates.response.parse(
      (await getJson(emulator.baseUrl + REFERENCE_ROUTES.dates.path, headers)).body,
    );
    const found = async (group: "ad_unit" | (typeof dimensions)[number][2]) => {
      const answer = await stats(emulator, credential.token, { filters: whole, groups: [group], limit: 10_000 });
      expect(answer.total).toBe(answer.stats.length);
      return answer.stats.map((entry) => entry.group[group]).sort();
    };
    for (const [route, filter, group] of dimensions) {
      const { status, body } = await getJson(emulator.baseUrl + REFERENCE_ROUTES[route].path, headers);
      expect(status).toBe(200);
      const listed = REFERENCE_ROUTES[route].response
        .parse(body)
        .map((option) => option.value)
        .sort();
      expect([route, listed]).toEqual([route, await found(group)]);
      listsDiffer.add(`${route}:${listed.join(",")}`);
      // Every listed value passes the filter's schema and finds traffic when used as the filter.
      const filtered = await stats(emulator, credential.token, {
        filters: { ...whole, [filter]: listed },
        groups: [group],
        limit: 10_000,
      });
      expect(filtered.stats.map((entry) => entry.group[group]).sort()).toEqual(listed);
    }
    const assets = REFERENCE_ROUTES.assets.response.parse(
      (await getJson(emulator.baseUrl + REFERENCE_ROUTES.assets.path, headers)).body,
    );
    const adUnits = assets.flatMap((asset) => asset.adUnits.map((unit) => unit.value)).sort();
    expect(adUnits).toEqual(await found("ad_unit"));
  }
  // The tokens do not all see the same lists, so the comparison above tells them apart.
  expect(listsDiffer.size).toBeGreaterThan(dimensions.length);
});

test("another organization's asset named in a filter yields none of its traffic", async () => {
  for (const credential of emulator.credentials.bearer.filter((candidate) => others(candidate).length > 0)) {
    const widest = emulator.credentials.bearer.find(
      (candidate) => candidate.organizations.length === allOrganizations().length,
    )!;
    const everyAsset = (await getJson(emulator.baseUrl + REFERENCE_ROUTES.assets.path, bearerHeaders(widest.token)))
      .body as {
      assets: { id: string; organization: string }[];
    };
    const foreign = everyAsset.assets
      .filter((asset) => !credential.organizations.includes(asset.organization))
      .map((asset) => asset.id);
    expect(foreign.length).toBeGreaterThan(0);
    const answer = await stats(emulator, credential.token, {
      filters: { ...period, assets: foreign },
      groups: ["asset"],
    });
    expect(answer.stats).toEqual([]);
  }
});

test("each legacy key sees only its applications and their ad units", async () => {
  const appsOf = new Map<string, number[]>();
  for (const credential of emulator.credentials.legacy) {
    const { status, body } = await getJson(
      `${emulator.legacyBaseUrl}/reporting/v1/applications`,
      legacyHeaders(credential),
    );
    expect(status).toBe(200);
    const applications = applicationsResponse.parse(body).applications;
    expect(applications.map((app) => app.app_key).sort()).toEqual([...credential.applications].sort());
    appsOf.set(credential.apiKey, credential.applications);

    const ownAdUnits = new Set(applications.flatMap((app) => app.ad_unit_ids));
    const answer = await legacyStats(emulator, credential, {
      group_by: "ad_unit_id",
      from_date: period.from,
      to_date: period.to,
    });
    expect(answer.applications.sort()).toEqual([...credential.applications].sort());
    for (const adUnit of Object.keys(answer.aggregation ?? {})) expect(ownAdUnits.has(adUnit)).toBe(true);
  }
  // The demo keys cover different applications, so the checks above compare distinct data sets.
  const lists = [...appsOf.values()].map((keys) => [...keys].sort().join(","));
  expect(new Set(lists).size).toBe(lists.length);
});

test("a legacy key with another key's secret is refused", async () => {
  const [first, second] = emulator.credentials.legacy;
  const response = await fetch(`${emulator.legacyBaseUrl}/reporting/v1/applications`, {
    headers: legacyHeaders({ apiKey: first!.apiKey, apiSecret: second!.apiSecret }),
  });
  expect(response.status).toBe(401);
});
