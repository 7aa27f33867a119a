// Types of office-js.js for the TypeScript that imports it (the page tests).
export const OFFICE_JS_CDN_URL: string;

export function officeJsSource(): "cdn" | "local";
/** Whether a page's script URL is Office.js (the local copy or the CDN's). */
export function isOfficeJsUrl(src: string): boolean;
export function officeJsCopyPatterns(): object[];

export class OfficeJsTagPlugin {
  apply(compiler: import("webpack").Compiler): void;
}
