/**
 * The unified manifest (manifest.json) every build writes beside the XML one, and the offline
 * checks `npm run validate` makes of it: each check fails on a manifest broken its way.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildOutputs, type BuildOutputs } from "../../../scripts/manifest/build-outputs";
import { generatedFunctionsJson } from "../../../scripts/manifest/unified-source";
import { checkUnifiedManifest, type UnifiedCheckContext } from "../../../scripts/unified-manifest-checks";
import { ENVIRONMENTS, productionManifest } from "../../../scripts/webpack/manifest";
import { SCHEMA_URL, UnifiedManifestPlugin, unifiedManifest } from "../../../scripts/webpack/unified-manifest";
import { configWith, projectRoot } from "./webpack-config";

jest.setTimeout(30_000);

const developmentXml = readFileSync(join(projectRoot, "manifest.xml"), "utf8");
const ORIGIN = "https://addin.example.com/reporting/";
const productionXml = productionManifest(developmentXml, ORIGIN);

type Manifest = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let outputs: BuildOutputs;
let functionsJson: string;
let functionIds: string[];
let development: Manifest;
let production: Manifest;

beforeAll(async () => {
  outputs = await buildOutputs(projectRoot);
  functionsJson = await generatedFunctionsJson(projectRoot, outputs.functionsSource ?? "");
  functionIds = (JSON.parse(functionsJson) as { functions: { id: string }[] }).functions.map((fn) => fn.id);
  development = unifiedManifest(developmentXml, functionsJson);
  production = unifiedManifest(productionXml, functionsJson);
});

function context(xml: string, overrides: Partial<UnifiedCheckContext> = {}): UnifiedCheckContext {
  return {
    xml,
    functionIds,
    emittedFiles: outputs.files,
    readEmittedFile: (path) => {
      const source = outputs.copiedFrom.get(path);
      return source === undefined ? undefined : readFileSync(source);
    },
    ...overrides,
  };
}

async function failures(
  json: string,
  xml = developmentXml,
  overrides: Partial<UnifiedCheckContext> = {},
): Promise<Record<string, string[]>> {
  const results = await checkUnifiedManifest(json, context(xml, overrides));
  return Object.fromEntries(
    results.filter((result) => result.problems.length > 0).map((result) => [result.name, result.problems]),
  );
}

/** The development unified manifest with one change. */
function broken(change: (manifest: Manifest) => void, from: () => Manifest = () => development): string {
  const copy = structuredClone(from()) as Manifest;
  change(copy);
  return JSON.stringify(copy);
}

const runtimeOf = (manifest: Manifest) => manifest.extensions[0].runtimes[0];
const SCHEMA = "Valid against the v1.30 JSON schema of @microsoft/app-manifest";

