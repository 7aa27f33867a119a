import { readTableQueryXml, TABLE_QUERY_NAMESPACE } from "../workbook-queries/record-xml";
import type { StoredTableQuery } from "../workbook-queries/stored-query";
import {
  readWorkbookOptionsXml,
  WORKBOOK_OPTIONS_NAMESPACE,
  type WorkbookQueryOptions,
} from "../workbook-queries/workbook-options";
import type { WorkbookPackage } from "./workbook-package";
import { rootNamespace } from "./xml-part";

/**
 * The add-in's stored queries as Excel saves Office.js custom XML parts: `customXml/itemN.xml`,
 * found by the namespace of its root element (as `customXmlParts.getByNamespace` finds them),
 * read with the pane's own reader (src/core/workbook-queries/record-xml.ts).
 */

export type StoredQueryPart = { path: string; record: StoredTableQuery } | { path: string; problem: string };

const ITEM = /^customXml\/item\d+\.xml$/i;

/** The custom XML parts whose root element is in `namespace`, with their text. */
export function partsIn(pkg: WorkbookPackage, namespace: string): { path: string; text: string }[] {
  return pkg.entries
    .filter((entry) => ITEM.test(entry.name))
    .flatMap((entry) => {
      let text: string;
      try {
        text = pkg.text(entry.name);
      } catch {
        return [];
      }
      return rootNamespace(text) === namespace ? [{ path: entry.name, text }] : [];
    });
}

export function storedQueryParts(pkg: WorkbookPackage): StoredQueryPart[] {
  return partsIn(pkg, TABLE_QUERY_NAMESPACE).map(({ path, text }): StoredQueryPart => {
    const read = readTableQueryXml(text);
    return "record" in read ? { path, record: read.record } : { path, problem: read.problem };
  });
}

/**
 * The workbook's options as the pane stored them (refresh on open, the change threshold set in
 * the Queries tab), so that the command flags what the pane flags; undefined when the pane never
 * stored any, or stored a version this one cannot read.
 */
export function workbookOptionsPart(pkg: WorkbookPackage): WorkbookQueryOptions | undefined {
  for (const { text } of partsIn(pkg, WORKBOOK_OPTIONS_NAMESPACE)) {
    const options = readWorkbookOptionsXml(text);
    if (options) return options;
  }
  return undefined;
}
