// Types of office-js.js for the TypeScript that imports it (the page and build tests).
export type OfficeJsSource = "cdn" | "local";

export const OFFICE_JS_CDN_URL: string;
/** The output folder of the local copy. */
export const LOCAL_DIR: string;

/** REPORTING_OFFICE_JS when set, otherwise the CDN for a deployed build (REPORTING_ADDIN_URL) and the local copy for any other. */
export function officeJsSource(options: {
  deployed: boolean;
  env?: Record<string, string | undefined>;
}): OfficeJsSource;
/** Whether a page's script URL is Office.js (the local copy or the CDN's). */
export function isOfficeJsUrl(src: string): boolean;
export function officeJsCopyPatterns(source: OfficeJsSource): object[];

export class OfficeJsTagPlugin {
  constructor(options: { source: OfficeJsSource });
  readonly source: OfficeJsSource;
  apply(compiler: import("webpack").Compiler): void;
}