describe("the unified manifest the build makes", () => {
  it("passes every check, in development and in production", async () => {
    expect(await failures(JSON.stringify(development))).toEqual({});
    expect(await failures(JSON.stringify(production), productionXml)).toEqual({});
  });

  it("names the newest schema whose extension runtimes hold customFunctions", () => {
    expect(development.$schema).toBe(SCHEMA_URL);
    expect(development.manifestVersion).toBe("1.30");
  });

  it("is the XML add-in's twin: same page, script, metadata URL, namespace and version", () => {
    const runtime = runtimeOf(production);
    expect(runtime.code).toEqual({ page: `${ORIGIN}taskpane.html`, script: `${ORIGIN}functions.js` });
    expect(runtime.customFunctions.metadataUrl).toBe(`${ORIGIN}functions.json`);
    expect(runtime.customFunctions.namespace).toEqual({ id: "REPORTING", name: "REPORTING" });
    expect(runtimeOf(development).customFunctions.namespace).toEqual({ id: "REPORTINGDEV", name: "REPORTINGDEV" });
    expect(production.version).toBe("0.1.0");
    expect(JSON.stringify(production)).not.toMatch(/localhost/);
  });

  it("has its own id and name, and hides the XML add-in of its environment", () => {
    expect(production.id).toBe(ENVIRONMENTS.production.unifiedId);
    expect(production.id).not.toBe(ENVIRONMENTS.production.id);
    expect(production.name.short).toBe(ENVIRONMENTS.production.unifiedName);
    expect(production.extensions[0].alternates).toContainEqual({
      hide: { customOfficeAddin: { officeAddinId: ENVIRONMENTS.production.id } },
    });
    expect(development.extensions[0].alternates).toContainEqual({
      hide: { customOfficeAddin: { officeAddinId: ENVIRONMENTS.development.id } },
    });
  });

  it("declares every function of functions.json, its options flattened and a result each", () => {
    const functions = runtimeOf(development).customFunctions.functions as Manifest[];
    expect(functions.map((fn) => fn.id)).toEqual(functionIds);
    const value = functions.find((fn) => fn.id === "VALUE");
    expect(value).toMatchObject({ cancelable: true, result: { dimensionality: "scalar" } });
    expect(value).not.toHaveProperty("options");
    expect(functions.find((fn) => fn.id === "STATS")?.result).toEqual({ dimensionality: "matrix" });
  });

  it("requires the XML manifest's requirement sets at its versions, so both admit the same hosts", () => {
    const sets = [
      { name: "SharedRuntime", minVersion: "1.1" },
      { name: "CustomFunctionsRuntime", minVersion: "1.3" },
      { name: "ExcelApi", minVersion: "1.14" },
    ];
    expect(development.extensions[0].requirements.capabilities).toEqual(sets);
    expect(production.extensions[0].requirements.capabilities).toEqual(sets);
    // Taken from the XML manifest, DefaultMinVersion included, not written down twice.
    const raised = developmentXml
      .replace('<Set Name="ExcelApi" MinVersion="1.14"/>', '<Set Name="ExcelApi"/>')
      .replace('DefaultMinVersion="1.1"', 'DefaultMinVersion="1.16"');
    expect((unifiedManifest(raised, functionsJson) as Manifest).extensions[0].requirements.capabilities).toContainEqual(
      { name: "ExcelApi", minVersion: "1.16" },
    );
  });

  it("is refused, with what is missing, for an XML manifest without a namespace", () => {
    const withoutNamespace = developmentXml.replace(/<Namespace resid="[^"]*"\/>/, "");
    expect(() => unifiedManifest(withoutNamespace, functionsJson)).toThrow(
      /Cannot write the unified manifest: manifest.xml has no <Namespace resid>/,
    );
  });

  it("is written by every build, development and production", async () => {
    for (const config of [
      await configWith({}, "development"),
      await configWith({}),
      await configWith({ REPORTING_ADDIN_URL: ORIGIN }),
    ]) {
      expect(config.plugins?.some((plugin) => plugin instanceof UnifiedManifestPlugin)).toBe(true);
    }
    expect(outputs.files).toContain("manifest.json");
    for (const icon of ["assets/icon-192.png", "assets/icon-outline-32.png"]) expect(outputs.files).toContain(icon);
  });
});

