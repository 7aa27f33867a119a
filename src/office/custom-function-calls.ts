import type { SpillTable } from "../core/rows/spill-table";
import { toFunctionError } from "./cell-error";
import { withDeadline, type DeadlineOptions } from "../core/deadline";
import { markPreview } from "../core/value-preview";
import { supportedDateStyle, type SpillOutput } from "./formatted-values";
import { fitSpill } from "./spill-fit";

/**
 * What Excel hands a cancelable function last: `onCanceled`, and `isInValuePreview` (typed as a
 * string by @types/custom-functions-runtime, a boolean in Excel's documentation: both are read).
 */
export type CancelableCall = Pick<CustomFunctions.CancelableInvocation, "onCanceled"> & { isInValuePreview?: unknown };

export type CallOptions = Omit<DeadlineOptions, "signal">;

/** The signal a call's work runs with: aborted when Excel cancels the call (the cell was edited, deleted or recalculated). */
function cancellation(invocation: CancelableCall | undefined): AbortSignal {
  const controller = new AbortController();
  if (invocation) invocation.onCanceled = () => controller.abort();
  // A preview while the user types: kept answers only, never a metered request (core/value-preview.ts).
  if (invocation?.isInValuePreview === true || invocation?.isInValuePreview === "true") markPreview(controller.signal);
  return controller.signal;
}

/**
 * Runs a function that spills a table; every failure becomes the cell's Excel error. The whole
 * table is cut here, once, on the values as this Excel receives them: a result over Excel's 5 MB
 * would leave the cell on #BUSY! for good.
 */
export async function spillCall(
  invocation: CancelableCall | undefined,
  work: (signal: AbortSignal) => Promise<SpillTable>,
  options: CallOptions = {},
): Promise<SpillOutput> {
  try {
    const table = await withDeadline(work, { ...options, signal: cancellation(invocation) });
    return fitSpill(table, supportedDateStyle()).rows;
  } catch (error) {
    throw toFunctionError(error);
  }
}

/** Runs a function that returns one number; every failure becomes the cell's Excel error. */
export async function numberCall(
  invocation: CancelableCall | undefined,
  work: (signal: AbortSignal) => Promise<number>,
  options: CallOptions = {},
): Promise<number> {
  try {
    return await withDeadline(work, { ...options, signal: cancellation(invocation) });
  } catch (error) {
    throw toFunctionError(error);
  }
}
