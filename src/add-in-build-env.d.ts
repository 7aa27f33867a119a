// The build-time settings webpack's DefinePlugin writes into the add-in (webpack.config.js): the
// page has no `process`; each `process.env.NAME` below is replaced by a string when bundling.
// Only the add-in's type check reads this file (tsconfig.addin.json); Node code has Node's `process`.
declare const process: {
  readonly env: {
    readonly REPORTING_BASE_URL?: string;
    readonly REPORTING_LEGACY_BASE_URL?: string;
    readonly REPORTING_ADDIN_VERSION?: string;
    readonly REPORTING_FUNCTIONS_NAMESPACE?: string;
  };
};
