import {
  assetTypesResponse,
  assetsResponse,
  countriesResponse,
  datesResponse,
  detailsResponse,
  deviceTypesResponse,
  formatsResponse,
  integrationTypesResponse,
  readOption,
  unwrapList,
} from "../../../src/api/reference";
import { REFERENCE_ROUTES } from "../../../src/api/routes";

const OPTION_READERS = {
  countries: [countriesResponse, "countries"],
  formats: [formatsResponse, "formats"],
  integrationTypes: [integrationTypesResponse, "integration_types"],
  deviceTypes: [deviceTypesResponse, "device_types"],
  assetTypes: [assetTypesResponse, "asset_types"],
} as const;

describe.each(Object.entries(OPTION_READERS))("%s reader", (_name, [reader, wrapperKey]) => {
  const expected = [
    { value: "a", label: "a" },
    { value: "b", label: "b" },
  ];

  it("reads a bare array of strings", () => {
    expect(reader.parse(["a", "b"])).toEqual(expected);
  });

  it("reads a bare array of objects", () => {
    expect(reader.parse([{ code: "a" }, { code: "b" }])).toEqual(expected);
  });

  it(`reads an object wrapping the list under ${wrapperKey}, next to other fields`, () => {
    expect(reader.parse({ [wrapperKey]: ["a", "b"], count: 2, meta: { page: 1 } })).toEqual(expected);
  });

  it("reads an object wrapping the list under data or under any single array", () => {
    expect(reader.parse({ data: ["a", "b"] })).toEqual(expected);
    expect(reader.parse({ whatever: ["a", "b"], total: 2 })).toEqual(expected);
  });

  it("refuses an answer holding no list, or two lists with no known name", () => {
    expect(reader.safeParse("FR").success).toBe(false);
    expect(reader.safeParse({ one: ["a"], two: ["b"] }).success).toBe(false);
  });

  it("refuses an item it cannot read, naming its index", () => {
    const result = reader.safeParse(["a", null, { flag: true }]);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([[1], [2]]);
  });
});

describe("readOption", () => {
  it.each([
    [
      { id: "x", name: "X" },
      { value: "x", label: "X" },
    ],
    [
      { code: "FR", label: "France" },
      { value: "FR", label: "France" },
    ],
    [
      { key: "k", title: "Title" },
      { value: "k", label: "Title" },
    ],
    [
      { value: "v", description: "Described" },
      { value: "v", label: "Described" },
    ],
    [{ name: "only a name" }, { value: "only a name", label: "only a name" }],
    [{ label: "only a label" }, { value: "only a label", label: "only a label" }],
    [
      { id: 7, name: "Seven" },
      { value: "7", label: "Seven" },
    ],
    [42, { value: "42", label: "42" }],
    // An empty value is no value: the next key is used.
    [
      { value: "", id: "fallback" },
      { value: "fallback", label: "fallback" },
    ],
  ])("reads %j", (item, option) => {
    expect(readOption(item)).toEqual(option);
  });

  it("describes what it cannot read", () => {
    expect(readOption({ flag: true })).toEqual({ message: expect.stringContaining("has none of the fields") });
    expect(readOption(null)).toEqual({ message: "is null, expected a text or an object" });
    expect(readOption(Number.NaN)).toEqual({ message: "is number, expected a text or an object" });
  });
});

describe("unwrapList", () => {
  it("prefers the named key over other arrays", () => {
    expect(unwrapList({ other: [1], countries: [2] }, ["countries"])).toEqual([2]);
  });

  it("gives nothing for scalars", () => {
    expect(unwrapList(3)).toBeUndefined();
    expect(unwrapList(null)).toBeUndefined();
  });
});

