import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { partText, section1Of } from "../../support/data-mashup";
import { powerQueryFiles, POWER_QUERY_NAME } from "../../../src/core/power-query/power-query-files";
import { powerQueryWorkbook } from "../../../src/core/power-query/workbook";

/**
 * The workbook "Open in Power Query" downloads, opened as Excel would: its DataMashup part (the
 * Power Query package, base64 inside customXml) holds the M query the pane intended, the
 * connection refreshes on open, and another spreadsheet program reads the file.
 */

describe("the Open in Power Query workbook", () => {
  const files = powerQueryFiles(
    {
      period: { word: "LAST_MONTH" },
      groups: ["date", "country"],
      metrics: ["impressions", "revenues"],
      filters: { countries: ["FR", "DE"], formats: ['say "hi" #(lf)'] },
      orders: [],
    },
    { origin: "https://addin.example", today: "2026-11-26" },
  );
  let dir: string;
  let bytes: Uint8Array;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "power-query-"));
    bytes = await powerQueryWorkbook(files);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("holds the intended M query, refreshed on open, loaded to a table with the query's headers", () => {
    const entries = unzipSync(bytes);
    const m = section1Of(bytes);
    expect(m).toContain(`shared #"${POWER_QUERY_NAME}" = `);
    expect(m).toContain(files.mQuery);
    expect(m).toContain("From = Date.StartOfMonth(Date.AddMonths(Today, -1)),");
    expect(m).toContain("%20and%20format%20eq%20'say%20%22hi%22%20%23(lf)'");
    const connections = strFromU8(entries["xl/connections.xml"] ?? new Uint8Array());
    expect(connections).toMatch(/refreshOnLoad="1"/);
    expect(connections).toContain(`Location=&quot;${POWER_QUERY_NAME}&quot;`);
    const tables = Object.keys(entries).filter((name) => /^xl\/tables\/table\d+\.xml$/.test(name));
    expect(tables).toHaveLength(1);
    const table = strFromU8(entries[tables[0]!]!);
    for (const column of files.columns) expect(table).toContain(`name="${column}"`);
    // No credential in any part of the file.
    for (const [name, part] of Object.entries(entries))
      expect(`${name} ${partText(part)}`).not.toMatch(/Authorization|Bearer |access_token=/);
  });

  it("opens in LibreOffice", () => {
    if (spawnSync("soffice", ["--version"]).status !== 0 && process.env.CI !== "true") {
      console.warn(
        "LibreOffice read-back skipped: no soffice (apt-get install -y libreoffice-calc-nogui). Under CI=true it fails.",
      );
      return;
    }
    const file = path.join(dir, `${files.fileStem}.xlsx`);
    writeFileSync(file, bytes);
    const profile = mkdtempSync(path.join(tmpdir(), "lo-profile-"));
    const converted = spawnSync(
      "soffice",
      ["--headless", `-env:UserInstallation=file://${profile}`, "--convert-to", "csv", "--outdir", dir, file],
      { encoding: "utf8", timeout: 120_000 },
    );
    rmSync(profile, { recursive: true, force: true });
    expect(converted.status).toBe(0);
    expect(converted.stderr).not.toMatch(/error/i);
    const csv = readFileSync(path.join(dir, `${files.fileStem}.csv`), "utf8");
    expect(csv.split("\n")[0]?.trim()).toBe(files.columns.join(","));
  }, 120_000);
});
