import { exportFileName, MAX_NAME_STEM } from "../../../../src/core/exports/file-name";

const period = { from: "2026-10-01", to: "2026-10-31" };

describe("export file names", () => {
  it("carry the period, the groups and the filters", () => {
    expect(
      exportFileName({
        prefix: "stats",
        period,
        groups: ["date", "country"],
        filters: { countries: ["US", "FR"] },
        extension: "xlsx",
      }),
    ).toBe("stats_2026-10-01_2026-10-31_by-date-country_country-US-FR.xlsx");
    expect(exportFileName({ prefix: "stats", period, groups: [], extension: "csv" })).toBe(
      "stats_2026-10-01_2026-10-31_totals.csv",
    );
    expect(exportFileName({ prefix: "legacy-stats", period, groups: ["day", "ad_unit_type"], extension: "csv" })).toBe(
      "legacy-stats_2026-10-01_2026-10-31_by-day-ad_unit_type.csv",
    );
  });

  it("list filters in a fixed order whatever order they were picked in, and cut long lists with +N", () => {
    const name = exportFileName({
      prefix: "stats",
      period,
      groups: ["country"],
      filters: { formats: ["banner_320x50"], countries: ["US", "FR", "DE", "IT", "ES", "GB"] },
      extension: "csv",
    });
    expect(name).toBe("stats_2026-10-01_2026-10-31_by-country_country-US-FR-DE+3_format-banner_320x5.csv");
  });

  it("keep only safe characters: no path, no space, no quote, and values without their dashes", () => {
    const name = exportFileName({
      prefix: "stats",
      period,
      groups: ["organization"],
      filters: { organizations: ["5f0c6a52-1d2e-4c1b-9a8e-0d6f1b2c3d4e"], formats: ['../"a b"\r\n'] },
      extension: "xlsx",
    });
    expect(name).toMatch(/^[A-Za-z0-9._+-]+\.xlsx$/);
    expect(name).toBe("stats_2026-10-01_2026-10-31_by-organization_organization-5f0c6a521d2e_format-..ab.xlsx");
  });

  it("stay short: many values show fewer each, then filters are counted rather than listed", () => {
    const many = Array.from({ length: 40 }, (_, index) => `value${index}`);
    const parts = { prefix: "stats", period, groups: ["date", "country", "format"], extension: "csv" } as const;
    const fewer = exportFileName({
      ...parts,
      filters: { countries: many, formats: many, device_types: ["mobile", "desktop"] },
    });
    expect(fewer).toBe(
      "stats_2026-10-01_2026-10-31_by-date-country-format_country-value0+39_format-value0+39_device_types-mobile+1.csv",
    );
    const counted = exportFileName({
      ...parts,
      filters: {
        countries: many,
        formats: many,
        assets: many,
        device_types: ["mobile", "desktop"],
        asset_types: ["IOS"],
        integration_types: ["header_bidding"],
      },
    });
    expect(counted.length).toBeLessThanOrEqual(MAX_NAME_STEM + ".csv".length);
    expect(counted).toBe(
      "stats_2026-10-01_2026-10-31_by-date-country-format_asset+40_asset_type+1_country+40_format+40_+2-filters.csv",
    );
  });
});
