// Builds the add-in page (taskpane.html and the scripts it loads) with the project's production
// webpack configuration into the folder given as argument, and writes there page-stats.json:
// webpack's own account of the entrypoints, their chunks and the modules in each chunk.
// With --fixture, the entries are the small modules of shared-module-fixture/ instead of the
// add-in's, so a test can watch module instances on the page without Office or a DOM; the
// optimization, output names and page template stay the project's.
// Usage: node test/integration/functions/support/build-page.js <output folder> [--fixture]
const path = require("node:path");
const webpack = require("webpack");
const { writePageStats } = require("../../../../scripts/webpack/page-stats");

const FIXTURE = path.join(__dirname, "shared-module-fixture");
// What writes the page and its script tags; the rest of the configuration is about the add-in's
// own sources, which the fixture replaces.
const PAGE_PLUGINS = new Set(["HtmlWebpackPlugin", "OfficeJsTagPlugin"]);

async function main() {
  const [output, flag] = process.argv.slice(2);
  if (!output) throw new Error("give the output folder");
  const outputPath = path.resolve(output);
  const root = path.resolve(__dirname, "../../../..");
  // This build writes its own account below: never over the one `npm test`'s build kept.
  delete process.env.REPORTING_PAGE_STATS;
  const configure = require(path.join(root, "webpack.config.js"));
  const config = await configure({}, { mode: "production" });
  config.output = { ...config.output, path: outputPath };
  if (flag === "--fixture") {
    config.entry = Object.fromEntries(
      Object.keys(config.entry).map((name) => [name, path.join(FIXTURE, `${name}.js`)]),
    );
    config.plugins = config.plugins.filter((plugin) => PAGE_PLUGINS.has(plugin.constructor.name));
    config.devtool = false;
  } else if (flag !== undefined) {
    throw new Error(`unknown option ${flag}`);
  }
  const stats = await new Promise((resolve, reject) =>
    webpack(config, (error, result) => (error ? reject(error) : resolve(result))),
  );
  if (stats.hasErrors()) {
    process.stderr.write(stats.toString({ all: false, errors: true }) + "\n");
    process.exit(1);
  }
  writePageStats(stats, path.join(outputPath, "page-stats.json"));
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
