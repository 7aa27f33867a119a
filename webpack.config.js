// One build for the whole add-in: the task pane and the custom functions share one page
// (taskpane.html), because the manifest runs them in one shared runtime.
//
// Environment variables read at build time:
//   REPORTING_BASE_URL, REPORTING_LEGACY_BASE_URL  default service URLs baked into the pane
//                                                  (npm start sets them to the emulator's)
//   REPORTING_ADDIN_URL       production builds: where the add-in is deployed; the build writes the
//                             production manifest for it (scripts/webpack/manifest.js) and loads
//                             Office.js from Microsoft's CDN
//   REPORTING_OFFICE_JS       cdn or local: where the page loads Office.js from, overriding that
//                             default (local for every build without REPORTING_ADDIN_URL)
// and by the dev server only:
//   REPORTING_PROXY_TARGET, REPORTING_LEGACY_PROXY_TARGET   see scripts/webpack/service-proxy.js
//   REPORTING_FEED_TARGET     the OData feed npm start runs, see scripts/webpack/feed-proxy.js
//   REPORTING_DEV_CERT_FILE, REPORTING_DEV_KEY_FILE, REPORTING_DEV_CA_FILE   see scripts/dev-cert.mjs
const path = require("node:path");
const webpack = require("webpack");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");
const {
  addinOrigin,
  DEV_ORIGIN,
  ENVIRONMENTS,
  environmentOfMode,
  productionManifest,
} = require("./scripts/webpack/manifest");
const { UnifiedManifestPlugin } = require("./scripts/webpack/unified-manifest");
const { OfficeJsTagPlugin, officeJsCopyPatterns, officeJsSource } = require("./scripts/webpack/office-js");
const { ForbiddenModulesPlugin } = require("./scripts/webpack/forbidden-modules");
const { PageSizePlugin } = require("./scripts/webpack/page-size");
const { PageStatsPlugin } = require("./scripts/webpack/page-stats");
const { ScriptLoadingPlugin } = require("./scripts/webpack/script-loading");
const { zodJsonSchemaRule } = require("./scripts/webpack/zod-json-schema");
const { serviceProxyConfig, unconfiguredProxyMiddlewares } = require("./scripts/webpack/service-proxy");
const { feedProxyConfig } = require("./scripts/webpack/feed-proxy");

// manifest.xml names the dev server, so its address is defined once, with the manifest's rewrite.
const DEV_SERVER_PORT = Number(new URL(DEV_ORIGIN).port);
const FUNCTIONS_SOURCE = "./src/functions/functions.ts";
// Scripts reached by a URL written outside the build: the manifest names functions.js
// (Functions.Script.Url). Every other script is named only by taskpane.html, which the build writes.
const FIXED_NAME_CHUNKS = new Set(["functions"]);

async function devServerConfig() {
  const { ensureDevCertificate } = await import("./scripts/dev-cert.mjs");
  const certificate = await ensureDevCertificate();
  return {
    host: "localhost",
    port: DEV_SERVER_PORT,
    server: { type: "https", options: { key: certificate.key, cert: certificate.cert, ca: certificate.ca } },
    // Excel on the web fetches functions.json and the icons from its own origin.
    headers: { "Access-Control-Allow-Origin": "*" },
    hot: false,
    liveReload: true,
    static: false,
    client: { overlay: { errors: true, warnings: false } },
    proxy: [...serviceProxyConfig(), ...feedProxyConfig()],
    setupMiddlewares(middlewares) {
      return [...unconfiguredProxyMiddlewares(), ...middlewares];
    },
  };
}

