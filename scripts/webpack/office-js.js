// Office.js for the add-in page: a local copy from @microsoft/office-js (default, no CDN at
// run time) or Microsoft's CDN (REPORTING_OFFICE_JS=cdn).
const path = require("node:path");
const HtmlWebpackPlugin = require("html-webpack-plugin");

const OFFICE_JS_CDN_URL = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";
const LOCAL_DIR = "office-js";
const distDir = path.dirname(require.resolve("@microsoft/office-js/dist/office.js"));

/**
 * office.js picks the host file (excel-web-16.00.js, excel-win32-16.01.js, ...) through the
 * mapping table, then loads the UI strings of the user's locale and its telemetry helpers, all
 * relative to its own URL. Word, Outlook, PowerPoint, OneNote, Project and Access files and the
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

function officeJsSource() {
  return process.env.REPORTING_OFFICE_JS === "cdn" ? "cdn" : "local";
}

/** CopyWebpackPlugin patterns for the local copy; none when the CDN is used. */
function officeJsCopyPatterns() {
  if (officeJsSource() === "cdn") return [];
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
  apply(compiler) {
    compiler.hooks.compilation.tap(OfficeJsTagPlugin.name, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(OfficeJsTagPlugin.name, (groups) => {
        const src = officeJsSource() === "cdn" ? OFFICE_JS_CDN_URL : `${LOCAL_DIR}/office.js`;
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

module.exports = { OfficeJsTagPlugin, officeJsCopyPatterns, officeJsSource, isOfficeJsUrl, OFFICE_JS_CDN_URL };
