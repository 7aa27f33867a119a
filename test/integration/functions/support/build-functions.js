// Builds the custom functions bundle with the project's own webpack configuration (same loaders,
// chunking, metadata plugin, defines and forbidden-module check) into the folder given as
// argument. Only the functions entry is built, so that the task pane's state cannot fail these
// tests; taskpane.html is kept because it lists, in order, the runtime and shared chunks that
// functions.js needs.
// Usage: node test/integration/functions/support/build-functions.js <output folder>
const path = require("node:path");
const webpack = require("webpack");

const FUNCTIONS_ONLY_PLUGINS = new Set([
  "CustomFunctionsMetadataPlugin",
  "DefinePlugin",
  "ForbiddenModulesPlugin",
  "HtmlWebpackPlugin",
  "OfficeJsTagPlugin",
]);

async function main() {
  const outputPath = path.resolve(process.argv[2] ?? "");
  if (!process.argv[2]) throw new Error("give the output folder");
  const root = path.resolve(__dirname, "../../../..");
  const configure = require(path.join(root, "webpack.config.js"));
  const config = await configure({}, { mode: "development" });
  config.entry = { functions: config.entry.functions };
  config.output = { ...config.output, path: outputPath };
  config.plugins = config.plugins.filter((plugin) => FUNCTIONS_ONLY_PLUGINS.has(plugin.constructor.name));
  config.performance = { hints: false };
  const stats = await new Promise((resolve, reject) =>
    webpack(config, (error, result) => (error ? reject(error) : resolve(result))),
  );
  if (stats.hasErrors()) {
    process.stderr.write(stats.toString({ all: false, errors: true }) + "\n");
    process.exit(1);
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
