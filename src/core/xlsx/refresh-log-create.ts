import { REFRESH_LOG_COLUMNS, REFRESH_LOG_HEADERS, REFRESH_LOG_SHEET, REFRESH_LOG_TABLE } from "../changes/refresh-log";
import { sheetNameFor } from "../workbook-queries/names";
import type { TableCell } from "../workbook-queries/table-columns";
import { blockText, columnLetters } from "./cell-address";
import { valueCellText } from "./table-rewrite";
import { REL, relsPathOf, tablesOf, type WorkbookPackage } from "./workbook-package";
import { escapeXmlText } from "./xml-part";

/**
 * The Refresh log made in a file that has none (a workbook never refreshed in the pane), as the
 * pane makes it: a sheet "Refresh log" (or "Refresh log (2)"... when the user has a sheet of that
 * name) at the end of the sheet list, holding the RefreshLog table, its header and the first
 * rows, each column in its number format. The new parts are added and the parts that list them
 * (the workbook, its relationships, the content types, the styles for the number formats) get
 * an insertion each, the rest of their text as written. docProps/app.xml is left as it is: its
 * sheet titles are a summary Excel rewrites on its next save and does not check on open.
 */

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELS = "http://schemas.openxmlformats.org/package/2006/relationships";
const OFFICE_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const STYLES = `${OFFICE_RELS}/styles`;
const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const WORKSHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml";
const TABLE_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.table+xml";
/** Office.js's `tables.add` gives a table this style. */
const TABLE_STYLE = "TableStyleMedium2";
/** Excel's built-in number formats the log uses (ECMA-376 §18.8.30). */
const BUILT_IN_FORMATS: Record<string, number> = { General: 0, "0": 1, "0.00": 2, "#,##0": 3, "#,##0.00": 4, "@": 49 };

export class LogCreationRefused extends Error {}

/** The first `prefix<N>suffix` not in the package (names compared regardless of case, as zip readers do). */
function freePath(pkg: WorkbookPackage, prefix: string, suffix: string): string {
  const taken = new Set(pkg.entries.map((entry) => entry.name.toLowerCase()));
  for (let n = 1; ; n++) {
    const name = `${prefix}${n}${suffix}`;
    if (!taken.has(name.toLowerCase()) && !pkg.has(name)) return name;
  }
}

/** `target` relative to the folder of `source`: `xl/worksheets/sheet3.xml` from `xl/workbook.xml` is `worksheets/sheet3.xml`. */
function relativeTarget(source: string, target: string): string {
  const from = source.split("/").slice(0, -1);
  const to = target.split("/");
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  return [...from.slice(common).map(() => ".."), ...to.slice(common)].join("/");
}

const maxNumber = (values: Iterable<string>, floor: number) =>
  Math.max(floor, ...Array.from(values, (value) => Number(value)).filter(Number.isFinite));

/** A relationship id after every `rId<N>` the part's relationships already use. */
function freeRelationshipId(pkg: WorkbookPackage, source: string): string {
  const numbers = pkg.relationships(source).map((rel) => rel.id.replace(/^rId/, ""));
  return `rId${maxNumber(numbers, 0) + 1}`;
}

/** Inserts `text` before the closing tag of `element` (with any prefix); undefined when there is none. */
function insertBeforeClose(xml: string, element: string, text: string): string | undefined {
  const close = new RegExp(`</((?:[\\w.-]+:)?)${element}\\s*>`).exec(xml);
  return close ? xml.slice(0, close.index) + text + xml.slice(close.index) : undefined;
}

/**
 * Style indexes (cellXfs) for each number format, added to styles.xml; an empty map, and the
 * cells left unstyled, when the styles part cannot be edited this way (never seen in Excel's files).
 */
