import {
  DEFAULT_WORKBOOK_OPTIONS,
  readWorkbookOptionsXml,
  WORKBOOK_OPTIONS_NAMESPACE,
  type WorkbookQueryOptions,
} from "../../core/workbook-queries/workbook-options";
import { requireExcel } from "../workbook";
import { partsOf } from "./custom-xml-parts";

/**
 * Reading the workbook's query options where the store of its queries keeps them (query-store.ts),
 * without that store: the pane reads "refresh when it opens" at start, before it loads the code
 * that lists and refreshes tables.
 */

/** The custom XML part holding the options, if the workbook has one. */
export async function optionsPart(): Promise<{ id: string; xml: string } | undefined> {
  return (await partsOf(WORKBOOK_OPTIONS_NAMESPACE))[0];
}

export async function customXmlOptions(): Promise<WorkbookQueryOptions> {
  const part = await optionsPart();
  return (part && readWorkbookOptionsXml(part.xml)) ?? DEFAULT_WORKBOOK_OPTIONS;
}

/** The options as the workbook's query store reads them. */
export async function readWorkbookOptions(): Promise<WorkbookQueryOptions> {
  requireExcel();
  return customXmlOptions();
}

export function parseJson(text: unknown): unknown {
  if (typeof text !== "string") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
