// The unified manifest for Microsoft 365 (manifest.json), written by every build beside the XML
// manifest and made from it, so that the two cannot disagree on a URL, the namespace or the
// version. Why both: Microsoft 365 deploys the unified one (admin center, Teams), but an add-in
// with a unified manifest cannot be installed on perpetual, volume-licensed Office (Office 2021),
// which takes the XML one. The two are linked as Microsoft's "Manage both a unified manifest and an
// add-in only manifest version" describes: the unified add-in has its own id and name, and
// `alternates[].hide.customOfficeAddin` names the XML add-in's Id, so a user who has both sees one.
// The schema version (v1.30) is the newest @microsoft/app-manifest ships, the first ones whose
// extension runtimes hold `customFunctions` being v1.29; `npm run validate` checks the result
// against it offline (scripts/unified-manifest-checks.ts).
const { ENVIRONMENTS } = require("./manifest");

const SCHEMA_VERSION = "1.30";
const SCHEMA_URL = `https://developer.microsoft.com/json-schemas/teams/v${SCHEMA_VERSION}/MicrosoftTeams.schema.json`;
/** Relative to manifest.json, in dist/ and in the app package: the package carries them beside it. */
const COLOR_ICON = "assets/icon-192.png";
const OUTLINE_ICON = "assets/icon-outline-32.png";
const RUNTIME_ID = "SharedRuntime";
// description.short takes at most 80 characters; the XML manifest's description is the full one.
const SHORT_DESCRIPTION = "Ad revenues, impressions, eCPM and requests as live Excel formulas and tables.";
const OPEN_PANE_ACTION = "ShowTaskpane";
// functions.json's options that the unified manifest spells otherwise.
const RENAMED_OPTIONS = Object.freeze({ requiresParameterAddresses: "requiresParameterAddress" });

const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(text) {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name) => ENTITIES[name]);
}

/** The first capture of `pattern` in `xml`, decoded; collects what is missing instead of throwing at once. */
function capture(xml, pattern, what, problems) {
  const match = pattern.exec(xml);
  if (!match) {
    problems.push(`manifest.xml has no ${what}`);
    return "";
  }
  return decode(match[1]);
}

/**
 * The requirement sets of the XML manifest's own <Requirements> (not VersionOverrides'), each
 * with its MinVersion or the DefaultMinVersion of <Sets>: the hosts Office installs it on.
 */
