import { isReportingError, ReportingError, redactedCause } from "../../client/errors";

export const PART_NOT_LOADED = "The add-in could not load part of itself: reload the pane.";

/** A script of the add-in that did not arrive (offline, or a new release replaced the files). */
export function partNotLoaded(cause: unknown): ReportingError {
  return new ReportingError({
    code: "part_not_loaded",
    kind: "host",
    userMessage: PART_NOT_LOADED,
    retryable: true,
    cause: redactedCause(cause),
  });
}

/**
 * A part of the pane fetched on first use (`load` is an `import()`, which webpack makes a chunk
 * of its own), so that the first view does not wait for code it may never run. Loaded once; a
 * failed load is said in the error contract's words and tried again on the next use. A part
 * built from another (`load` awaits one) passes that one's error on as it is.
 */
export function lazyPart<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw isReportingError(error) ? error : partNotLoaded(error);
    });
    return loading;
  };
}
