// Types of unified-manifest.js for the TypeScript that imports it (manifest checks and their tests).
import type { Compiler } from "webpack";

export const SCHEMA_VERSION: string;
export const SCHEMA_URL: string;
/** The unified manifest of the add-in the XML manifest describes; throws when it lacks something. */
export function unifiedManifest(xml: string, functionsJson: string): Record<string, unknown>;

export class UnifiedManifestPlugin {
  constructor(options?: { output?: string; xml?: string; functions?: string });
  readonly options: { output: string; xml: string; functions: string };
  apply(compiler: Compiler): void;
}