module.exports = async (env, argv) => {
  const mode = argv.mode === "development" ? "development" : "production";
  // Only a production build is a deployment: the dev server always serves the development manifest.
  const deployedAt = mode === "production" ? addinOrigin(process.env.REPORTING_ADDIN_URL) : undefined;
  const officeJs = officeJsSource({ deployed: deployedAt !== undefined });

  return {
    mode,
    context: __dirname,
    devtool: "source-map",
    target: "web",
    entry: {
      // zod-jitless first: it must run before src/api builds its schemas (see the module).
      taskpane: ["./src/office/zod-jitless.ts", "./src/taskpane/shell/taskpane.ts"],
      functions: ["./src/office/zod-jitless.ts", FUNCTIONS_SOURCE],
    },
    output: {
      path: path.resolve(__dirname, "dist"),
      // Write every file, changed or not: the tests reuse dist/ when it is newer than every source
      // (test/support/fresh-dist.ts), and a file webpack skipped as unchanged would keep the date of
      // an older build, making a current dist/ look stale and costing the tests a build of their own.
      compareBeforeEmit: false,
      // In production a content hash lets hosts cache the runtime, the shared chunks and the pane
      // for good; functions.js keeps the name the manifest uses (hosts must revalidate it).
      filename:
        mode === "production"
          ? (pathData) => (FIXED_NAME_CHUNKS.has(pathData.chunk?.name) ? "[name].js" : "[name].[contenthash:8].js")
          : "[name].js",
      // Lazy chunks (exceljs) are named by the page's runtime only: hashed like the rest, so a
      // release never meets an old copy in a cache.
      chunkFilename: mode === "production" ? "[name].[contenthash:8].js" : "[name].js",
      // Chunks load relative to the page, which sits beside them. Not webpack's "auto": that
      // guesses from document.currentScript at start-up, which the functions' runtimes may lack.
      publicPath: "",
      clean: true,
    },
    optimization: {
      // The two entries run in one page: one runtime means one module registry, so a module both
      // import is evaluated once and its state is shared by the functions and the pane (two
      // runtimes would each evaluate their own copy). Development builds do the same, so the dev
      // server behaves like production.
      runtimeChunk: "single",
      splitChunks: {
        chunks: "all",
        cacheGroups: {
          default: false,
          defaultVendors: false,
          // Libraries change less often than our code: their own file stays cached across releases.
          // "initial": a library only a lazy chunk imports (exceljs, for Excel exports) stays in that
          // chunk, fetched when first needed, rather than joining what every page load fetches.
          vendors: { test: /[\\/]node_modules[\\/]/, name: "vendors", priority: 10, enforce: true, chunks: "initial" },
          // enforce: the page loads every chunk anyway, so a small shared module is still worth
          // one copy rather than one per entry (the default minSize would duplicate it).
          // Only modules the page loads at start anyway: a module that only the pane's parts loaded
          // on demand share (src/taskpane/shell/tab-parts.ts, src/taskpane/tabs/query/action-parts.ts) stays out of what every page load fetches.
          common: {
            minChunks: 2,
            name: "common",
            priority: 0,
            enforce: true,
            test: (module, { chunkGraph }) =>
              [...chunkGraph.getModuleChunksIterable(module)].some((chunk) => chunk.canBeInitial()),
          },
          // What two parts loaded on demand share: one chunk fetched with the first of them.
          parts: { minChunks: 2, priority: -10, enforce: true, chunks: "async", reuseExistingChunk: true },
        },
      },
    },
    resolve: { extensions: [".ts", ".js"] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          loader: "ts-loader",
          // Type checking is `npm run lint` (tsc --noEmit); the build only transpiles, with the
          // add-in's settings (tsconfig.addin.json: Office's web views, no Node).
          options: {
            configFile: "tsconfig.addin.json",
            transpileOnly: true,
            onlyCompileBundledFiles: true,
            compilerOptions: { noEmit: false },
          },
        },
        // The page never converts a schema to JSON Schema; zod's converter stays out (~20 KB).
        zodJsonSchemaRule,
      ],
    },
    plugins: [
      new CustomFunctionsMetadataPlugin({ input: FUNCTIONS_SOURCE, output: "functions.json" }),
      new HtmlWebpackPlugin({
        filename: "taskpane.html",
        template: "./src/taskpane/taskpane.html",
        // Each entry brings its runtime and shared chunks, listed once, before it: the page loads
        // runtime, vendors, common, functions, taskpane (test/integration/functions/shared-modules.test.ts).
        chunks: ["functions", "taskpane"],
        chunksSortMode: "manual",
        inject: "head",
        // Every tag is set by ScriptLoadingPlugin below (blocking, the pane's own chunk deferred).
        scriptLoading: "blocking",
      }),
      // manifest.json, the unified manifest, made from this build's manifest.xml and functions.json.
      new UnifiedManifestPlugin(),
      new OfficeJsTagPlugin({ source: officeJs }),
      // All but the pane's own chunk block, so that the functions are registered before Office
      // starts them (test/integration/functions/page-order.test.ts).
      new ScriptLoadingPlugin({ deferred: ["taskpane"] }),
      new CopyWebpackPlugin({
        patterns: [
          {
            from: "manifest.xml",
            to: "manifest.xml",
            // Throws (a build error) when the production manifest would still name localhost.
            transform: (content) => (deployedAt ? productionManifest(content.toString(), deployedAt) : content),
          },
          { from: "assets", to: "assets" },
          { from: "src/taskpane/*.css", to: "[name][ext]", noErrorOnMissing: true },
          ...officeJsCopyPatterns(officeJs),
        ],
      }),
      new webpack.DefinePlugin({
        "process.env.REPORTING_BASE_URL": JSON.stringify(process.env.REPORTING_BASE_URL ?? ""),
        "process.env.REPORTING_LEGACY_BASE_URL": JSON.stringify(process.env.REPORTING_LEGACY_BASE_URL ?? ""),
        "process.env.REPORTING_ADDIN_VERSION": JSON.stringify(require("./package.json").version),
        // The namespace the pane writes formulas with: the one this build's manifest registers.
        "process.env.REPORTING_FUNCTIONS_NAMESPACE": JSON.stringify(ENVIRONMENTS[environmentOfMode(mode)].namespace),
      }),
      new ForbiddenModulesPlugin({ directories: [path.resolve(__dirname, "src/emulator")] }),
      // Development bundles are not minified: their size says nothing about what users download.
      ...(mode === "production" ? [new PageSizePlugin({ page: "taskpane.html" })] : []),
      // `npm test` keeps webpack's account of the page for the tests that read it (page-stats.js).
      ...(process.env.REPORTING_PAGE_STATS
        ? [new PageStatsPlugin({ file: path.resolve(__dirname, process.env.REPORTING_PAGE_STATS) })]
        : []),
    ],
    performance: {
      // Office.js is copied, not bundled; only our own bundles count against the budget.
      assetFilter: (asset) => asset.endsWith(".js") && !asset.startsWith("office-js/"),
      maxAssetSize: 1024 * 1024,
      maxEntrypointSize: 1024 * 1024,
    },
    devServer: env.WEBPACK_SERVE ? await devServerConfig() : undefined,
  };
};

module.exports.DEV_SERVER_PORT = DEV_SERVER_PORT;
module.exports.DEV_ORIGIN = DEV_ORIGIN;