describe("assetsResponse", () => {
  it("reads the inferred shape, with bundle, type and ad units", () => {
    const answer = {
      assets: [
        {
          id: "ABC-1A2B3C4D",
          name: "Puzzle",
          bundle: "com.example.puzzle",
          asset_type: "ANDROID",
          ad_units: [{ id: "7c9e6679-7425-40de-944b-e07fc1f90ae7", name: "Interstitial" }, { flag: true }],
          extra: 1,
        },
        "WEB-00000001",
      ],
    };
    expect(assetsResponse.parse(answer)).toEqual([
      {
        value: "ABC-1A2B3C4D",
        label: "Puzzle",
        bundle: "com.example.puzzle",
        assetType: "ANDROID",
        // An ad unit it cannot read is left out rather than failing the whole list.
        adUnits: [{ value: "7c9e6679-7425-40de-944b-e07fc1f90ae7", label: "Interstitial" }],
      },
      { value: "WEB-00000001", label: "WEB-00000001", bundle: undefined, assetType: undefined, adUnits: [] },
    ]);
  });

  it("reads adUnits in camel case and a platform as the asset type", () => {
    const [asset] = assetsResponse.parse([{ id: "A-11111111", platform: "IOS", adUnits: ["u1"] }]);
    expect(asset?.assetType).toBe("IOS");
    expect(asset?.adUnits).toEqual([{ value: "u1", label: "u1" }]);
  });

  it("refuses an answer holding no list, and an asset without an identifier", () => {
    expect(assetsResponse.safeParse({ assets: "none" }).success).toBe(false);
    const result = assetsResponse.safeParse([{ bundle: "b" }]);
    expect(result.error?.issues[0]?.path).toEqual([0]);
  });
});

describe("detailsResponse", () => {
  it("reads a single organization object", () => {
    const answer = { id: "0f8fad5b-d9cb-469f-a165-70867728950e", name: "Acme", currency: "USD" };
    expect(detailsResponse.parse(answer)).toEqual({
      organizations: [{ value: "0f8fad5b-d9cb-469f-a165-70867728950e", label: "Acme" }],
      raw: answer,
    });
  });

  it("reads a single organization object that holds one unrelated list", () => {
    const answer = { id: "org-1", name: "Acme", users: [{ id: "user-1", name: "Ann" }] };
    expect(detailsResponse.parse(answer).organizations).toEqual([{ value: "org-1", label: "Acme" }]);
  });

  it("reads a list of organizations, bare or wrapped, with uuid/label variants", () => {
    expect(detailsResponse.parse([{ uuid: "u1", label: "One" }]).organizations).toEqual([
      { value: "u1", label: "One" },
    ]);
    expect(detailsResponse.parse({ organizations: [{ id: "u2" }], user: { id: "me" } }).organizations).toEqual([
      { value: "u2", label: "u2" },
    ]);
    expect(detailsResponse.parse({ organisations: ["u3"] }).organizations).toEqual([{ value: "u3", label: "u3" }]);
  });

  it("refuses an answer with no organizations, naming the broken entry", () => {
    expect(detailsResponse.safeParse("acme").success).toBe(false);
    expect(detailsResponse.safeParse({ organizations: [{ name: null }] }).error?.issues[0]?.path).toEqual([
      "organizations",
      0,
    ]);
  });
});

describe("datesResponse", () => {
  it.each([
    [{ from: "2024-01-01", to: "2025-06-30" }],
    [{ start_date: "2024-01-01", end_date: "2025-06-30" }],
    [{ startDate: "2024-01-01T00:00:00Z", endDate: "2025-06-30T23:59:59Z" }],
    [{ min: "2024-01-01", max: "2025-06-30" }],
    [{ data: { first: "2024-01-01", last: "2025-06-30" } }],
    [{ dates: ["2025-06-30", "2024-01-01", "2024-07-14"] }],
    [["2024-01-01", "2025-06-30"]],
  ])("reads %j as a period", (answer) => {
    expect(datesResponse.parse(answer)).toEqual({ from: "2024-01-01", to: "2025-06-30" });
  });

  it.each([
    [{}],
    [[]],
    [{ from: "2024-01-01" }],
    [{ from: "2024-02-30", to: "2024-03-01" }],
    [["2024-01-01", "soon"]],
    ["2024"],
  ])("refuses %j", (answer) => {
    const result = datesResponse.safeParse(answer);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("expected the first and last available dates (YYYY-MM-DD)");
  });
});

describe("REFERENCE_ROUTES", () => {
  it("gives every reference route of the spec its own path", () => {
    const paths = Object.values(REFERENCE_ROUTES).map((route) => route.path);
    expect(paths.sort()).toEqual(
      [
        "/asset-types",
        "/assets",
        "/countries",
        "/dates",
        "/details",
        "/device-types",
        "/formats",
        "/integration-types",
      ].sort(),
    );
  });
});
