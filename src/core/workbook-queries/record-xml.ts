import { storedTableQuery, type StoredTableQuery } from "./stored-query";
import { escapeXml, jsonInside, wrapJson } from "./xml-json";

/**
 * The text of the custom XML parts holding the workbook's queries: one part per table (the
 * workbook's options have one of their own: workbook-options.ts). Excel finds them by namespace;
 * the record itself is JSON inside one element (xml-json.ts).
 */
export const TABLE_QUERY_NAMESPACE = "urn:ad-reporting-excel:table-query:1";

export function tableQueryXml(record: StoredTableQuery): string {
  const checked = storedTableQuery.parse(record);
  return wrapJson("tableQuery", TABLE_QUERY_NAMESPACE, checked, ` id="${escapeXml(checked.id)}"`);
}

/** The record a part holds, or why it cannot be read (a part from a newer add-in, a damaged one). */
export function readTableQueryXml(xml: string): { record: StoredTableQuery } | { problem: string } {
  try {
    const parsed = storedTableQuery.safeParse(jsonInside(xml));
    return parsed.success
      ? { record: parsed.data }
      : { problem: "its content is not a query this version of the add-in reads" };
  } catch {
    return { problem: "its content is not readable" };
  }
}
