// What the add-in page costs to load: every script taskpane.html loads from the build, minified
// and gzipped. The build prints it (PageSizePlugin) and `npm run bench` tabulates it, from the
// same functions so the two never disagree. Office.js is left out: it is Microsoft's, copied or
// taken from the CDN, and it loads further files of its own that the build does not decide.
const zlib = require("node:zlib");
const { Compilation, WebpackError } = require("webpack");
const { isOfficeJsUrl } = require("./office-js");

/** 1 KB = 1,000 bytes, the unit the target was set in. */
const TARGET_BYTES = 250_000;
const PLUGIN = "PageSizePlugin";

// Enough for the page html-webpack-plugin writes (minified: attributes may be unquoted);
// not a general HTML parser.
const SCRIPT_TAG = /<script\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))[^>]*>/gi;

/**
 * The scripts a page loads, in document order: `bundled` are paths relative to the page (the
 * build's own output), `officeJs` the Office.js URLs.
 * @param {string} html
 * @returns {{ bundled: string[], officeJs: string[] }}
 */
function pageScripts(html) {
  const bundled = [];
  const officeJs = [];
  for (const match of html.matchAll(SCRIPT_TAG)) {
    const src = match[1] ?? match[2] ?? match[3] ?? "";
    if (isOfficeJsUrl(src)) officeJs.push(src);
    else bundled.push(decodeURI(src.replace(/[?#].*$/, "")));
  }
  return { bundled, officeJs };
}

/**
 * @param {string} html the page
 * @param {(file: string) => Uint8Array | undefined} read an emitted file's bytes, by path relative to the page
 */
function measurePage(html, read) {
  const { bundled, officeJs } = pageScripts(html);
  const scripts = bundled.map((file) => {
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(file))
      throw new Error(`the page loads ${file} from another site: only Office.js may come from outside the build`);
    const bytes = read(file);
    if (!bytes) throw new Error(`the page loads ${file}, which the build did not emit`);
    return { file, bytes: bytes.length, gzipBytes: zlib.gzipSync(bytes, { level: 9 }).length };
  });
  const total = {
    bytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
    gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
  };
  return { scripts, officeJs, total, targetBytes: TARGET_BYTES, withinTarget: total.bytes <= TARGET_BYTES };
}

/** @param {number} bytes */
function kilobytes(bytes) {
  return `${(bytes / 1000).toFixed(1).replace(/\.0$/, "")} KB`;
}

/** @param {ReturnType<typeof measurePage>} report */
function pageSizeSummary(report) {
  const verdict = report.withinTarget ? "met" : "MISSED";
  return (
    `page JavaScript: ${kilobytes(report.total.bytes)} minified, ${kilobytes(report.total.gzipBytes)} gzipped ` +
    `in ${report.scripts.length} scripts (target ≤ ${kilobytes(report.targetBytes)} minified: ${verdict}; Office.js not counted)`
  );
}

/** Prints the page's JavaScript total once the page and the minified scripts exist; warns over the target. */
class PageSizePlugin {
  /** @param {{ page: string }} options the page's path in the output */
  constructor({ page }) {
    this.page = page;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      // REPORT runs after minification and the content hashes, so names and bytes are final.
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const page = compilation.getAsset(this.page);
        if (!page) {
          compilation.errors.push(new WebpackError(`${PLUGIN}: ${this.page} was not emitted`));
          return;
        }
        let report;
        try {
          report = measurePage(page.source.source().toString(), (file) => compilation.getAsset(file)?.source.buffer());
        } catch (error) {
          compilation.errors.push(new WebpackError(`${PLUGIN}: ${error.message}`));
          return;
        }
        const summary = pageSizeSummary(report);
        if (report.withinTarget) compilation.getLogger(PLUGIN).info(summary);
        else compilation.warnings.push(new WebpackError(`${summary}. Run npm run bench for each script's share.`));
      });
    });
  }
}

module.exports = { PageSizePlugin, measurePage, pageScripts, pageSizeSummary, kilobytes, TARGET_BYTES };