describe("a broken unified manifest fails its check", () => {
  it("when it is not JSON", async () => {
    expect(Object.keys(await failures("{"))).toEqual(["JSON is well-formed"]);
  });

  it("when the schema refuses it, or it names another schema", async () => {
    const result = await failures(broken((manifest) => delete manifest.developer));
    expect(Object.keys(result)).toEqual([SCHEMA]);
    expect(result[SCHEMA]).toEqual([expect.stringContaining("must have required property 'developer'")]);
    const older = await failures(broken((manifest) => (manifest.$schema = SCHEMA_URL.replace("v1.30", "v1.17"))));
    expect(older[SCHEMA]).toContainEqual(`$schema is ${SCHEMA_URL.replace("v1.30", "v1.17")}, expected ${SCHEMA_URL}`);
  });

  it("when its id is the XML add-in's, or another environment's", async () => {
    const check = "Id and name are its environment's own, not the XML add-in's";
    expect((await failures(broken((manifest) => (manifest.id = ENVIRONMENTS.development.id))))[check]).toEqual([
      expect.stringContaining("is neither the development unified id"),
    ]);
    expect((await failures(JSON.stringify(production)))[check]).toEqual([
      expect.stringContaining("the XML manifest beside it has <Id> f103ccd9"),
    ]);
    expect((await failures(broken((manifest) => (manifest.name.short = "Ad Reporting (dev)"))))[check]).toEqual([
      expect.stringContaining('expected the development unified name "Ad Reporting (M365 dev)"'),
    ]);
  });

  it("when its version is not the XML manifest's", async () => {
    expect(await failures(broken((manifest) => (manifest.version = "0.2.0")))).toEqual({
      "Version is the XML manifest's": [
        'version is "0.2.0", but the XML manifest\'s <Version> 0.1.0.0 makes it "0.1.0"',
      ],
    });
  });

  it("when it does not hide the XML add-in", async () => {
    const result = await failures(
      broken(
        (manifest) =>
          (manifest.extensions[0].alternates = manifest.extensions[0].alternates.filter(
            (alternate: Manifest) => !alternate.hide,
          )),
      ),
    );
    expect(Object.keys(result)).toEqual(["Hides the XML add-in of its environment (alternates)"]);
  });

  const REQUIREMENTS = "Requires the XML manifest's requirement sets at its versions, in Excel";
  const capabilitiesOf = (manifest: Manifest) => manifest.extensions[0].requirements.capabilities as Manifest[];
  const withoutSet = (name: string) =>
    broken(
      (manifest) =>
        (manifest.extensions[0].requirements.capabilities = capabilitiesOf(manifest).filter(
          (set) => set.name !== name,
        )),
    );

  it("when it does not require the custom functions runtime, or ExcelApi", async () => {
    expect(await failures(withoutSet("CustomFunctionsRuntime"))).toEqual({
      [REQUIREMENTS]: ["extensions[0].requirements.capabilities does not require CustomFunctionsRuntime"],
    });
    expect(await failures(withoutSet("ExcelApi"))).toEqual({
      [REQUIREMENTS]: [
        "extensions[0].requirements.capabilities does not require ExcelApi, which the XML manifest requires at 1.14",
      ],
    });
  });

  it("when it admits hosts below the XML manifest's set versions, or refuses hosts it admits", async () => {
    const older = broken(
      (manifest) => (capabilitiesOf(manifest).find((set) => set.name === "CustomFunctionsRuntime")!.minVersion = "1.1"),
    );
    expect(await failures(older)).toEqual({
      [REQUIREMENTS]: [
        "extensions[0].requirements.capabilities requires CustomFunctionsRuntime 1.1, but the XML manifest requires 1.3: the two manifests would admit different hosts",
      ],
    });
    const newer = broken(
      (manifest) => (capabilitiesOf(manifest).find((set) => set.name === "ExcelApi")!.minVersion = "1.15"),
    );
    expect((await failures(newer))[REQUIREMENTS]).toEqual([
      expect.stringContaining("requires ExcelApi 1.15, but the XML manifest requires 1.14"),
    ]);
    const extra = broken((manifest) => capabilitiesOf(manifest).push({ name: "DialogApi", minVersion: "1.2" }));
    expect((await failures(extra))[REQUIREMENTS]).toEqual([
      expect.stringContaining("requires DialogApi, which the XML manifest does not"),
    ]);
    const capped = broken(
      (manifest) => (capabilitiesOf(manifest).find((set) => set.name === "ExcelApi")!.maxVersion = "1.17"),
    );
    expect((await failures(capped))[REQUIREMENTS]).toEqual([
      "extensions[0].requirements.capabilities caps ExcelApi at 1.17; the XML manifest caps no set",
    ]);
  });

  it("when its runtime asks for a set above the XML manifest's version", async () => {
    const runtimeNeedsMore = broken(
      (manifest) =>
        (runtimeOf(manifest).requirements = { capabilities: [{ name: "CustomFunctionsRuntime", minVersion: "1.4" }] }),
    );
    expect((await failures(runtimeNeedsMore))[REQUIREMENTS]).toEqual([
      "extensions[0].runtimes[0].requirements requires CustomFunctionsRuntime 1.4, above the XML manifest's 1.3",
    ]);
    const runtimeNeedsLess = broken(
      (manifest) =>
        (runtimeOf(manifest).requirements = { capabilities: [{ name: "CustomFunctionsRuntime", minVersion: "1.1" }] }),
    );
    expect(await failures(runtimeNeedsLess)).toEqual({});
  });

  it("when its runtime is short-lived or runs another page", async () => {
    const check = "One long-lived shared runtime runs the XML manifest's page and script";
    expect(await failures(broken((manifest) => (runtimeOf(manifest).lifetime = "short")))).toEqual({
      [check]: [expect.stringContaining('lifetime is "short"')],
    });
    expect(
      (await failures(broken((manifest) => (runtimeOf(manifest).code.page = "https://localhost:3000/other.html"))))[
        check
      ],
    ).toEqual([expect.stringContaining("is not the XML manifest's runtime page https://localhost:3000/taskpane.html")]);
  });

  it("when its namespace is not its environment's", async () => {
    const result = await failures(
      broken((manifest) => (runtimeOf(manifest).customFunctions.namespace = { id: "REPORTING", name: "REPORTING" })),
    );
    expect(result).toEqual({
      "Custom functions are declared under their environment's namespace": [
        'customFunctions.namespace.id is "REPORTING", expected "REPORTINGDEV" (the development namespace)',
        'customFunctions.namespace.name is "REPORTING", expected "REPORTINGDEV" (the development namespace)',
      ],
    });
  });

  it("when metadataUrl is not the XML manifest's <Metadata> URL", async () => {
    const result = await failures(
      broken((manifest) => (runtimeOf(manifest).customFunctions.metadataUrl = "https://localhost:3000/other.json")),
    );
    expect(result).toEqual({
      "metadataUrl is the XML manifest's <Metadata> URL": [
        "customFunctions.metadataUrl is https://localhost:3000/other.json, not the XML manifest's <Metadata> URL https://localhost:3000/functions.json",
      ],
    });
  });

  it("when a function's id or name is shorter than 3 characters, or a function has no result", async () => {
    const check = "Every function has an id and a name of at least 3 characters, and a result";
    const short = await failures(broken((manifest) => (runtimeOf(manifest).customFunctions.functions[0].name = "ST")));
    expect(short[check]).toEqual(['functions[0] (STATS): name "ST" is shorter than 3 characters']);
    const noResult = await failures(
      broken((manifest) => delete runtimeOf(manifest).customFunctions.functions[1].result),
    );
    expect(noResult[check]).toEqual(["functions[1] (VALUE): has no result"]);
  });

  it("when its functions are not those of functions.json", async () => {
    const result = await failures(broken((manifest) => runtimeOf(manifest).customFunctions.functions.splice(2, 1)));
    expect(result).toEqual({
      "The functions are those of functions.json": [
        "LEGACY.STATS is in functions.json but not in the unified manifest",
      ],
    });
  });

  it("when no ribbon button opens the task pane", async () => {
    const result = await failures(
      broken((manifest) => (manifest.extensions[0].ribbons[0].tabs[0].groups[0].controls[0].actionId = "Other")),
    );
    expect(Object.keys(result)).toEqual(["A ribbon button opens the task pane"]);
  });

  it("when a URL is plain HTTP, off the add-in's folder, or localhost in production", async () => {
    const check = "Every URL is HTTPS under the add-in's folder, and a production manifest names no localhost";
    expect(
      (await failures(broken((manifest) => (manifest.developer.websiteUrl = "http://localhost:3000/"))))[check],
    ).toEqual(["developer.websiteUrl: http://localhost:3000/ is not HTTPS"]);
    const leftover = broken(
      (manifest) => (manifest.developer.privacyUrl = "https://localhost:3000/privacy"),
      () => production,
    );
    expect((await failures(leftover, productionXml))[check]).toEqual([
      "developer.privacyUrl: https://localhost:3000/privacy is not under the add-in's folder https://addin.example.com/reporting/",
      "developer.privacyUrl: https://localhost:3000/privacy names localhost in the production manifest",
    ]);
  });

  it("when an icon is missing or of another size than declared", async () => {
    const check = "Icons exist at their declared sizes";
    expect((await failures(broken((manifest) => (manifest.icons.color = "assets/icon-32.png"))))[check]).toEqual([
      "icons.color: assets/icon-32.png is 32x32 pixels, declared 192x192",
    ]);
    const withoutOutline = new Set([...outputs.files].filter((file) => file !== "assets/icon-outline-32.png"));
    expect(
      (await failures(JSON.stringify(development), developmentXml, { emittedFiles: withoutOutline }))[check],
    ).toEqual(["icons.outline: assets/icon-outline-32.png is not a file the build emits (add it to assets/)"]);
  });
});
