import type { ReportingFunctions } from "../core/reporting-functions";

/**
 * The custom functions and the task pane are two bundles in one page (shared runtime), so
 * module state is not shared between them: the functions bundle publishes its running
 * instance here, and the pane's preview and refresh use it, so both share one cache.
 */
export interface ReportingRuntime {
  /** The instance whose cache the formulas use. */
  functions: ReportingFunctions;
  /** Forgets cached answers and recalculates every REPORTING formula of the workbook. */
  refreshAll(): Promise<void>;
}

const RUNTIME_KEY = "__reportingRuntime";

type Holder = typeof globalThis & { [RUNTIME_KEY]?: ReportingRuntime };

export function publishRuntime(runtime: ReportingRuntime): void {
  (globalThis as Holder)[RUNTIME_KEY] = runtime;
}

export function publishedRuntime(): ReportingRuntime | undefined {
  return (globalThis as Holder)[RUNTIME_KEY];
}
