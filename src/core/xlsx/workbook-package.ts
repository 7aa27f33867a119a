import {
  attribute,
  elementsNamed,
  childrenOf,
  firstElement,
  parseXmlPart,
  rootOf,
  textOf,
  type XmlPart,
} from "./xml-part";
import { joinedText, textChunks, type PartChunks } from "./part-chunks";
import { sharedStringsOf as sharedStringsText } from "./sheet-cells";
import {
  entryText,
  entryTextChunks,
  PackageError,
  readZip,
  type OutputEntry,
  type ZipEntry,
  type ZipSource,
} from "./zip-package";

/**
 * An Excel workbook package: its zip entries, and the parts the refresh edits, read on demand.
 * Edited parts are kept as new text (or chunks); `outputEntries` lists every entry in the
 * input's order, the untouched ones as they were.
 */

export const REL = {
  officeDocument: "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument",
  worksheet: "http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet",
  table: "http://schemas.openxmlformats.org/officeDocument/2006/relationships/table",
  pivotCacheDefinition: "http://schemas.openxmlformats.org/officeDocument/2006/relationships/pivotCacheDefinition",
  pivotTable: "http://schemas.openxmlformats.org/officeDocument/2006/relationships/pivotTable",
  calcChain: "http://schemas.openxmlformats.org/officeDocument/2006/relationships/calcChain",
  sharedStrings: "http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings",
} as const;

export interface Relationship {
  id: string;
  type: string;
  /** The target's entry name, resolved against the source part ("xl/worksheets/sheet1.xml"). */
  path: string;
  external: boolean;
}

export interface SheetInfo {
  name: string;
  sheetId: string;
  path: string;
}

