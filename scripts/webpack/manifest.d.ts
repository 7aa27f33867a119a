// Types of manifest.js for the TypeScript that imports it (manifest checks and their tests).
export interface ManifestEnvironment {
  readonly id: string;
  readonly displayName: string;
  /** The custom functions' namespace its manifest registers. */
  readonly namespace: string;
  /** The unified manifest's id: another GUID than the XML add-in's, fixed for good likewise. */
  readonly unifiedId: string;
  /** The unified add-in's name (name.short, at most 30 characters), told apart from the XML one's. */
  readonly unifiedName: string;
}

export const ENVIRONMENTS: Readonly<{ development: ManifestEnvironment; production: ManifestEnvironment }>;
export const DEV_ORIGIN: string;

export function environmentOfMode(mode: string): keyof typeof ENVIRONMENTS;

export function addinOrigin(value: string | undefined): string | undefined;
export function namesLoopback(text: string): boolean;
export function loopbackMentions(text: string): string[];
export function productionManifest(xml: string, origin: string): string;
