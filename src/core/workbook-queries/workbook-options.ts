import { z } from "zod";
import { jsonInside, wrapJson } from "./xml-json";

/**
 * The workbook's own options for its queries, kept apart from the stored tables so that the pane
 * can read "refresh when it opens" at start without the code that reads and refreshes tables.
 */
export const workbookQueryOptions = z
  .object({
    refreshOnOpen: z.boolean(),
    /** A table whose revenue moves more than this percentage in one refresh is flagged; 1 when absent. */
    changeThreshold: z.number().min(0).max(1_000).optional(),
  })
  .strict();
export type WorkbookQueryOptions = z.infer<typeof workbookQueryOptions>;
export const DEFAULT_WORKBOOK_OPTIONS: WorkbookQueryOptions = { refreshOnOpen: false };
export const DEFAULT_CHANGE_THRESHOLD = 1;

/** The percentage beyond which a table's revenue move is flagged in this workbook. */
export const changeThresholdOf = (options: WorkbookQueryOptions): number =>
  options.changeThreshold ?? DEFAULT_CHANGE_THRESHOLD;

export const WORKBOOK_OPTIONS_NAMESPACE = "urn:ad-reporting-excel:workbook-options:1";

export function workbookOptionsXml(options: WorkbookQueryOptions): string {
  return wrapJson("workbookOptions", WORKBOOK_OPTIONS_NAMESPACE, workbookQueryOptions.parse(options));
}

export function readWorkbookOptionsXml(xml: string): WorkbookQueryOptions | undefined {
  try {
    const parsed = workbookQueryOptions.safeParse(jsonInside(xml));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
