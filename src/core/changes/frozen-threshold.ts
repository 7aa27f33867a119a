/**
 * The revenue move, in percent either way, past which a frozen sheet's check stands out. The
 * workbook's own threshold (set in the Queries tab) takes its place where the caller knows it.
 */
export const DEFAULT_THRESHOLD_PERCENT = 1;

export function frozenCheckThreshold(workbookThreshold?: number): number {
  return workbookThreshold !== undefined && Number.isFinite(workbookThreshold) && workbookThreshold >= 0 ? workbookThreshold : DEFAULT_THRESHOLD_PERCENT;
}