function addFormats(pkg: WorkbookPackage, formats: readonly string[]): Map<string, string> {
  const rel = pkg.relationships(pkg.workbookPath).find((candidate) => candidate.type === STYLES);
  if (!rel || !pkg.has(rel.path)) return new Map();
  let xml = pkg.text(rel.path);
  const cellXfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(xml);
  if (!cellXfs) return new Map();
  // Only numFmts' own formats serve cells (a differential format of dxfs holds numFmts too); ids stay above all.
  const declared = /<numFmts\b[^>]*>([\s\S]*?)<\/numFmts>/.exec(xml)?.[1] ?? "";
  const formatsIn = (text: string) => [...text.matchAll(/<numFmt\b[^>]*?numFmtId="(\d+)"[^>]*?formatCode="([^"]*)"/g)];
  const existing = new Map(formatsIn(declared).map((match) => [match[2]!, Number(match[1])]));
  let nextId = maxNumber(
    formatsIn(xml).map((match) => match[1]!),
    163,
  );
  const added: string[] = [];
  const ids = new Map<string, number>();
  for (const format of new Set(formats)) {
    const escaped = escapeXmlText(format);
    const id = BUILT_IN_FORMATS[format] ?? existing.get(escaped) ?? ++nextId;
    if (BUILT_IN_FORMATS[format] === undefined && !existing.has(escaped)) {
      added.push(`<numFmt numFmtId="${id}" formatCode="${escaped}"/>`);
      existing.set(escaped, id);
    }
    ids.set(format, id);
  }
  if (added.length > 0) {
    const numFmts = /<numFmts\b([^>]*?)(\/?)>/.exec(xml);
    if (numFmts && numFmts[2] === "/") {
      xml = xml.replace(numFmts[0], `<numFmts count="${added.length}">${added.join("")}</numFmts>`);
    } else if (numFmts) {
      const count = formatsIn(declared).length + added.length;
      xml = insertBeforeClose(xml, "numFmts", added.join(""))!.replace(/<numFmts\b[^>]*>/, (open) =>
        setCount(open, count),
      );
    } else {
      const root = /<styleSheet\b[^>]*>/.exec(xml);
      if (!root) return new Map();
      const at = root.index + root[0].length;
      xml = `${xml.slice(0, at)}<numFmts count="${added.length}">${added.join("")}</numFmts>${xml.slice(at)}`;
    }
  }
  const current = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(xml)!;
  let index = [...current[1]!.matchAll(/<xf\b/g)].length;
  const styles = new Map<string, string>();
  const xfs: string[] = [];
  for (const [format, id] of ids) {
    xfs.push(`<xf numFmtId="${id}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`);
    styles.set(format, String(index++));
  }
  xml = insertBeforeClose(xml, "cellXfs", xfs.join(""))!.replace(/<cellXfs\b[^>]*>/, (open) => setCount(open, index));
  pkg.replace(rel.path, xml);
  return styles;
}

const setCount = (open: string, count: number) =>
  /\bcount="/.test(open) ? open.replace(/\bcount="\d*"/, `count="${count}"`) : open.replace(/>$/, ` count="${count}">`);

/** Names a table may not take: the workbook's defined names and its tables' names. */
function namesInUse(pkg: WorkbookPackage, workbook: string): string[] {
  const defined = [...workbook.matchAll(/<(?:[\w.-]+:)?definedName\b[^>]*?\bname="([^"]*)"/g)].map(
    (match) => match[1]!,
  );
  return [...defined, ...tablesOf(pkg).flatMap((table) => [table.name, table.displayName])];
}

/** A column wide enough for its header (Excel's width in characters of the default font). */
const widthOf = (header: string) => Math.max(12, Math.ceil(header.length * 1.1) + 3);

/**
 * Makes the Refresh log with `rows` under its header. Refuses (LogCreationRefused, in plain
 * words) when the name RefreshLog is already a name of the user's: Excel requires table names to
 * differ from every defined name, and the user's name is never taken over.
 */
