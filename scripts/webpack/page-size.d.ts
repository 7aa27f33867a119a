// Types of page-size.js for the TypeScript that imports it (the bench, the bundle tests).
import type { Compiler } from "webpack";

export const TARGET_BYTES: number;

export interface PageScripts {
  /** Paths relative to the page, in document order: what the build emitted. */
  bundled: string[];
  /** Office.js URLs (local copy or CDN), never counted. */
  officeJs: string[];
}

export interface ScriptSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface PageSize {
  scripts: ScriptSize[];
  officeJs: string[];
  total: { bytes: number; gzipBytes: number };
  targetBytes: number;
  withinTarget: boolean;
}

export function pageScripts(html: string): PageScripts;
export function measurePage(html: string, read: (file: string) => Uint8Array | undefined): PageSize;
export function pageSizeSummary(report: PageSize): string;
export function kilobytes(bytes: number): string;

export class PageSizePlugin {
  constructor(options: { page: string });
  apply(compiler: Compiler): void;
}
