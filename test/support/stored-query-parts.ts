import { readFileSync } from "node:fs";
import path from "node:path";
import { tableQueryXml } from "../../src/core/workbook-queries/record-xml";
import type { StoredTableQuery } from "../../src/core/workbook-queries/stored-query";
import { entryText, readZip, writeZip, type OutputEntry } from "../../src/core/xlsx/zip-package";

/**
 * Adds the add-in's stored queries to a workbook saved by Excel, the way Excel saves the parts
 * Office.js's `customXmlParts.add(xml)` makes (read from files Excel saved, such as
 * simple-monthly-budget.xlsx's own part):
 * - `customXml/itemN.xml`: the XML as given (the pane's `tableQueryXml`);
 * - `customXml/itemPropsN.xml`: a `ds:datastoreItem` with a new item id and the part's namespace;
 * - `customXml/_rels/itemN.xml.rels`: the item's relationship to its properties;
 * - a `customXml` relationship from `xl/_rels/workbook.xml.rels`;
 * - a content type override for the properties part (the item itself is plain `xml`).
 * N continues after the workbook's own custom XML parts. Every other entry is copied as it was,
 * compressed bytes included, so that a test can compare them with the refreshed file.
 */

export const EXCEL_MADE = path.resolve(__dirname, "../fixtures/excel-made");

export function excelMade(name: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(EXCEL_MADE, name)));
}

/** The period of the headless refresh tests' stored queries (the emulator's data covers it). */
export const STORED_PERIOD = { from: "2024-01-01", to: "2024-03-10" };

/**
 * A stored query as the pane saves one, for the headless refresh tests: `groups` with
 * impressions and revenues over STORED_PERIOD, on the table `table` of `sheet` (table-sample.xlsx's
 * Tabelle1 unless given), pinned to `profile` when given.
 */
export function storedQuery(
  id: string,
  groups: string[],
  where: { table?: string; sheet?: string; profile?: string } = {},
): StoredTableQuery {
  const { table = "Tabelle1", sheet = "Tabelle1", profile } = where;
  return {
    version: 1,
    id,
    query: {
      period: STORED_PERIOD,
      groups,
      metrics: ["impressions", "revenues"],
      filters: {},
      orders: [],
      ...(profile ? { profile } : {}),
    },
    table: { excelId: "{1}", name: table, sheet },
    columns: [...groups, "impressions", "revenues"],
    pivots: [],
    createdAt: "2024-01-01T00:00:00Z",
  } as StoredTableQuery;
}

