// Types of manifest.js for the TypeScript that imports it (manifest checks and their tests).
export interface ManifestEnvironment {
  readonly id: string;
  readonly displayName: string;
}

export const ENVIRONMENTS: Readonly<{ development: ManifestEnvironment; production: ManifestEnvironment }>;
export const DEV_ORIGIN: string;

export function addinOrigin(value: string | undefined): string | undefined;
export function namesLoopback(text: string): boolean;
export function loopbackMentions(text: string): string[];
export function productionManifest(xml: string, origin: string): string;
