// One build for the whole add-in: the task pane and the custom functions share one page
// (taskpane.html), because the manifest runs them in one shared runtime.
//
// Environment variables read at build time:
//   REPORTING_BASE_URL, REPORTING_LEGACY_BASE_URL  default service URLs baked into the pane
//                                                  (npm start sets them to the emulator's)
//   REPORTING_ADDIN_URL       production origin replacing https://localhost:3000/ in manifest.xml
//   REPORTING_OFFICE_JS=cdn   load Office.js from Microsoft's CDN instead of the local copy
// and by the dev server only:
//   REPORTING_PROXY_TARGET, REPORTING_LEGACY_PROXY_TARGET   see scripts/webpack/service-proxy.js
//   REPORTING_DEV_CERT_FILE, REPORTING_DEV_KEY_FILE, REPORTING_DEV_CA_FILE   see scripts/dev-cert.mjs
const path = require("node:path");
const webpack = require("webpack");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");
const { OfficeJsTagPlugin, officeJsCopyPatterns } = require("./scripts/webpack/office-js");
const { ForbiddenModulesPlugin } = require("./scripts/webpack/forbidden-modules");
const { serviceProxyConfig, unconfiguredProxyMiddlewares } = require("./scripts/webpack/service-proxy");

const DEV_SERVER_PORT = 3000;
const DEV_ORIGIN = `https://localhost:${DEV_SERVER_PORT}/`;
const FUNCTIONS_SOURCE = "./src/functions/functions.ts";

function productionOrigin() {
  const url = process.env.REPORTING_ADDIN_URL?.trim();
  if (!url) return undefined;
  if (!url.startsWith("https://")) throw new Error(`REPORTING_ADDIN_URL must be an https:// URL (got ${url}).`);
  return url.endsWith("/") ? url : `${url}/`;
}

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
    proxy: serviceProxyConfig(),
    setupMiddlewares(middlewares) {
      return [...unconfiguredProxyMiddlewares(), ...middlewares];
    },
  };
}

module.exports = async (env, argv) => {
  const mode = argv.mode === "development" ? "development" : "production";
  const addinOrigin = mode === "production" ? productionOrigin() : undefined;

  return {
    mode,
    context: __dirname,
    devtool: "source-map",
    target: "web",
    entry: {
      taskpane: "./src/taskpane/taskpane.ts",
      functions: FUNCTIONS_SOURCE,
    },
    output: {
      path: path.resolve(__dirname, "dist"),
      // Stable names: the manifest refers to functions.js by URL.
      filename: "[name].js",
      clean: true,
    },
    resolve: { extensions: [".ts", ".js"] },
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
    plugins: [
      new CustomFunctionsMetadataPlugin({ input: FUNCTIONS_SOURCE, output: "functions.json" }),
      new HtmlWebpackPlugin({
        filename: "taskpane.html",
        template: "./src/taskpane/taskpane.html",
        chunks: ["functions", "taskpane"],
        chunksSortMode: "manual",
      }),
      new OfficeJsTagPlugin(),
      new CopyWebpackPlugin({
        patterns: [
          {
            from: "manifest.xml",
            to: "manifest.xml",
            transform: (content) =>
              addinOrigin ? content.toString().replaceAll(DEV_ORIGIN, addinOrigin) : content,
          },
          { from: "assets", to: "assets" },
          { from: "src/taskpane/*.css", to: "[name][ext]", noErrorOnMissing: true },
          ...officeJsCopyPatterns(),
        ],
      }),
      new webpack.DefinePlugin({
        "process.env.REPORTING_BASE_URL": JSON.stringify(process.env.REPORTING_BASE_URL ?? ""),
        "process.env.REPORTING_LEGACY_BASE_URL": JSON.stringify(process.env.REPORTING_LEGACY_BASE_URL ?? ""),
        "process.env.REPORTING_ADDIN_VERSION": JSON.stringify(require("./package.json").version),
      }),
      new ForbiddenModulesPlugin({ directories: [path.resolve(__dirname, "src/emulator")] }),
    ],
    performance: {
      // Office.js is copied, not bundled; only our own bundles count against the budget.
      assetFilter: (asset) => /^(taskpane|functions)\.js$/.test(asset),
      maxAssetSize: 1024 * 1024,
      maxEntrypointSize: 1024 * 1024,
    },
    devServer: env.WEBPACK_SERVE ? await devServerConfig() : undefined,
  };
};

module.exports.DEV_SERVER_PORT = DEV_SERVER_PORT;
module.exports.DEV_ORIGIN = DEV_ORIGIN;
