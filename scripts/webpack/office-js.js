// Office.js for the add-in page: Microsoft's CDN or a local copy from @microsoft/office-js.
// Microsoft documents the CDN for deployed add-ins: it serves the host files of every current
// Office build and their fixes without a release of ours. The local copy is for clouds that cannot
// reach it (sovereign, air-gapped: REPORTING_OFFICE_JS=local) and for every build that is not a
// deployment (no REPORTING_ADDIN_URL): npm start and the builds the tests load, which must work
// without internet and which stub office-js/office.js in the browser.
const path = require("node:path");
const HtmlWebpackPlugin = require("html-webpack-plugin");

const OFFICE_JS_CDN_URL = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";
const LOCAL_DIR = "office-js";
const distDir = path.dirname(require.resolve("@microsoft/office-js/dist/office.js"));

/**
 * office.js loads, relative to its own URL, the host file the host names (excel-web-16.00.js,
 * excel-win32-16.01.js, ...; Office 2013 through the mapping table), the UI strings of the user's
 * locale (en-us/office_strings.js, ...) and its telemetry helpers. Word, Outlook, PowerPoint, OneNote, Project and Access files and the
 * *.debug.js variants are never requested by an Excel add-in, so they stay out of the build.
 */
const FILES_EXCEL_LOADS = [
  "office.js",
  "o15apptofilemappingtable.js",
  "excel*.js",
  "custom-functions-runtime.js",
  "es6-promise.js",
  "*/office_strings.js",
  "telemetry/oteljs_agave.js",
  "ariatelemetry/aria-web-telemetry.js",
];

const SOURCES = ["cdn", "local"];

/**
 * REPORTING_OFFICE_JS when set, otherwise the CDN for a deployed build and the local copy for any
 * other. A misspelt value fails rather than silently picking one.
 * @param {{ deployed: boolean, env?: Record<string, string | undefined> }} options
 * @returns {"cdn" | "local"}
 */
function officeJsSource({ deployed, env = process.env }) {
  const chosen = env.REPORTING_OFFICE_JS?.trim().toLowerCase();
  if (!chosen) return deployed ? "cdn" : "local";
  if (!SOURCES.includes(chosen))
    throw new Error(`REPORTING_OFFICE_JS must be "cdn" or "local" (got ${env.REPORTING_OFFICE_JS}).`);
  return chosen;
}

/**
 * CopyWebpackPlugin patterns for the local copy; none when the CDN is used.
 * @param {"cdn" | "local"} source
 */
function officeJsCopyPatterns(source) {
  if (source === "cdn") return [];
  return [
    {
      from: `{${FILES_EXCEL_LOADS.join(",")}}`,
      context: distDir,
      to: `${LOCAL_DIR}/[path][name][ext]`,
      globOptions: { ignore: ["**/*.debug.js"] },
      // Already minified by Microsoft; re-minifying 12 MB would make every build slow.
      info: { minimized: true },
    },
  ];
}

/**
 * Adds the Office.js script as the first tag of <head>, blocking, so that Office, Excel and
 * CustomFunctions exist before any bundle runs (script-loading.js). Page templates therefore never
 * mention office.js themselves.
 */
class OfficeJsTagPlugin {
  /** @param {{ source: "cdn" | "local" }} options */
  constructor({ source }) {
    this.source = source;
  }

  apply(compiler) {
    const src = this.source === "cdn" ? OFFICE_JS_CDN_URL : `${LOCAL_DIR}/office.js`;
    compiler.hooks.thisCompilation.tap(OfficeJsTagPlugin.name, (compilation) => {
      // Which one a build chose is otherwise only visible in the page.
      compilation
        .getLogger(OfficeJsTagPlugin.name)
        .info(`Office.js: ${src} (${this.source === "cdn" ? "Microsoft's CDN" : "local copy"})`);
    });
    compiler.hooks.compilation.tap(OfficeJsTagPlugin.name, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(OfficeJsTagPlugin.name, (groups) => {
        const tag = HtmlWebpackPlugin.createHtmlTagObject("script", { src });
        return { ...groups, headTags: [tag, ...groups.headTags] };
      });
    });
  }
}

/** Whether a page's script URL is Office.js (the local copy or the CDN's), which the build only copies. */
function isOfficeJsUrl(src) {
  return src === OFFICE_JS_CDN_URL || src.startsWith(`${LOCAL_DIR}/`);
}

module.exports = {
  OfficeJsTagPlugin,
  officeJsCopyPatterns,
  officeJsSource,
  isOfficeJsUrl,
  OFFICE_JS_CDN_URL,
  LOCAL_DIR,
};