export function createRefreshLog(pkg: WorkbookPackage, rows: readonly (readonly TableCell[])[]): { sheet: string } {
  const workbookPath = pkg.workbookPath;
  const workbook = pkg.text(workbookPath);
  if (namesInUse(pkg, workbook).some((name) => name.toLowerCase() === REFRESH_LOG_TABLE.toLowerCase())) {
    throw new LogCreationRefused(
      `The Refresh log was not made: the workbook already has a name ${REFRESH_LOG_TABLE} (Formulas > Name Manager in Excel) that is not the add-in's log. Rename that name in Excel and save; the next refresh makes the log.`,
    );
  }
  const prefix = new RegExp(`xmlns:([\\w.-]+)="${OFFICE_RELS}"`).exec(workbook)?.[1];
  const sheetsClose = /<\/((?:[\w.-]+:)?)sheets\s*>/.exec(workbook);
  if (!prefix || !sheetsClose)
    throw new LogCreationRefused(
      "The Refresh log was not made: the workbook's list of sheets could not be read. Open the workbook in Excel and save it; the next refresh makes the log.",
    );

  const sheetName = sheetNameFor(
    REFRESH_LOG_SHEET,
    pkg
      .sheets()
      .map((sheet) => sheet.name)
      .concat([...workbook.matchAll(/<(?:[\w.-]+:)?sheet\b[^>]*?\bname="([^"]*)"/g)].map((match) => match[1]!)),
  );
  const sheetPath = freePath(pkg, "xl/worksheets/sheet", ".xml");
  const tablePath = freePath(pkg, "xl/tables/table", ".xml");
  const tableId =
    maxNumber(
      tablesOf(pkg).map((table) => /<(?:[\w.-]+:)?table\b[^>]*?\bid="(\d+)"/.exec(pkg.text(table.path))?.[1] ?? "0"),
      0,
    ) + 1;
  const sheetId =
    maxNumber(
      [...workbook.matchAll(/<(?:[\w.-]+:)?sheet\b[^>]*?\bsheetId="(\d+)"/g)].map((match) => match[1]!),
      0,
    ) + 1;
  const workbookRels = relsPathOf(workbookPath);
  const relsText = pkg.has(workbookRels)
    ? pkg.text(workbookRels)
    : `${DECLARATION}<Relationships xmlns="${RELS}"></Relationships>`;
  const relId = freeRelationshipId(pkg, workbookPath);

  const headerFormat = "@";
  const styles = addFormats(pkg, [headerFormat, ...REFRESH_LOG_COLUMNS.map((column) => column.format)]);
  const letters = REFRESH_LOG_HEADERS.map((_, column) => columnLetters(column));
  const block = { top: 0, left: 0, bottom: rows.length, right: REFRESH_LOG_HEADERS.length - 1 };
  const ref = blockText(block);
  const header = `<row r="1">${REFRESH_LOG_HEADERS.map((name, column) => valueCellText(`${letters[column]}1`, name, styles.get(headerFormat))).join("")}</row>`;
  const body = rows
    .map((row, index) => {
      const cells = REFRESH_LOG_COLUMNS.map(
        (column, at) => valueCellText(`${letters[at]}${index + 2}`, row[at] ?? "", styles.get(column.format)) ?? "",
      ).join("");
      return `<row r="${index + 2}">${cells}</row>`;
    })
    .join("");
  const cols = REFRESH_LOG_HEADERS.map(
    (name, column) => `<col min="${column + 1}" max="${column + 1}" width="${widthOf(name)}" customWidth="1"/>`,
  ).join("");
  pkg.replace(
    sheetPath,
    `${DECLARATION}<worksheet xmlns="${MAIN}" xmlns:r="${OFFICE_RELS}"><dimension ref="${ref}"/><sheetViews><sheetView workbookViewId="0"/></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>${header}${body}</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/><tableParts count="1"><tablePart r:id="rId1"/></tableParts></worksheet>`,
  );
  pkg.replace(
    relsPathOf(sheetPath),
    `${DECLARATION}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${REL.table}" Target="${relativeTarget(sheetPath, tablePath)}"/></Relationships>`,
  );
  const columns = REFRESH_LOG_HEADERS.map(
    (name, index) => `<tableColumn id="${index + 1}" name="${escapeXmlText(name)}"/>`,
  ).join("");
  pkg.replace(
    tablePath,
    `${DECLARATION}<table xmlns="${MAIN}" id="${tableId}" name="${REFRESH_LOG_TABLE}" displayName="${REFRESH_LOG_TABLE}" ref="${ref}" totalsRowShown="0"><autoFilter ref="${ref}"/><tableColumns count="${REFRESH_LOG_HEADERS.length}">${columns}</tableColumns><tableStyleInfo name="${TABLE_STYLE}" showFirstColumn="0" showLastColumn="0" showRowStripes="1" showColumnStripes="0"/></table>`,
  );
  pkg.replace(
    workbookRels,
    insertBeforeClose(
      relsText,
      "Relationships",
      `<Relationship Id="${relId}" Type="${REL.worksheet}" Target="${relativeTarget(workbookPath, sheetPath)}"/>`,
    )!,
  );
  const types = pkg.text("[Content_Types].xml");
  pkg.replace(
    "[Content_Types].xml",
    insertBeforeClose(
      types,
      "Types",
      `<Override PartName="/${sheetPath}" ContentType="${WORKSHEET_TYPE}"/><Override PartName="/${tablePath}" ContentType="${TABLE_TYPE}"/>`,
    )!,
  );
  const sheetPrefix = sheetsClose[1] ?? "";
  pkg.replace(
    workbookPath,
    insertBeforeClose(
      workbook,
      "sheets",
      `<${sheetPrefix}sheet name="${escapeXmlText(sheetName)}" sheetId="${sheetId}" ${prefix}:id="${relId}"/>`,
    )!,
  );
  return { sheet: sheetName };
}