function requirementSetsOf(xml, problems) {
  const requirements = /<Requirements>\s*<Sets([^>]*)>([\s\S]*?)<\/Sets>\s*<\/Requirements>/.exec(
    xml.replace(/<VersionOverrides[\s\S]*<\/VersionOverrides>/, ""),
  );
  if (!requirements) {
    problems.push("manifest.xml has no <Requirements><Sets>");
    return [];
  }
  const defaultMin = /DefaultMinVersion="([^"]*)"/.exec(requirements[1])?.[1];
  const sets = [...requirements[2].matchAll(/<Set\s([^>]*?)\/?>/g)].map(([, attributes]) => ({
    name: decode(/Name="([^"]*)"/.exec(attributes)?.[1] ?? ""),
    minVersion: decode(/MinVersion="([^"]*)"/.exec(attributes)?.[1] ?? defaultMin ?? ""),
  }));
  for (const set of sets)
    if (!set.name || !set.minVersion)
      problems.push(`manifest.xml has a <Set> without a Name or a MinVersion (${set.name || "no name"})`);
  if (sets.length === 0) problems.push("manifest.xml's <Requirements><Sets> names no <Set>");
  return sets;
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * What the unified manifest takes from the XML one (after the production build's rewrite):
 * identity, texts, URLs, the namespace and the requirement sets, each from the element Office
 * reads it from.
 * @param {string} xml
 */
function readXmlManifest(xml) {
  const problems = [];
  const text = xml.replace(/<!--[\s\S]*?-->/g, "");
  const resource = (id, what) =>
    capture(
      text,
      new RegExp(`<bt:(?:Image|Url|String) id="${escapeRegExp(id)}" DefaultValue="([^"]*)"`),
      `${what} (resource "${id}")`,
      problems,
    );
  const residOf = (pattern, what) => capture(text, pattern, what, problems);
  const read = {
    id: capture(text, /<Id>\s*([^<]*?)\s*<\/Id>/, "<Id>", problems),
    version: capture(text, /<Version>\s*([^<]*?)\s*<\/Version>/, "<Version>", problems),
    providerName: capture(text, /<ProviderName>\s*([^<]*?)\s*<\/ProviderName>/, "<ProviderName>", problems),
    displayName: capture(text, /<DisplayName DefaultValue="([^"]*)"/, "<DisplayName>", problems),
    description: capture(text, /<Description DefaultValue="([^"]*)"/, "<Description>", problems),
    iconUrl: capture(text, /<IconUrl DefaultValue="([^"]*)"/, "<IconUrl>", problems),
    highResolutionIconUrl: capture(
      text,
      /<HighResolutionIconUrl DefaultValue="([^"]*)"/,
      "<HighResolutionIconUrl>",
      problems,
    ),
    page: resource(residOf(/<Runtime resid="([^"]*)"/, "<Runtime resid>"), "the shared runtime's page"),
    script: resource(
      residOf(/<Script>\s*<SourceLocation resid="([^"]*)"/, "<Script><SourceLocation>"),
      "the functions' script",
    ),
    metadataUrl: resource(
      residOf(/<Metadata>\s*<SourceLocation resid="([^"]*)"/, "<Metadata><SourceLocation>"),
      "the functions' metadata",
    ),
    namespace: resource(residOf(/<Namespace resid="([^"]*)"/, "<Namespace resid>"), "the functions' namespace"),
    groupLabel: resource(
      residOf(/<Group id="[^"]*">\s*<Label resid="([^"]*)"/, "the ribbon group's <Label>"),
      "the ribbon group's label",
    ),
    buttonLabel: resource(
      residOf(/<Control xsi:type="Button" id="[^"]*">\s*<Label resid="([^"]*)"/, "the button's <Label>"),
      "the button's label",
    ),
    tooltip: resource(
      residOf(/<Supertip>[\s\S]*?<Description resid="([^"]*)"/, "the button's <Supertip><Description>"),
      "the button's tooltip",
    ),
    requirementSets: requirementSetsOf(text, problems),
    ribbonIcons: [16, 32, 80].map((size) => ({
      size,
      url: resource(
        residOf(new RegExp(`<bt:Image size="${size}" resid="([^"]*)"`), `a ${size}px ribbon icon`),
        `the ${size}px ribbon icon`,
      ),
    })),
  };
  return { read, problems };
}

/** The environment whose XML Id this is; undefined for another Id. */
function environmentOfXmlId(id) {
  return Object.keys(ENVIRONMENTS).find((name) => ENVIRONMENTS[name].id.toLowerCase() === id.toLowerCase());
}

/** `0.1.0.0` (the XML manifest's four numbers) as the semver the unified manifest takes: `0.1.0`. */
function semverOf(version) {
  const parts = version.split(".");
  while (parts.length < 3) parts.push("0");
  return parts.slice(0, 3).join(".");
}

/** A function of functions.json as the unified manifest declares it. */
function unifiedFunction(fn) {
  const { options = {}, result = {}, ...rest } = fn;
  const flags = Object.fromEntries(
    Object.entries(options).map(([name, value]) => [RENAMED_OPTIONS[name] ?? name, value]),
  );
  return { ...rest, ...flags, result: { dimensionality: result.dimensionality ?? "scalar" } };
}

/**
 * The unified manifest of the add-in the XML manifest `xml` describes, with the functions of
 * `functionsJson` (the metadata the build generates from src/functions/functions.ts).
 * Throws, listing every problem, when the XML manifest lacks something it needs.
 * @param {string} xml the XML manifest this build writes (dist/manifest.xml)
 * @param {string} functionsJson the build's functions.json
 */
