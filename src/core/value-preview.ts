import { ReportingError } from "../client/errors";

/**
 * While a user types a formula, Excel may call the function to preview its value
 * (`invocation.isInValuePreview`, CustomFunctionsRuntime 1.5), once per keystroke. Such a call
 * is answered from answers already fetched, whatever their age, or not at all: never by a
 * request the service meters. The office layer marks the signal a preview call runs with; the
 * cache and the VALUE batcher read the mark.
 */
const previews = new WeakSet<AbortSignal>();

export function markPreview(signal: AbortSignal): void {
  previews.add(signal);
}

export function isPreview(signal: AbortSignal | undefined): boolean {
  return signal !== undefined && previews.has(signal);
}

/** What a preview shows when nothing was fetched yet: the cell's placeholder until Enter. */
export class PreviewNotFetchedError extends ReportingError {
  constructor() {
    super({
      code: "value_preview",
      kind: "unavailable",
      userMessage: "Preview only: the numbers are fetched when you press Enter.",
      retryable: true,
    });
    this.name = "PreviewNotFetchedError";
  }
}
