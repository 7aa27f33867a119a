// Same-origin routes of the dev server to the real Reporting service, which (as far as is
// known) sends no CORS headers, so a page cannot call it directly:
//   https://localhost:3000/service/bearer/...  ->  $REPORTING_PROXY_TARGET/...
//   https://localhost:3000/service/legacy/...  ->  $REPORTING_LEGACY_PROXY_TARGET/...
// In the task pane, enter https://localhost:3000/service/bearer and
// https://localhost:3000/service/legacy as the base URLs of a profile.

// Why the service gave no answer, by the system's code: the table the add-in's client and
// server read (src/client/connect-failure.ts), required here as the JSON it is kept in.
const CONNECT_FAILURES = require("../../src/client/connect-failure-codes.json");

const ROUTES = [
  { prefix: "/service/bearer", targetEnv: "REPORTING_PROXY_TARGET" },
  { prefix: "/service/legacy", targetEnv: "REPORTING_LEGACY_PROXY_TARGET" },
];

function sendJsonError(res, status, code, message) {
  if (res.headersSent) return res.end();
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
  res.end(JSON.stringify({ error: { code, message } }));
}

/**
 * The status and code the add-in's server answers for the same failure (unreachableFailure in
 * src/host/upstream-failures.ts, a test checks they agree), so that the pane says the same
 * behind either server.
 */
function upstreamFailure(systemCode) {
  const failure =
    systemCode && Object.prototype.hasOwnProperty.call(CONNECT_FAILURES, systemCode)
      ? CONNECT_FAILURES[systemCode]
      : "unreachable";
  return { status: failure === "timeout" ? 504 : 502, code: `upstream_${failure}` };
}

/** Targets as configured in the environment (undefined when unset). */
function proxyTargets(env = process.env) {
  return ROUTES.map((route) => ({ ...route, target: env[route.targetEnv]?.trim() || undefined }));
}

/** The `proxy` entries of webpack-dev-server (http-proxy-middleware 2 options). */
function serviceProxyConfig(env = process.env) {
  return proxyTargets(env)
    .filter((route) => route.target)
    .map((route) => ({
      context: [route.prefix],
      target: route.target,
      changeOrigin: true,
      secure: true,
      pathRewrite: { [`^${route.prefix}`]: "" },
      logLevel: "warn",
      // A server-to-server call: the page's origin means nothing to the service.
      onProxyReq(proxyReq) {
        proxyReq.removeHeader("origin");
        proxyReq.removeHeader("referer");
      },
      onError(error, _req, res) {
        const failure = upstreamFailure(error.code);
        sendJsonError(
          res,
          failure.status,
          failure.code,
          `The development server could not reach the Reporting service at ${route.target} (${error.code ?? error.message}). ` +
            `Check ${route.targetEnv} and your network connection.`,
        );
      },
    }));
}

/** Answers a clear error on a proxy route whose target was not configured. */
function unconfiguredProxyMiddlewares(env = process.env) {
  return proxyTargets(env)
    .filter((route) => !route.target)
    .map((route) => ({
      name: `unconfigured${route.prefix.replaceAll("/", "-")}`,
      path: route.prefix,
      middleware: (_req, res) =>
        sendJsonError(
          res,
          503,
          "proxy_not_configured",
          `This development server has no Reporting service behind ${route.prefix}. ` +
            `Start it with ${route.targetEnv}=<the service's base URL> npm start.`,
        ),
    }));
}

module.exports = { serviceProxyConfig, unconfiguredProxyMiddlewares, proxyTargets, upstreamFailure };
