import { loadPreviewReference } from "../../../../src/taskpane/shared/preview-labels";

type Runtime = Parameters<typeof loadPreviewReference>[0];

function runtimeWith(answers: Record<string, unknown>): Runtime {
  return {
    reference: (async (name: string) => {
      if (!(name in answers)) throw new Error(`no ${name} in this test`);
      return answers[name];
    }) as Runtime["reference"],
  };
}

describe("loadPreviewReference", () => {
  it("names the codes of every list and reads the last day with data from /dates", async () => {
    const reference = await loadPreviewReference(
      runtimeWith({
        countries: [{ value: "US", label: "United States" }],
        formats: [{ value: "banner_320x50", label: "Banner" }],
        integrationTypes: [{ value: "header_bidding", label: "Header bidding" }],
        deviceTypes: [{ value: "mobile", label: "Mobile" }],
        assetTypes: [{ value: "IOS", label: "iOS" }],
        assets: [{ value: "a1", label: "Puzzle Quest", adUnits: [{ value: "u1", label: "Main menu banner" }] }],
        details: { organizations: [{ value: "o1", label: "Acme Games" }], raw: {} },
        dates: { from: "2024-01-01", to: "2024-05-15" },
      }),
    );
    expect(
      [
        ["country", "US"],
        ["format", "banner_320x50"],
        ["integration_type", "header_bidding"],
        ["device_types", "mobile"],
        ["asset_type", "IOS"],
        ["asset", "a1"],
        ["ad_unit", "u1"],
        ["organization", "o1"],
        ["ad_unit_type", "banner_320x50"],
      ].map(([group, code]) => reference.labelOf(group!, code!)),
    ).toEqual([
      "United States",
      "Banner",
      "Header bidding",
      "Mobile",
      "iOS",
      "Puzzle Quest",
      "Main menu banner",
      "Acme Games",
      "Banner",
    ]);
    expect(reference.dataThrough).toBe("2024-05-15");
  });

  it("leaves the codes of a list that cannot be loaded as they are, and still names the others", async () => {
    const reference = await loadPreviewReference(
      runtimeWith({ formats: [{ value: "banner_320x50", label: "Banner" }] }),
    );
    expect(reference.labelOf("country", "US")).toBeUndefined();
    expect(reference.labelOf("format", "banner_320x50")).toBe("Banner");
    expect(reference.dataThrough).toBeUndefined();
  });

  it("names the codes of a query pinned to a profile from that profile's lists, and the active one's otherwise", async () => {
    const lists: Record<string, Record<string, unknown>> = {
      Finance: {
        countries: [{ value: "US", label: "United States" }],
        dates: { from: "2024-01-01", to: "2024-05-15" },
      },
      Sales: { countries: [{ value: "US", label: "USA (Sales)" }], dates: { from: "2024-01-01", to: "2024-05-10" } },
    };
    const runtime: Runtime = {
      reference: (async (name: string, options?: { profile?: string }) => {
        const answer = lists[options?.profile ?? "Finance"]?.[name];
        if (answer === undefined) throw new Error(`no ${name} in this test`);
        return answer;
      }) as Runtime["reference"],
    };
    const pinned = await loadPreviewReference(runtime, "Sales");
    expect([pinned.labelOf("country", "US"), pinned.dataThrough]).toEqual(["USA (Sales)", "2024-05-10"]);
    const active = await loadPreviewReference(runtime);
    expect([active.labelOf("country", "US"), active.dataThrough]).toEqual(["United States", "2024-05-15"]);
  });
});
