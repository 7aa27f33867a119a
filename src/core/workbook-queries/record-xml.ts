import { storedTableQuery, workbookQueryOptions, type StoredTableQuery, type WorkbookQueryOptions } from "./stored-query";

/**
 * The text of the custom XML parts holding the workbook's queries: one part per table, and one
 * for the workbook's options. Excel finds them by namespace; the record itself is JSON inside one
 * element, escaped as XML text, so that no value can close the element or open another.
 */
export const TABLE_QUERY_NAMESPACE = "urn:ad-reporting-excel:table-query:1";
export const WORKBOOK_OPTIONS_NAMESPACE = "urn:ad-reporting-excel:workbook-options:1";

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escapeXml = (text: string) => text.replace(/[&<>"]/g, (char) => XML_ESCAPES[char] ?? char);
const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (entity, name: string) => {
    if (name.startsWith("#x")) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[name] ?? entity;
  });

function wrap(root: string, namespace: string, json: unknown, attributes = ""): string {
  return `<?xml version="1.0" encoding="UTF-8"?><${root} xmlns="${namespace}"${attributes}><json>${escapeXml(JSON.stringify(json))}</json></${root}>`;
}

function jsonInside(xml: string): unknown {
  const match = /<json>([\s\S]*)<\/json>/.exec(xml);
  if (!match) throw new SyntaxError("no <json> element");
  return JSON.parse(unescapeXml(match[1] ?? ""));
}

export function tableQueryXml(record: StoredTableQuery): string {
  const checked = storedTableQuery.parse(record);
  return wrap("tableQuery", TABLE_QUERY_NAMESPACE, checked, ` id="${escapeXml(checked.id)}"`);
}

/** The record a part holds, or why it cannot be read (a part from a newer add-in, a damaged one). */
export function readTableQueryXml(xml: string): { record: StoredTableQuery } | { problem: string } {
  try {
    const parsed = storedTableQuery.safeParse(jsonInside(xml));
    return parsed.success ? { record: parsed.data } : { problem: "its content is not a query this version of the add-in reads" };
  } catch {
    return { problem: "its content is not readable" };
  }
}

export function workbookOptionsXml(options: WorkbookQueryOptions): string {
  return wrap("workbookOptions", WORKBOOK_OPTIONS_NAMESPACE, workbookQueryOptions.parse(options));
}

export function readWorkbookOptionsXml(xml: string): WorkbookQueryOptions | undefined {
  try {
    const parsed = workbookQueryOptions.safeParse(jsonInside(xml));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
