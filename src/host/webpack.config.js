// `npm run build:host`: the production host (src/host) as one plain Node script, build/host/server.js,
// so that `npm ci --omit=dev` installs all it needs to run. It is bundled rather than compiled
// file by file because it shares src/core's CSV check with the pane, which reaches zod, a
// development dependency the add-in's own bundle carries the same way. The runtime dependencies
// of package.json stay outside the bundle, loaded from node_modules.
const path = require("node:path");
const { dependencies } = require("../../package.json");

const REPO_ROOT = path.resolve(__dirname, "../..");
const RUNTIME_PACKAGES = Object.keys(dependencies);

function isRuntimePackage(request) {
  return RUNTIME_PACKAGES.some((name) => request === name || request.startsWith(`${name}/`));
}

module.exports = {
  mode: "production",
  context: REPO_ROOT,
  target: "node20",
  // refresh-workbook.js: npm run refresh-workbook for deployments (docs/headless-refresh.md),
  // which install without the development tools (tsx) that run it from the sources.
  // xlsx-rewrite-worker.js: the worker thread that rewrites a Mac export's Excel file
  // (src/host/exports/off-thread-rewrite.ts), found beside server.js.
  entry: {
    server: "./src/host/cli.ts",
    "refresh-workbook": "./src/headless/cli.ts",
    "xlsx-rewrite-worker": "./src/host/exports/xlsx-rewrite-worker.ts",
  },
  output: { path: path.join(REPO_ROOT, "build", "host"), filename: "[name].js", clean: true },
  // Readable stack traces in the server's log weigh more than a smaller file.
  optimization: { minimize: false },
  devtool: false,
  resolve: { extensions: [".ts", ".js"] },
  externals: [
    ({ request }, callback) => (isRuntimePackage(request) ? callback(null, `commonjs ${request}`) : callback()),
  ],
  module: {
    rules: [
      {
        test: /\.ts$/,
        exclude: /node_modules/,
        loader: "ts-loader",
        // Type checking is `npm run lint` (tsc --noEmit); the build only transpiles.
        options: { transpileOnly: true, onlyCompileBundledFiles: true, compilerOptions: { noEmit: false } },
      },
    ],
  },
  performance: { hints: false },
};
