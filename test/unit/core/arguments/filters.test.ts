import { readFilters } from "../../../../src/core/arguments/filters";

describe("filters", () => {
  it("reads a text with readable names and normalises values", () => {
    expect(
      readFilters(
        "countries=fr, DE; formats=interstitial; Device type=Mobile; integration=Header bidding; platform=ios",
      ),
    ).toEqual({
      countries: ["FR", "DE"],
      formats: ["interstitial"],
      device_types: ["mobile"],
      integration_types: ["header_bidding"],
      asset_types: ["IOS"],
    });
  });

  it("reads a two-column range whose values may be a list", () => {
    expect(
      readFilters([
        ["countries", "FR,DE"],
        ["format", "interstitial"],
        [null, null],
        ["Countries", "IT"],
      ]),
    ).toEqual({ countries: ["FR", "DE", "IT"], formats: ["interstitial"] });
  });

  it("reads one value per cell across a row, and name=values texts in single cells", () => {
    expect(
      readFilters([
        ["countries", "FR", "DE", ""],
        ["formats=interstitial,banner_320x50", null, null],
      ]),
    ).toEqual({
      countries: ["FR", "DE"],
      formats: ["interstitial", "banner_320x50"],
    });
  });

  it("treats a name with no values as no filter (a template may leave it empty)", () => {
    expect(
      readFilters([
        ["countries", ""],
        ["formats", null],
      ]),
    ).toEqual({});
    expect(readFilters("countries=; formats=interstitial")).toEqual({ formats: ["interstitial"] });
  });

  it("is empty for a blank argument", () => {
    expect(readFilters(null)).toEqual({});
    expect(readFilters("")).toEqual({});
    expect(readFilters(undefined)).toEqual({});
  });

  it("keeps each value once", () => {
    expect(readFilters("countries=FR,fr,FR")).toEqual({ countries: ["FR"] });
  });

  it("names what is wrong", () => {
    expect(() => readFilters("country FR")).toThrow(
      /^filters: "country FR" is not name=values. Write e.g. countries=FR,DE/,
    );
    expect(() => readFilters("colour=red")).toThrow(
      /^filters: "colour" is not a filter. Use one of: organizations, assets/,
    );
    expect(() => readFilters([["from", "2025-01-01"]])).toThrow(/the period goes in the from and to arguments/);
  });
});
