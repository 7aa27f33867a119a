import { containsBlock, insideBlock, parseBlock, parseCell, blockText, type CellBlock } from "./cell-address";
import { REL, relsPathOf, type WorkbookPackage } from "./workbook-package";
import {
  attribute,
  buildXmlPart,
  childrenOf,
  elementsNamed,
  firstElement,
  rootOf,
  setAttribute,
  tagOf,
  type XmlNode,
} from "./xml-part";

/**
 * What Excel recomputes when it next opens the file: the PivotTables built on a refreshed table
 * (their cache gets `refreshOnLoad`, a range source is resized to the table's new extent), and
 * every formula (`fullCalcOnLoad`). The calculation chain, Excel's cache of formula order, is
 * deleted when it lists a cell the refresh changed, as Excel itself tolerates.
 */

export interface RefreshedExtent {
  tableName: string;
  sheetName: string;
  sheetId: string;
  /** Header and data rows before and after the refresh. */
  oldData: CellBlock;
  newData: CellBlock;
  touched: CellBlock;
}

/** The names of the PivotTables whose cache is `cachePath`. */
function pivotTablesOf(pkg: WorkbookPackage, cachePath: string): string[] {
  return pkg.sheets().flatMap((sheet) =>
    pkg
      .relationships(sheet.path)
      .filter((rel) => rel.type === REL.pivotTable && pkg.has(rel.path))
      .filter((rel) =>
        pkg.relationships(rel.path).some((own) => own.type === REL.pivotCacheDefinition && own.path === cachePath),
      )
      .map((rel) => attribute(rootOf(pkg.part(rel.path)), "name") ?? rel.path),
  );
}

/**
 * Marks the pivot caches over `extent`'s table, by its name or by a range on its sheet that
 * covers its header and data rows. Returns the names of their PivotTables.
 */
export function markPivotCaches(pkg: WorkbookPackage, extent: RefreshedExtent): string[] {
  const names: string[] = [];
  for (const rel of pkg.relationships(pkg.workbookPath)) {
    if (rel.type !== REL.pivotCacheDefinition || !pkg.has(rel.path)) continue;
    const part = pkg.part(rel.path);
    const root = rootOf(part);
    const source = firstElement(childrenOf(root), "cacheSource");
    const worksheet = source ? firstElement(childrenOf(source), "worksheetSource") : undefined;
    if (!worksheet) continue;
    const byName = attribute(worksheet, "name");
    const ref = attribute(worksheet, "ref");
    const range = ref === undefined ? undefined : parseBlock(ref);
    if (byName !== undefined) {
      if (byName.toLowerCase() !== extent.tableName.toLowerCase()) continue;
    } else if (!range || attribute(worksheet, "sheet") !== extent.sheetName || !containsBlock(range, extent.oldData)) {
      continue;
    } else if (range.bottom >= extent.oldData.bottom) {
      setAttribute(
        worksheet,
        "ref",
        blockText({ ...range, bottom: range.bottom + extent.newData.bottom - extent.oldData.bottom }),
      );
    }
    setAttribute(root, "refreshOnLoad", "1");
    pkg.replace(rel.path, buildXmlPart(part));
    names.push(...pivotTablesOf(pkg, rel.path));
  }
  return names;
}

// CT_Workbook's elements before calcPr, in schema order: calcPr goes after the last of them present.
const BEFORE_CALC_PR = [
  "fileVersion",
  "fileSharing",
  "workbookPr",
  "workbookProtection",
  "bookViews",
  "sheets",
  "functionGroups",
  "externalReferences",
  "definedNames",
];

/** `fullCalcOnLoad="1"` on workbook.xml's calcPr, adding calcPr where the schema puts it. */
export function setFullCalcOnLoad(pkg: WorkbookPackage): void {
  const part = pkg.part(pkg.workbookPath);
  const root = rootOf(part);
  const children = childrenOf(root);
  const calcPr = firstElement(children, "calcPr");
  if (calcPr) {
    if (attribute(calcPr, "fullCalcOnLoad") === "1") return;
    setAttribute(calcPr, "fullCalcOnLoad", "1");
  } else {
    const prefix = (tagOf(root) ?? "").includes(":") ? `${tagOf(root)!.split(":")[0]}:` : "";
    let at = 0;
    children.forEach((child, index) => {
      const tag = tagOf(child);
      if (tag && BEFORE_CALC_PR.includes(tag.slice(tag.indexOf(":") + 1))) at = index + 1;
    });
    children.splice(at, 0, { [`${prefix}calcPr`]: [], ":@": { fullCalcOnLoad: "1" } } as XmlNode);
  }
  pkg.replace(pkg.workbookPath, buildXmlPart(part));
}

/**
 * Deletes xl/calcChain.xml, its relationship and its content type when it lists a cell of
 * `extents`. Returns whether it did.
 */
export function dropStaleCalcChain(pkg: WorkbookPackage, extents: readonly RefreshedExtent[]): boolean {
  const rel = pkg.relationships(pkg.workbookPath).find((candidate) => candidate.type === REL.calcChain);
  if (!rel || !pkg.has(rel.path)) return false;
  let sheetId = "";
  const stale = elementsNamed(childrenOf(rootOf(pkg.part(rel.path))), "c").some((cell) => {
    sheetId = attribute(cell, "i") ?? sheetId;
    const position = parseCell(attribute(cell, "r") ?? "");
    return (
      position !== undefined &&
      extents.some((extent) => extent.sheetId === sheetId && insideBlock(extent.touched, position))
    );
  });
  if (!stale) return false;
  pkg.remove(rel.path);
  const relsPath = relsPathOf(pkg.workbookPath);
  const rels = pkg.part(relsPath);
  const relsRoot = rootOf(rels);
  relsRoot[tagOf(relsRoot)!] = childrenOf(relsRoot).filter(
    (node) => attribute(node, "Id") !== rel.id || tagOf(node) === undefined,
  );
  pkg.replace(relsPath, buildXmlPart(rels));
  const types = pkg.part("[Content_Types].xml");
  const typesRoot = rootOf(types);
  typesRoot[tagOf(typesRoot)!] = childrenOf(typesRoot).filter((node) => attribute(node, "PartName") !== `/${rel.path}`);
  pkg.replace("[Content_Types].xml", buildXmlPart(types));
  return true;
}