/** `xl/worksheets/sheet1.xml` → `xl/worksheets/_rels/sheet1.xml.rels`. */
export function relsPathOf(part: string): string {
  const slash = part.lastIndexOf("/");
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

export function resolveTarget(source: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const parts = source.split("/").slice(0, -1);
  for (const piece of target.split("/")) {
    if (piece === "..") parts.pop();
    else if (piece !== "." && piece !== "") parts.push(piece);
  }
  return parts.join("/");
}

export class WorkbookPackage {
  readonly entries: ZipEntry[];
  private readonly byName: Map<string, ZipEntry>;
  private readonly edited = new Map<string, string | (() => PartChunks)>();
  private readonly removed = new Set<string>();
  readonly workbookPath: string;

  /** `input`: the file's bytes, or reads of the file (untouched parts are then read only when written). */
  constructor(input: Uint8Array | ZipSource) {
    this.entries = readZip(input);
    this.byName = new Map(this.entries.map((entry) => [entry.name, entry]));
    const main = this.relationships("").find((rel) => rel.type === REL.officeDocument);
    this.workbookPath = main?.path ?? "xl/workbook.xml";
    if (!this.has(this.workbookPath)) {
      throw new PackageError(
        "The file is a zip archive but holds no Excel workbook. Check that you chose an .xlsx file saved by Excel.",
      );
    }
  }

  has(name: string): boolean {
    return !this.removed.has(name) && (this.edited.has(name) || this.byName.has(name));
  }

  /** The part's current text: as edited, or as in the input. */
  text(name: string): string {
    const edited = this.edited.get(name);
    if (typeof edited === "string") return edited;
    if (edited) return joinedText(edited());
    const entry = this.byName.get(name);
    if (!entry || this.removed.has(name)) throw new PackageError(`The workbook has no part ${name}.`);
    return entryText(entry);
  }

  /**
   * The part's current content as a source of text pieces, read each time it is called: a
   * large sheet streams from the input (or from an earlier edit) instead of being held whole.
   */
  source(name: string): () => Iterable<string> {
    const edited = this.edited.get(name);
    if (typeof edited === "string") return () => [edited];
    if (edited) return () => textChunks(edited());
    const entry = this.byName.get(name);
    if (!entry || this.removed.has(name)) throw new PackageError(`The workbook has no part ${name}.`);
    return () => entryTextChunks(entry);
  }

  part(name: string): XmlPart {
    return parseXmlPart(this.text(name));
  }

  /** Replaces a part's text; `content` may be a function giving it piece by piece (text or UTF-8) when written. */
  replace(name: string, content: string | (() => PartChunks)): void {
    this.edited.set(name, content);
    this.removed.delete(name);
  }

  remove(name: string): void {
    this.removed.add(name);
    this.edited.delete(name);
  }

  isEdited(name: string): boolean {
    return this.edited.has(name) || this.removed.has(name);
  }

  /** The relationships of a part ("" for the package's own `_rels/.rels`). */
  relationships(source: string): Relationship[] {
    const relsPath = source === "" ? "_rels/.rels" : relsPathOf(source);
    if (!this.has(relsPath)) return [];
    return elementsNamed(childrenOf(rootOf(this.part(relsPath))), "Relationship").map((rel) => {
      const external = attribute(rel, "TargetMode") === "External";
      const target = attribute(rel, "Target") ?? "";
      return {
        id: attribute(rel, "Id") ?? "",
        type: attribute(rel, "Type") ?? "",
        path: external ? target : resolveTarget(source || "x", target),
        external,
      };
    });
  }

  sheets(): SheetInfo[] {
    const rels = this.relationships(this.workbookPath);
    const sheets = firstElement(childrenOf(rootOf(this.part(this.workbookPath))), "sheets");
    return elementsNamed(sheets ? childrenOf(sheets) : [], "sheet").flatMap((sheet) => {
      const rel = rels.find((candidate) => candidate.id === attribute(sheet, "r:id"));
      return rel && rel.type === REL.worksheet
        ? [{ name: attribute(sheet, "name") ?? "", sheetId: attribute(sheet, "sheetId") ?? "", path: rel.path }]
        : [];
    });
  }

  sharedStrings(): string[] {
    const rel = this.relationships(this.workbookPath).find((candidate) => candidate.type === REL.sharedStrings);
    return rel && this.has(rel.path) ? sharedStringsText(this.text(rel.path)) : [];
  }

  /** Every entry to write, in the input's order, then any new part. */
  outputEntries(): OutputEntry[] {
    const out: OutputEntry[] = [];
    for (const entry of this.entries) {
      if (this.removed.has(entry.name)) continue;
      const edited = this.edited.get(entry.name);
      if (edited === undefined) out.push({ kind: "kept", entry });
      else
        out.push({
          kind: "new",
          name: entry.name,
          mtime: entry.mtime,
          chunks: typeof edited === "string" ? [edited] : edited(),
        });
    }
    for (const [name, edited] of this.edited) {
      if (!this.byName.has(name))
        out.push({ kind: "new", name, mtime: new Date(), chunks: typeof edited === "string" ? [edited] : edited() });
    }
    return out;
  }
}

/** A table part as the refresh needs it. */
export interface TableInfo {
  path: string;
  sheet: SheetInfo;
  name: string;
  displayName: string;
  ref: string;
  totalsRows: number;
  headerRows: number;
  columns: { name: string; formula: string | undefined }[];
}

export function tablesOf(pkg: WorkbookPackage): TableInfo[] {
  return pkg.sheets().flatMap((sheet) =>
    pkg
      .relationships(sheet.path)
      .filter((rel) => rel.type === REL.table && pkg.has(rel.path))
      .map((rel): TableInfo => {
        const root = rootOf(pkg.part(rel.path));
        const columns = firstElement(childrenOf(root), "tableColumns");
        return {
          path: rel.path,
          sheet,
          name: attribute(root, "name") ?? "",
          displayName: attribute(root, "displayName") ?? attribute(root, "name") ?? "",
          ref: attribute(root, "ref") ?? "",
          totalsRows: Number(attribute(root, "totalsRowCount") ?? "0"),
          headerRows: Number(attribute(root, "headerRowCount") ?? "1"),
          columns: elementsNamed(columns ? childrenOf(columns) : [], "tableColumn").map((column) => {
            const formula = firstElement(childrenOf(column), "calculatedColumnFormula");
            return { name: attribute(column, "name") ?? "", formula: formula ? textOf(formula) : undefined };
          }),
        };
      }),
  );
}
