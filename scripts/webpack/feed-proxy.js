// The dev server's route to the OData feed (docs/odata-feed.md): `npm start` runs the feed
// beside the emulator (src/host/odata/dev-feed.ts) and names it in REPORTING_FEED_TARGET;
//   https://localhost:3000/odata/...  ->  $REPORTING_FEED_TARGET/odata/...
// The Host header is kept and X-Forwarded-Proto says https, so the feed's links (nextLink,
// @odata.context) are addresses of the dev server, as Power Query must follow them.
const FEED_TARGET_ENV = "REPORTING_FEED_TARGET";

function feedProxyConfig(env = process.env) {
  const target = env[FEED_TARGET_ENV]?.trim();
  if (!target) return [];
  return [{ context: ["/odata"], target, changeOrigin: false, xfwd: true, logLevel: "warn" }];
}

module.exports = { feedProxyConfig, FEED_TARGET_ENV };