const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';
const RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** `xml` as given for each part (a damaged one, a newer version's), or a record the pane's writer turns into it. */
export type PartContent = StoredTableQuery | { xml: string };

export function withStoredQueries(workbook: Uint8Array, contents: readonly PartContent[]): Uint8Array {
  const entries = readZip(workbook);
  const names = new Set(entries.map((entry) => entry.name));
  let number = 1;
  while (names.has(`customXml/item${number}.xml`)) number++;
  const added: { name: string; text: string }[] = [];
  const workbookRels: string[] = [];
  const overrides: string[] = [];
  contents.forEach((content, index) => {
    const n = number + index;
    const xml = "xml" in content ? content.xml : tableQueryXml(content);
    const itemId = `{${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}}`.toUpperCase();
    added.push({ name: `customXml/item${n}.xml`, text: xml });
    added.push({
      name: `customXml/itemProps${n}.xml`,
      text: `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\r\n<ds:datastoreItem ds:itemID="${itemId}" xmlns:ds="http://schemas.openxmlformats.org/officeDocument/2006/customXml"><ds:schemaRefs><ds:schemaRef ds:uri="urn:ad-reporting-excel:table-query:1"/></ds:schemaRefs></ds:datastoreItem>`,
    });
    added.push({
      name: `customXml/_rels/item${n}.xml.rels`,
      text: `${DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS}/customXmlProps" Target="itemProps${n}.xml"/></Relationships>`,
    });
    workbookRels.push(`<Relationship Id="rIdQ${n}" Type="${RELS}/customXml" Target="../customXml/item${n}.xml"/>`);
    overrides.push(
      `<Override PartName="/customXml/itemProps${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.customXmlProperties+xml"/>`,
    );
  });
  const output: OutputEntry[] = entries.map((entry): OutputEntry => {
    if (entry.name === "xl/_rels/workbook.xml.rels") {
      return {
        kind: "new",
        name: entry.name,
        mtime: entry.mtime,
        chunks: [entryText(entry).replace("</Relationships>", `${workbookRels.join("")}</Relationships>`)],
      };
    }
    if (entry.name === "[Content_Types].xml") {
      return {
        kind: "new",
        name: entry.name,
        mtime: entry.mtime,
        chunks: [entryText(entry).replace("</Types>", `${overrides.join("")}</Types>`)],
      };
    }
    return { kind: "kept", entry };
  });
  for (const part of added)
    output.push({ kind: "new", name: part.name, mtime: new Date(2024, 0, 1), chunks: [part.text] });
  const chunks: Uint8Array[] = [];
  writeZip(output, (chunk) => chunks.push(chunk));
  return new Uint8Array(Buffer.concat(chunks));
}

function hex(digits: number): string {
  return Array.from({ length: digits }, () => Math.floor(Math.random() * 16).toString(16)).join("");
}

/**
 * Turns a block of a sheet into an Excel table (its part, the sheet's relationship and
 * `tableParts`, the content type), as Excel saves one: the fixtures with PivotTables over a range
 * have no table, and the add-in's tables are always Excel tables. `columns` must be the header
 * cells' texts, as Excel requires.
 */
export function withTable(
  workbook: Uint8Array,
  table: { sheetPath: string; name: string; ref: string; columns: readonly string[] },
): Uint8Array {
  const entries = readZip(workbook);
  let number = 1;
  while (entries.some((entry) => entry.name === `xl/tables/table${number}.xml`)) number++;
  const slash = table.sheetPath.lastIndexOf("/");
  const relsPath = `${table.sheetPath.slice(0, slash)}/_rels/${table.sheetPath.slice(slash + 1)}.rels`;
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
  const columns = table.columns
    .map((name, index) => `<tableColumn id="${index + 1}" name="${escape(name)}"/>`)
    .join("");
  const tableXml =
    `${DECLARATION}<table xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" id="${number}" name="${table.name}" displayName="${table.name}" ref="${table.ref}">` +
    `<autoFilter ref="${table.ref}"/><tableColumns count="${table.columns.length}">${columns}</tableColumns>` +
    `<tableStyleInfo name="TableStyleMedium2" showFirstColumn="0" showLastColumn="0" showRowStripes="1" showColumnStripes="0"/></table>`;
  const relationship = `<Relationship Id="rIdT${number}" Type="${RELS}/table" Target="../tables/table${number}.xml"/>`;
  const output: OutputEntry[] = entries.map((entry): OutputEntry => {
    const edit = (text: string): OutputEntry => ({ kind: "new", name: entry.name, mtime: entry.mtime, chunks: [text] });
    if (entry.name === relsPath)
      return edit(entryText(entry).replace("</Relationships>", `${relationship}</Relationships>`));
    if (entry.name === table.sheetPath) {
      const text = entryText(entry);
      const at = text.includes("<extLst") ? text.indexOf("<extLst") : text.lastIndexOf("</worksheet>");
      return edit(
        `${text.slice(0, at)}<tableParts count="1"><tablePart r:id="rIdT${number}"/></tableParts>${text.slice(at)}`,
      );
    }
    if (entry.name === "[Content_Types].xml") {
      return edit(
        entryText(entry).replace(
          "</Types>",
          `<Override PartName="/xl/tables/table${number}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.table+xml"/></Types>`,
        ),
      );
    }
    return { kind: "kept", entry };
  });
  if (!entries.some((entry) => entry.name === relsPath)) {
    output.push({
      kind: "new",
      name: relsPath,
      mtime: new Date(2024, 0, 1),
      chunks: [
        `${DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationship}</Relationships>`,
      ],
    });
  }
  output.push({ kind: "new", name: `xl/tables/table${number}.xml`, mtime: new Date(2024, 0, 1), chunks: [tableXml] });
  const chunks: Uint8Array[] = [];
  writeZip(output, (chunk) => chunks.push(chunk));
  return new Uint8Array(Buffer.concat(chunks));
}

/** Rewrites one entry's text (a pivot cache sourced by name instead of by range, say). */
export function withEntryText(workbook: Uint8Array, name: string, edit: (text: string) => string): Uint8Array {
  const output = readZip(workbook).map((entry): OutputEntry =>
    entry.name === name
      ? { kind: "new", name, mtime: entry.mtime, chunks: [edit(entryText(entry))] }
      : { kind: "kept", entry },
  );
  const chunks: Uint8Array[] = [];
  writeZip(output, (chunk) => chunks.push(chunk));
  return new Uint8Array(Buffer.concat(chunks));
}
