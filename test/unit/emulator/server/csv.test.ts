import { toCsv } from "../../../../src/emulator/server/csv";
import { statsTable } from "../../../../src/emulator/server/stats-table";

test("fields holding a comma, a quote or a line break are quoted, quotes doubled; lines end with CRLF after a BOM", () => {
  const table = statsTable(
    { filters: { from: "2026-06-01", to: "2026-06-01" }, groups: ["asset", "country"], metrics: ["revenues"] },
    [
      { group: { asset: 'Puzzle, "Deluxe"', country: "FR" }, metrics: { revenues: 1.5 } },
      { group: { asset: "Two\nlines", country: null }, metrics: { revenues: 1.2e-7 } },
      { group: { asset: "Plain", country: "US" }, metrics: {} },
    ],
  );
  expect(toCsv(table).toString("utf8")).toBe(
    '\uFEFFasset,country,revenues\r\n"Puzzle, ""Deluxe""",FR,1.5\r\n"Two\nlines",,1.2e-7\r\nPlain,US,\r\n',
  );
});

test("without metrics in the request, the columns are the groups then all four metrics", () => {
  const table = statsTable({ filters: { from: "2026-06-01", to: "2026-06-01" }, groups: ["date"] }, []);
  expect(table.columns.map((column) => column.name)).toEqual(["date", "impressions", "revenues", "ecpm", "requests"]);
  expect(table.columns[0]!.kind).toBe("date");
});
