import { readListItems } from "../../../../src/core/arguments/list-text";
import { readGroupNames, readMetricNames, readOrderEntries } from "../../../../src/core/arguments/names";

describe("lists of groups, metrics and orders", () => {
  it("splits texts on commas, semicolons and line breaks, and reads ranges cell by cell", () => {
    expect(readListItems("date, country;format\nasset")).toEqual(["date", "country", "format", "asset"]);
    expect(
      readListItems([
        ["date", null],
        ["", "country, format"],
      ]),
    ).toEqual(["date", "country", "format"]);
    expect(readListItems(null)).toEqual([]);
    expect(readListItems(undefined)).toEqual([]);
    expect(readListItems(" ; , ")).toEqual([]);
  });

  it("reads groups by API name or readable alias, in order, without repeats", () => {
    expect(
      readGroupNames(["Date", "device_type", "ad unit", "Country", "countries", "Integration-Type", "platform"]),
    ).toEqual(["date", "device_types", "ad_unit", "country", "integration_type", "asset_type"]);
  });

  it("names a wrong group and lists the accepted ones", () => {
    expect(() => readGroupNames(["date", "cuntry"])).toThrow(
      'groups: "cuntry" is not a group. Use one of: date, organization, asset, asset_type, country, ad_unit, format, integration_type, device_types',
    );
  });

  it("reads metrics with aliases", () => {
    expect(readMetricNames(["Revenue", "eCPM", "impression", "Requests"])).toEqual([
      "revenues",
      "ecpm",
      "impressions",
      "requests",
    ]);
    expect(() => readMetricNames(["clicks"])).toThrow(
      'metrics: "clicks" is not a metric. Use one of: impressions, revenues, ecpm, requests',
    );
  });

  it("reads orders with a direction written several ways", () => {
    expect(
      readOrderEntries(["revenues:desc", "Revenue DESC", "date", "Country asc", "eCPM descending", "ad unit:ASC"]),
    ).toEqual(["revenues:desc", "date", "country", "ecpm:desc", "ad_unit"]);
    expect(() => readOrderEntries(["size:desc"])).toThrow(/^orders: "size:desc" is not a metric or group/);
  });

  it("refuses one field sorted both ways, where the same entry twice is one sort", () => {
    expect(readOrderEntries(["revenues:desc", "Revenue DESC"])).toEqual(["revenues:desc"]);
    expect(() => readOrderEntries(["COUNTRY", "country:descending"])).toThrow(
      'orders: "country:descending" sorts by country again, the other way. List each field once, with :desc to sort descending',
    );
  });
});
