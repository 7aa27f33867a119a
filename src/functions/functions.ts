// Placeholder until the REPORTING.* functions land: one real function that proves the JSDoc ->
// functions.json -> CustomFunctions.associate pipeline of the build.

/**
 * The version of the Ad Reporting add-in, to quote when asking for support.
 * @customfunction VERSION
 * @returns The add-in's version, for example 0.1.0.
 */
export function version(): string {
  return process.env.REPORTING_ADDIN_VERSION ?? "development";
}
