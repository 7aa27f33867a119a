import type { PagesProgress } from "../../../client";
import { countText } from "../../../core/preview";

/** What a preview read of its answer, as the Count all rows offer needs it. */
export interface PreviewReachFacts {
  complete: boolean;
  countExact: boolean;
  dataRowCount: number;
  /** Some rows shown lack their comparison (compare=). */
  comparisonPartial?: boolean;
}

export interface CountAllOffer {
  button: string;
  note: string;
}

/**
 * Whether a preview offers to read every page, and in which words: a preview reads one page, so
 * an answer longer than that has no totals (and, when the service sent no count, no count) until
 * the user asks for them.
 */
export function countAllOffer(facts: PreviewReachFacts, pageSize: number): CountAllOffer | undefined {
  if (facts.complete) return undefined;
  const comparison = facts.comparisonPartial ? " Some rows shown may lack their comparison figures until then." : "";
  if (!facts.countExact) {
    return {
      button: "Count all rows",
      note: `The service did not say how many rows there are. Count all rows reads every page to count and total them; you can cancel it.${comparison}`,
    };
  }
  const pages = Math.ceil(facts.dataRowCount / pageSize);
  return {
    button: "Total all rows",
    note: `Totals need every row: Total all rows reads all ${countText(pages)} pages; you can cancel it.${comparison}`,
  };
}

/** The progress line while every page is read: pages read of pages known. */
export function countProgressText(progress: PagesProgress): string {
  const rows = `${countText(progress.rowsRead)} rows`;
  if (progress.pagesExact)
    return `Page ${countText(progress.pagesDone)} of ${countText(progress.pagesKnown)} read (${rows}).`;
  return `${countText(progress.pagesDone)} ${progress.pagesDone === 1 ? "page" : "pages"} read (${rows}); at least ${countText(progress.pagesKnown)} in all.`;
}