function unifiedManifest(xml, functionsJson) {
  const { read, problems } = readXmlManifest(xml);
  const environment = environmentOfXmlId(read.id);
  if (read.id && !environment)
    problems.push(`manifest.xml's <Id> ${read.id} is neither environment's (scripts/webpack/manifest.js)`);
  let metadata;
  try {
    metadata = JSON.parse(functionsJson);
  } catch (error) {
    problems.push(`functions.json is not JSON (${error.message})`);
  }
  if (problems.length > 0 || !environment)
    throw new Error(`Cannot write the unified manifest: ${problems.join("; ")}.`);

  const { unifiedId, unifiedName } = ENVIRONMENTS[environment];
  const base = new URL(".", read.page).href;
  const origin = new URL(base).origin;
  const icon = (url, size) => ({ size, url });
  return {
    $schema: SCHEMA_URL,
    manifestVersion: SCHEMA_VERSION,
    id: unifiedId,
    version: semverOf(read.version),
    name: { short: unifiedName, full: unifiedName },
    description: { short: SHORT_DESCRIPTION, full: read.description },
    developer: {
      name: read.providerName,
      // The add-in's own folder: the XML manifest names no support or policy page to take instead.
      websiteUrl: base,
      privacyUrl: base,
      termsOfUseUrl: base,
    },
    icons: { color: COLOR_ICON, outline: OUTLINE_ICON },
    accentColor: "#217346",
    localizationInfo: { defaultLanguageTag: "en-us" },
    validDomains: [origin],
    // ReadWriteDocument in the XML manifest.
    authorization: { permissions: { resourceSpecific: [{ name: "Document.ReadWrite.User", type: "Delegated" }] } },
    extensions: [
      {
        // The XML manifest's sets, versions included, so that both admit the same hosts: the code
        // keeps no fallback below them (ExcelApi 1.14, CustomFunctionsRuntime 1.3).
        requirements: {
          capabilities: read.requirementSets.map(({ name, minVersion }) => ({ name, minVersion })),
          scopes: ["workbook"],
        },
        runtimes: [
          {
            id: RUNTIME_ID,
            type: "general",
            code: { page: read.page, script: read.script },
            lifetime: "long",
            actions: [{ id: OPEN_PANE_ACTION, type: "openPage", pinnable: false }],
            customFunctions: {
              ...(metadata.allowCustomDataForDataTypeAny !== undefined
                ? { allowCustomDataForDataTypeAny: metadata.allowCustomDataForDataTypeAny }
                : {}),
              namespace: { id: read.namespace, name: read.namespace },
              metadataUrl: read.metadataUrl,
              functions: (metadata.functions ?? []).map(unifiedFunction),
            },
          },
        ],
        ribbons: [
          {
            requirements: { scopes: ["workbook"], formFactors: ["desktop"] },
            contexts: ["default"],
            tabs: [
              {
                builtInTabId: "TabHome",
                groups: [
                  {
                    id: "Reporting.Group",
                    label: read.groupLabel,
                    icons: read.ribbonIcons,
                    controls: [
                      {
                        id: "Reporting.OpenPane",
                        type: "button",
                        label: read.buttonLabel,
                        icons: read.ribbonIcons,
                        supertip: { title: read.buttonLabel, description: read.tooltip },
                        actionId: OPEN_PANE_ACTION,
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
        alternates: [
          // Where both are installed, the XML add-in of the same environment is hidden.
          { hide: { customOfficeAddin: { officeAddinId: read.id } } },
          // Where the admin center deploys the unified manifest to an Office that cannot read it.
          {
            alternateIcons: { icon: icon(read.iconUrl, 32), highResolutionIcon: icon(read.highResolutionIconUrl, 64) },
          },
        ],
      },
    ],
  };
}

/**
 * Writes manifest.json from the manifest.xml and functions.json this compilation emits, after
 * both are there (CopyWebpackPlugin and custom-functions-metadata-plugin); a build error names
 * what is missing.
 */
class UnifiedManifestPlugin {
  constructor(options = {}) {
    this.options = { output: "manifest.json", xml: "manifest.xml", functions: "functions.json", ...options };
  }

  apply(compiler) {
    const { Compilation, sources, WebpackError } = compiler.webpack;
    compiler.hooks.thisCompilation.tap("UnifiedManifestPlugin", (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: "UnifiedManifestPlugin", stage: Compilation.PROCESS_ASSETS_STAGE_DERIVED },
        () => {
          const xml = compilation.getAsset(this.options.xml);
          const functions = compilation.getAsset(this.options.functions);
          if (!xml || !functions) {
            // The XML manifest's own error (or the functions' JSDoc error) is already reported.
            if (compilation.errors.length === 0)
              compilation.errors.push(
                new WebpackError(
                  `The unified manifest needs ${this.options.xml} and ${this.options.functions}, which this build did not emit.`,
                ),
              );
            return;
          }
          try {
            const manifest = unifiedManifest(xml.source.source().toString(), functions.source.source().toString());
            compilation.emitAsset(this.options.output, new sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
          } catch (error) {
            compilation.errors.push(new WebpackError(error.message));
          }
        },
      );
    });
  }
}

module.exports = { SCHEMA_VERSION, SCHEMA_URL, unifiedManifest, UnifiedManifestPlugin };
