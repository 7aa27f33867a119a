import { readTableQueryXml, TABLE_QUERY_NAMESPACE } from "../workbook-queries/record-xml";
import type { StoredTableQuery } from "../workbook-queries/stored-query";
import type { WorkbookPackage } from "./workbook-package";
import { rootNamespace } from "./xml-part";

/**
 * The add-in's stored queries as Excel saves Office.js custom XML parts: `customXml/itemN.xml`,
 * found by the namespace of its root element (as `customXmlParts.getByNamespace` finds them),
 * read with the pane's own reader (src/core/workbook-queries/record-xml.ts).
 */

export type StoredQueryPart = { path: string; record: StoredTableQuery } | { path: string; problem: string };

const ITEM = /^customXml\/item\d+\.xml$/i;

export function storedQueryParts(pkg: WorkbookPackage): StoredQueryPart[] {
  return pkg.entries
    .filter((entry) => ITEM.test(entry.name))
    .flatMap((entry): StoredQueryPart[] => {
      let text: string;
      try {
        text = pkg.text(entry.name);
      } catch {
        return [];
      }
      if (rootNamespace(text) !== TABLE_QUERY_NAMESPACE) return [];
      const read = readTableQueryXml(text);
      return ["record" in read ? { path: entry.name, record: read.record } : { path: entry.name, problem: read.problem }];
    });
}
