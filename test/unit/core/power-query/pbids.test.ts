import { powerQueryFiles } from "../../../../src/core/power-query/power-query-files";

describe("the Power BI data source file (.pbids)", () => {
  it("is one OData connection to the feed URL, with the days as of today and no credential", () => {
    const files = powerQueryFiles(
      {
        period: { word: "LAST_MONTH" },
        groups: ["country"],
        metrics: ["revenues"],
        filters: { countries: ["FR"] },
        orders: [],
      },
      { origin: "https://addin.example/", today: "2026-11-26" },
    );
    const pbids = JSON.parse(files.pbids);
    expect(pbids).toEqual({
      version: "0.1",
      connections: [
        {
          details: {
            protocol: "odata",
            address: {
              url: "https://addin.example/odata/Stats?$select=country%2Crevenues&$filter=date%20ge%202026-10-01%20and%20date%20le%202026-10-31%20and%20country%20eq%20'FR'",
            },
          },
          options: {},
          mode: null,
        },
      ],
    });
    expect(files.days).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(files.fileStem).toBe("stats_2026-10-01_2026-10-31_by-country_country-FR_power-query");
  });
});
