import { assetRows, optionRows, organizationRows, periodRows } from "../../../../src/core/rows/reference-rows";

describe("reference rows", () => {
  it("lists options as value and label", () => {
    expect(optionRows([{ value: "FR", label: "France" }], "readable").rows).toEqual([
      ["Value", "Label"],
      ["FR", "France"],
    ]);
    expect(optionRows([], "none").rows).toEqual([["", ""]]);
  });

  it("shows the available period as two Excel dates", () => {
    const table = periodRows({ from: "2024-01-01", to: "2025-01-01" }, "api");
    expect(table.rows).toEqual([
      ["from", "to"],
      [45292, 45658],
    ]);
    expect(table.dateColumns).toEqual([0, 1]);
  });

  it("gives one row per asset and ad unit, and keeps assets without ad units", () => {
    const table = assetRows(
      [
        {
          value: "ABC-1A2B3C4D",
          label: "Game",
          assetType: "ANDROID",
          bundle: "com.game",
          adUnits: [
            { value: "u1", label: "Main" },
            { value: "u2", label: "Bonus" },
          ],
        },
        { value: "ABC-9Z8Y7X6W", label: "Site", adUnits: [] },
      ],
      "readable",
    );
    expect(table.rows).toEqual([
      ["Asset id", "Asset", "Asset type", "Bundle", "Ad unit id", "Ad unit"],
      ["ABC-1A2B3C4D", "Game", "ANDROID", "com.game", "u1", "Main"],
      ["ABC-1A2B3C4D", "Game", "ANDROID", "com.game", "u2", "Bonus"],
      ["ABC-9Z8Y7X6W", "Site", "", "", "", ""],
    ]);
    expect(table.dataRowCount).toBe(3);
  });

  it("lists the organizations of details", () => {
    expect(organizationRows({ organizations: [{ value: "id-1", label: "Acme" }], raw: {} }, "none").rows).toEqual([
      ["id-1", "Acme"],
    ]);
  });
});
