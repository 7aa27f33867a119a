// The add-in's two manifests. Microsoft recommends one manifest per environment: a distinct Id
// and display name let a developer keep the development add-in (npm start) and the deployed one
// installed side by side, and tell them apart in the ribbon and the add-in lists.
//
// manifest.xml at the repository root is the development manifest, because that is the file
// developers sideload while `npm start` runs. A production build with REPORTING_ADDIN_URL derives
// the production manifest from it (productionManifest below); without REPORTING_ADDIN_URL the
// build copies the development manifest unchanged, so dist/manifest.xml stays recognisably the
// development one ("(dev)" in its name, the development Id) instead of a half-production file.

/**
 * Fixed for good: Office identifies an add-in by its Id, so a new Id would be a new add-in to
 * every user and admin who installed it. The production Id is the one manifest.xml carried
 * before the two environments were split, so deployments made then keep their identity.
 * The unified manifest (scripts/webpack/unified-manifest.js) has an id and name of its own in
 * each environment, fixed for good likewise: Microsoft asks that the unified add-in be told apart
 * from the XML one it hides. Each environment has its own functions namespace too: two installed
 * add-ins registering one namespace break each other's formulas (#REF!). The pane reads formulas
 * of either namespace (src/core/formula-namespace.ts), so workbooks move between the two.
 */
const ENVIRONMENTS = Object.freeze({
  development: Object.freeze({
    id: "f103ccd9-ad1e-4b92-94c6-a20f63247995",
    displayName: "Ad Reporting (dev)",
    namespace: "REPORTINGDEV",
    unifiedId: "68d20584-c41b-4b14-b17a-b2981482a0a6",
    unifiedName: "Ad Reporting (M365 dev)",
  }),
  production: Object.freeze({
    id: "1e03b830-ec50-4d9a-99f3-90fe21808362",
    displayName: "Ad Reporting",
    namespace: "REPORTING",
    unifiedId: "d3766738-ec25-4d1b-9a08-95604ff1fa23",
    unifiedName: "Ad Reporting (M365)",
  }),
});

/**
 * The environment a webpack mode builds for: its functions' namespace is the one the pane writes
 * (src/taskpane/shared/build-namespace.ts). Development builds are what manifest.xml loads (the dev
 * server); production builds are deployed with the production manifest.
 * @param {string} mode webpack's mode
 * @returns {keyof typeof ENVIRONMENTS}
 */
function environmentOfMode(mode) {
  return mode === "production" ? "production" : "development";
}

/** The dev server's address, which every add-in URL of manifest.xml starts with. */
const DEV_ORIGIN = "https://localhost:3000/";

// Loopback in any spelling a manifest could carry: a production manifest naming one sends every
// user's Office to their own machine.
const LOOPBACK = /localhost|127(?:\.\d{1,3}){3}|\[::1\]|\b0\.0\.0\.0\b/i;
const XML_COMMENT = /<!--[\s\S]*?-->[ \t]*\r?\n?/g;

/**
 * REPORTING_ADDIN_URL as the folder URL every add-in file is served from (with a trailing slash);
 * undefined when unset or blank.
 * @param {string | undefined} value
 * @returns {string | undefined}
 */
function addinOrigin(value) {
  const url = value?.trim();
  if (!url) return undefined;
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`REPORTING_ADDIN_URL must be an absolute https:// URL (got ${url}).`);
  }
  if (parsed.protocol !== "https:") throw new Error(`REPORTING_ADDIN_URL must be an https:// URL (got ${url}).`);
  if (parsed.search || parsed.hash)
    throw new Error(`REPORTING_ADDIN_URL must be a folder URL without ? or # (got ${url}).`);
  return url.endsWith("/") ? url : `${url}/`;
}

/**
 * Whether a text names a loopback address.
 * @param {string} text
 */
function namesLoopback(text) {
  return LOOPBACK.test(text);
}

/**
 * The lines of a text that name a loopback address, numbered from 1, for error messages.
 * @param {string} text
 * @returns {string[]}
 */
function loopbackMentions(text) {
  return text
    .split(/\r?\n/)
    .flatMap((line, index) => (LOOPBACK.test(line) ? [`line ${index + 1}: ${line.trim()}`] : []));
}

/**
 * @param {string} text
 * @param {string} search
 * @param {string} replacement
 * @param {string} what for the error message
 * @param {string[]} problems collects what could not be rewritten
 */
function replaceEvery(text, search, replacement, what, problems) {
  if (!text.includes(search)) problems.push(`manifest.xml has no ${what} (${search}) to rewrite`);
  return text.replaceAll(search, replacement);
}

/**
 * The production manifest made from the development one: the production Id and name, and every
 * add-in URL moved from the dev server to `origin`. Throws when manifest.xml no longer carries
 * what the rewrite expects, or when the result still names a loopback address (an address the
 * rewrite missed, such as http://localhost:3000 or another port): the build must fail rather
 * than write a manifest that sends users to their own machine.
 * @param {string} xml the development manifest (manifest.xml)
 * @param {string} origin REPORTING_ADDIN_URL, normalised by addinOrigin
 * @returns {string}
 */
function productionManifest(xml, origin) {
  const { development, production } = ENVIRONMENTS;
  const problems = [];
  // The comments of manifest.xml describe the development manifest and name the dev server.
  let result = xml.replace(XML_COMMENT, "");
  result = replaceEvery(
    result,
    `<Id>${development.id}</Id>`,
    `<Id>${production.id}</Id>`,
    "development <Id>",
    problems,
  );
  // Every attribute holding the development name: DisplayName and the ribbon group's label.
  result = replaceEvery(
    result,
    `"${development.displayName}"`,
    `"${production.displayName}"`,
    "development display name",
    problems,
  );
  result = replaceEvery(result, DEV_ORIGIN, origin, "dev server URL", problems);
  result = replaceEvery(
    result,
    `id="Functions.Namespace" DefaultValue="${development.namespace}"`,
    `id="Functions.Namespace" DefaultValue="${production.namespace}"`,
    "development functions namespace",
    problems,
  );
  if (problems.length > 0) throw new Error(`Cannot write the production manifest: ${problems.join("; ")}.`);

  const leftovers = loopbackMentions(result);
  if (leftovers.length > 0) {
    const cause = LOOPBACK.test(origin)
      ? `REPORTING_ADDIN_URL (${origin}) is this machine's address, which no user's Office can reach`
      : `these addresses are not under ${DEV_ORIGIN}, so the rewrite to ${origin} missed them`;
    throw new Error(`The production manifest still names localhost: ${cause}.\n  ${leftovers.join("\n  ")}`);
  }
  const declaration = /^<\?xml[^>]*\?>\r?\n?/.exec(result)?.[0] ?? "";
  // No origin in the note: a punycode host (xn--...) would put "--" in the comment, which XML forbids.
  const note =
    "<!-- Production manifest, written by npm run build from manifest.xml: edit manifest.xml, not this file. -->\n";
  return `${declaration}${note}${result.slice(declaration.length)}`;
}

module.exports = {
  ENVIRONMENTS,
  environmentOfMode,
  DEV_ORIGIN,
  addinOrigin,
  namesLoopback,
  loopbackMentions,
  productionManifest,
};
