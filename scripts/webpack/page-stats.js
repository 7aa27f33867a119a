// webpack's own account of the page (entrypoints, their chunks, the modules in each chunk), which
// the page-order and shared-modules tests read. `npm test` asks the production build it already
// makes to write it (REPORTING_PAGE_STATS), so those tests need not build the add-in twice more.
// The file names the build machine's source paths: it goes to test-results/, never into dist/.
const { mkdirSync, writeFileSync } = require("node:fs");
const path = require("node:path");

/** What the tests read: modules concatenated into another count too, or zod would be invisible. */
const PAGE_STATS_OPTIONS = {
  all: false,
  entrypoints: true,
  chunks: true,
  chunkModules: true,
  chunkModulesSpace: Infinity,
  nestedModules: true,
  nestedModulesSpace: Infinity,
  dependentModules: true,
  ids: true,
};

/**
 * @param {import("webpack").Stats} stats
 * @param {string} file where to write it
 */
function writePageStats(stats, file) {
  mkdirSync(path.dirname(file), { recursive: true });
  const account = { ...stats.toJson(PAGE_STATS_OPTIONS), outputPath: stats.compilation.outputOptions.path };
  writeFileSync(file, JSON.stringify(account));
}

class PageStatsPlugin {
  /** @param {{ file: string }} options */
  constructor(options) {
    this.file = options.file;
  }

  /** @param {import("webpack").Compiler} compiler */
  apply(compiler) {
    compiler.hooks.done.tap("PageStatsPlugin", (stats) => {
      if (!stats.hasErrors()) writePageStats(stats, this.file);
    });
  }
}

module.exports = { PAGE_STATS_OPTIONS, PageStatsPlugin, writePageStats };
