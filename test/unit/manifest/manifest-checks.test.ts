import { readFileSync } from "node:fs";
import { join } from "node:path";
import { checkManifest, manifestEnvironment, type ManifestCheckContext } from "../../../scripts/manifest-checks";
import { buildOutputs, type BuildOutputs } from "../../../scripts/manifest/build-outputs";
import { ENVIRONMENTS, productionManifest } from "../../../scripts/webpack/manifest";

const projectRoot = join(__dirname, "..", "..", "..");
const manifest = readFileSync(join(projectRoot, "manifest.xml"), "utf8");

let outputs: BuildOutputs;
beforeAll(async () => {
  outputs = await buildOutputs(projectRoot);
});

function context(overrides: Partial<ManifestCheckContext> = {}): ManifestCheckContext {
  return {
    emittedFiles: outputs.files,
    readEmittedFile: (path) => {
      const source = outputs.copiedFrom.get(path);
      return source === undefined ? undefined : readFileSync(source);
    },
    ...overrides,
  };
}

/** The project's manifest with one edit; fails loudly if the edit no longer applies. */
function edited(search: string | RegExp, replacement: string): string {
  const result = manifest.replace(search, replacement);
  if (result === manifest) throw new Error(`the edit ${String(search)} no longer matches manifest.xml`);
  return result;
}

function failures(xml: string, overrides: Partial<ManifestCheckContext> = {}): Record<string, string[]> {
  const failing = checkManifest(xml, context(overrides)).filter((result) => result.problems.length > 0);
  return Object.fromEntries(failing.map((result) => [result.name, result.problems]));
}

describe("the project's manifest", () => {
  it("passes every check", () => {
    expect(failures(manifest)).toEqual({});
  });

  it("points at files webpack.config.js really emits", () => {
    for (const file of ["taskpane.html", "functions.js", "functions.json", "manifest.xml", "assets/icon-16.png"]) {
      expect(outputs.files).toContain(file);
    }
  });
});

describe("a broken manifest", () => {
  it("that is not well-formed fails only the XML check, with the line", () => {
    const result = failures(manifest.slice(0, manifest.indexOf("</Hosts>")));
    expect(Object.keys(result)).toEqual(["XML is well-formed"]);
    expect(result["XML is well-formed"]?.[0]).toMatch(/^line \d+/);
  });

  it("with an undefined resid names the element and the resid", () => {
    const result = failures(edited('<Label resid="Group.Label"/>', '<Label resid="Group.Missing"/>'));
    expect(Object.keys(result)).toEqual(["Every resid is defined in Resources, in the right table"]);
    expect(result["Every resid is defined in Resources, in the right table"]).toEqual([
      expect.stringMatching(/Group\/Label uses resid "Group\.Missing", which no .* defines/),
    ]);
  });

  it("with a resid from the wrong table says which table it needs", () => {
    const result = failures(edited('<Label resid="Group.Label"/>', '<Label resid="OpenPane.Tooltip"/>'));
    expect(result["Every resid is defined in Resources, in the right table"]).toEqual([
      expect.stringContaining("from LongStrings; it must come from ShortStrings"),
    ]);
  });

  it("with a resource id defined twice is refused", () => {
    const duplicate = '<bt:String id="Group.Label" DefaultValue="Again"/>\n      </bt:ShortStrings>';
    const result = failures(edited("</bt:ShortStrings>", duplicate));
    expect(result["Every resid is defined in Resources, in the right table"]).toEqual([
      'resource id "Group.Label" is defined more than once',
    ]);
  });

  it("with a plain http URL fails the HTTPS check and no longer reaches the build's file", () => {
    const result = failures(
      edited('"https://localhost:3000/functions.json"', '"http://localhost:3000/functions.json"'),
    );
    expect(Object.keys(result).sort()).toEqual([
      "Every URL is HTTPS",
      "Pages, script and metadata are files the build emits",
    ]);
    expect(result["Every URL is HTTPS"]).toEqual([
      expect.stringContaining("http://localhost:3000/functions.json is not HTTPS"),
    ]);
  });

  it.each([
    ["not a GUID", "1e03b830-ec50-4d9a-99f3-90fe2180836"],
    ["a word", "reporting"],
    ["braced", "{1e03b830-ec50-4d9a-99f3-90fe21808362}"],
  ])("with an Id that is %s fails the GUID check", (_, id) => {
    const result = failures(edited(/<Id>[^<]*<\/Id>/, `<Id>${id}</Id>`));
    expect(Object.keys(result)).toEqual(["Id is a GUID"]);
  });

  it.each(["1.0.0.0.0", "v1.0", "1.0.0.123456", "01.0", ""])("with Version %j fails the version check", (version) => {
    const result = failures(edited(/<Version>[^<]*<\/Version>/, `<Version>${version}</Version>`));
    expect(Object.keys(result)).toEqual(["Version is a valid version number"]);
  });

  it.each(["1", "1.0.0", "65535.0.0.1"])("accepts Version %j like the manifest schema does", (version) => {
    expect(failures(edited(/<Version>[^<]*<\/Version>/, `<Version>${version}</Version>`))).toEqual({});
  });

  it("whose ribbon button opens another page than the shared runtime fails the runtime check", () => {
    const otherPage = edited(
      '<TaskpaneId>Reporting.Taskpane</TaskpaneId>\n                    <SourceLocation resid="Taskpane.Url"/>',
      '<TaskpaneId>Reporting.Taskpane</TaskpaneId>\n                    <SourceLocation resid="Other.Url"/>',
    ).replace("</bt:Urls>", '<bt:Url id="Other.Url" DefaultValue="https://localhost:3000/taskpane.html"/></bt:Urls>');
    const result = failures(otherPage);
    expect(Object.keys(result)).toEqual(["One long-lived shared runtime runs the task pane and the functions"]);
    expect(result["One long-lived shared runtime runs the task pane and the functions"]).toEqual([
      'the ShowTaskpane action uses resid "Other.Url", not the shared runtime\'s "Taskpane.Url"',
    ]);
  });

  it("whose functions page is not the shared runtime fails the runtime check", () => {
    const result = failures(
      edited(
        '<Page>\n              <SourceLocation resid="Taskpane.Url"/>',
        '<Page>\n              <SourceLocation resid="Functions.Script.Url"/>',
      ),
    );
    expect(result["One long-lived shared runtime runs the task pane and the functions"]).toEqual([
      expect.stringContaining('the custom functions\' <Page> uses resid "Functions.Script.Url"'),
    ]);
  });

  it("with a short-lived runtime or none at all fails the runtime check", () => {
    expect(failures(edited('lifetime="long"', 'lifetime="short"'))).toEqual({
      "One long-lived shared runtime runs the task pane and the functions": [
        expect.stringContaining('lifetime="short"'),
      ],
    });
    const withoutRuntime = failures(edited(/<Runtimes>[\s\S]*<\/Runtimes>/, ""));
    expect(Object.keys(withoutRuntime)).toContain("One long-lived shared runtime runs the task pane and the functions");
  });

  it("whose runtime page differs from the task pane of DefaultSettings says so", () => {
    const result = failures(
      edited(
        '<bt:Url id="Taskpane.Url" DefaultValue="https://localhost:3000/taskpane.html"/>',
        '<bt:Url id="Taskpane.Url" DefaultValue="https://localhost:3000/functions.js"/>',
      ),
    );
    expect(result["One long-lived shared runtime runs the task pane and the functions"]).toEqual([
      expect.stringContaining("is not the task pane page of DefaultSettings"),
    ]);
  });

  it("with an icon of the wrong size reports both sizes", () => {
    const result = failures(
      edited(
        'id="Icon.16x16" DefaultValue="https://localhost:3000/assets/icon-16.png"',
        'id="Icon.16x16" DefaultValue="https://localhost:3000/assets/icon-32.png"',
      ),
    );
    expect(Object.keys(result)).toEqual(["Icons exist at their declared sizes"]);
    expect(result["Icons exist at their declared sizes"]).toContainEqual(
      expect.stringContaining("assets/icon-32.png is 32x32 pixels, declared 16x16"),
    );
  });

  it("with an icon the build does not emit names the missing file", () => {
    const result = failures(edited("assets/icon-80.png", "assets/icon-99.png"));
    expect(result["Icons exist at their declared sizes"]).toContainEqual(
      expect.stringContaining("assets/icon-99.png is not a file the build emits"),
    );
  });

  it("with an icon that is not a PNG says so", () => {
    const notPng = (path: string) =>
      path.endsWith(".png") ? new TextEncoder().encode("GIF89a and more bytes than a header") : undefined;
    const result = failures(manifest, { readEmittedFile: notPng });
    expect(result["Icons exist at their declared sizes"]).toContainEqual(
      "IconUrl: assets/icon-32.png is not a PNG image",
    );
  });

  it("whose ribbon icon lacks a required size is refused", () => {
    const result = failures(edited(/<bt:Image size="80" resid="Icon.80x80"\/>/, ""));
    expect(result["Icons exist at their declared sizes"]).toEqual([
      expect.stringContaining("lacks the required sizes 80"),
    ]);
  });

  it("with another namespace than its environment's fails the functions check", () => {
    const check = "Custom functions are declared under their environment's namespace";
    expect(failures(edited('DefaultValue="REPORTINGDEV"', 'DefaultValue="REPORT"'))).toEqual({
      [check]: ['the functions\' namespace is "REPORT", expected "REPORTINGDEV" (the development manifest\'s own)'],
    });
    // The development manifest under production's namespace: installed beside production, both would give #REF!.
    expect(failures(edited('DefaultValue="REPORTINGDEV"', 'DefaultValue="REPORTING"'))).toEqual({
      [check]: ['the functions\' namespace is "REPORTING", expected "REPORTINGDEV" (the development manifest\'s own)'],
    });
    const production = productionManifest(manifest, "https://addin.example.com/");
    expect(failures(production.replace('DefaultValue="REPORTING"', 'DefaultValue="REPORTINGDEV"'))).toMatchObject({
      [check]: ['the functions\' namespace is "REPORTINGDEV", expected "REPORTING" (the production manifest\'s own)'],
    });
  });

  it("without the CustomFunctionsRuntime set, or with too low a SharedRuntime, fails the requirements check", () => {
    expect(failures(edited(/<Set Name="CustomFunctionsRuntime"[^>]*\/>/, ""))).toEqual({
      "Requires the SharedRuntime, CustomFunctionsRuntime and ExcelApi sets": [
        "<Requirements> does not require the CustomFunctionsRuntime set",
      ],
    });
    expect(
      failures(edited('<Set Name="SharedRuntime" MinVersion="1.1"/>', '<Set Name="SharedRuntime" MinVersion="1.0"/>')),
    ).toEqual({
      "Requires the SharedRuntime, CustomFunctionsRuntime and ExcelApi sets": [
        "SharedRuntime requires version 1.0, needs at least 1.1",
      ],
    });
  });

  it("pointing at metadata the build does not emit fails the build-output check", () => {
    const withoutMetadata = new Set([...outputs.files].filter((file) => file !== "functions.json"));
    expect(failures(manifest, { emittedFiles: withoutMetadata })).toEqual({
      "Pages, script and metadata are files the build emits": [
        "the functions' metadata: functions.json is not a file the build emits",
      ],
    });
  });

  it("with a ribbon label longer than Office allows fails the length check", () => {
    const result = failures(
      edited(
        '<bt:String id="Group.Label" DefaultValue="Ad Reporting (dev)"/>',
        `<bt:String id="Group.Label" DefaultValue="${"x".repeat(126)}"/>`,
      ),
    );
    expect(result).toEqual({
      "Strings fit Office's length limits": ['ShortStrings "Group.Label" is 126 characters; the limit is 125'],
    });
  });

  it("that is not a task pane add-in for Excel fails the add-in type check", () => {
    const result = failures(edited('<Host Name="Workbook"/>', '<Host Name="Document"/>'));
    expect(result).toEqual({
      "A task pane add-in for Excel with its basic settings": ['<Hosts> does not list <Host Name="Workbook"/> (Excel)'],
    });
  });

  it("whose button runs a function instead of opening the pane fails the ribbon and runtime checks", () => {
    const result = failures(edited('<Action xsi:type="ShowTaskpane">', '<Action xsi:type="ExecuteFunction">'));
    expect(result["A ribbon button opens the task pane"]).toEqual([
      "the ribbon has no button whose action is ShowTaskpane",
    ]);
    expect(result["One long-lived shared runtime runs the task pane and the functions"]).toEqual([
      "the ShowTaskpane action is missing",
    ]);
  });
});

describe("the development and production manifests", () => {
  const { development, production } = ENVIRONMENTS;
  const ORIGIN = "https://addin.example.com/reporting/";
  const ENVIRONMENT_CHECK = "Id and display name are those of one environment (development or production)";
  const PRODUCTION_CHECK = "A production manifest names no localhost address and no development name";
  const NAMESPACE_CHECK = "Custom functions are declared under their environment's namespace";
  /** The development manifest with production's Id, name and namespace, and nothing else changed: its URLs still name localhost. */
  const productionNamingLocalhost = manifest
    .replace(`<Id>${development.id}</Id>`, `<Id>${production.id}</Id>`)
    .replaceAll(`"${development.displayName}"`, `"${production.displayName}"`)
    .replace(`DefaultValue="${development.namespace}"`, `DefaultValue="${production.namespace}"`);

  it("have different Ids, both GUIDs fixed in the source, and different names", () => {
    expect(development.id).not.toBe(production.id);
    expect(development.displayName).not.toBe(production.displayName);
    expect(development.displayName).toBe("Ad Reporting (dev)");
    expect(production.displayName).toBe("Ad Reporting");
    for (const id of [development.id, production.id]) expect(id).toMatch(/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/);
  });

  it("manifest.xml is the development manifest: its Id, its name on the add-in and on the ribbon group", () => {
    expect(manifestEnvironment(manifest)).toBe("development");
    expect(manifest).toContain(`<Id>${development.id}</Id>`);
    expect(manifest).toContain(`<DisplayName DefaultValue="${development.displayName}"/>`);
    expect(manifest).toContain(`<bt:String id="Group.Label" DefaultValue="${development.displayName}"/>`);
  });

  it("the development manifest, localhost and all, passes", () => {
    expect(manifest).toContain("https://localhost:3000/");
    expect(failures(manifest)).toEqual({});
  });

  it("the production manifest the build writes passes every check and is the production one", () => {
    const written = productionManifest(manifest, ORIGIN);
    expect(manifestEnvironment(written)).toBe("production");
    expect(failures(written)).toEqual({});
  });

  it("a production manifest that still names localhost fails, with each address and how to build it", () => {
    expect(productionNamingLocalhost).not.toBe(manifest);
    const result = failures(productionNamingLocalhost);
    expect(Object.keys(result)).toEqual([PRODUCTION_CHECK]);
    const problems = result[PRODUCTION_CHECK] ?? [];
    expect(problems[0]).toContain(`this is the production manifest (Id ${production.id}, "Ad Reporting")`);
    expect(problems[0]).toContain("REPORTING_ADDIN_URL=https://<host>/<path>/ npm run build");
    expect(problems).toContainEqual(
      'OfficeApp/VersionOverrides/Resources/Urls/Url "Taskpane.Url" DefaultValue: https://localhost:3000/taskpane.html names localhost',
    );
    expect(problems).toContainEqual(
      "OfficeApp/IconUrl DefaultValue: https://localhost:3000/assets/icon-32.png names localhost",
    );
  });

  it("the production Id alone, with the development name and namespace, fails both environment checks and the namespace one", () => {
    const result = failures(edited(`<Id>${development.id}</Id>`, `<Id>${production.id}</Id>`));
    expect(Object.keys(result).sort()).toEqual([ENVIRONMENT_CHECK, NAMESPACE_CHECK, PRODUCTION_CHECK].sort());
    expect(result[ENVIRONMENT_CHECK]).toEqual([
      `<Id> is the production Id but DisplayName "Ad Reporting (dev)" is the development name: the two would be confused once installed`,
    ]);
    expect(result[PRODUCTION_CHECK]).toContainEqual(
      'OfficeApp/DisplayName DefaultValue: "Ad Reporting (dev)" is the development name',
    );
  });

  it("the production name alone, with the development Id, counts as production and fails on localhost", () => {
    const productionName = edited(
      `<DisplayName DefaultValue="${development.displayName}"/>`,
      `<DisplayName DefaultValue="${production.displayName}"/>`,
    );
    expect(manifestEnvironment(productionName)).toBe("production");
    const result = failures(productionName);
    expect(result[ENVIRONMENT_CHECK]).toEqual([
      expect.stringContaining('is the development Id but DisplayName "Ad Reporting" is the production name'),
    ]);
    expect(result[PRODUCTION_CHECK]).toContainEqual(
      expect.stringContaining("https://localhost:3000/taskpane.html names localhost"),
    );
  });

  it.each([
    ["http://localhost:3000/help", "http://localhost:3000/help"],
    ["another port", "https://localhost:8443/help"],
    ["upper case", "https://LOCALHOST/help"],
    ["127.0.0.1", "https://127.0.0.1:3000/help"],
    ["[::1]", "https://[::1]:3000/help"],
  ])("a production manifest with one leftover loopback address (%s) fails", (_, url) => {
    const written = productionManifest(manifest, ORIGIN);
    const withLeftover = written.replace("<DefaultLocale>", `<SupportUrl DefaultValue="${url}"/>\n  <DefaultLocale>`);
    expect(withLeftover).not.toBe(written);
    expect(failures(withLeftover)[PRODUCTION_CHECK]).toEqual([
      expect.stringContaining("still points at the development add-in"),
      `OfficeApp/SupportUrl DefaultValue: ${url} names localhost`,
    ]);
  });

  it("an Id that is neither environment's fails, naming both", () => {
    const result = failures(edited(/<Id>[^<]*<\/Id>/, "<Id>0f0e0d0c-0b0a-4908-8706-050403020100</Id>"));
    expect(Object.keys(result)).toEqual([ENVIRONMENT_CHECK]);
    expect(result[ENVIRONMENT_CHECK]?.[0]).toContain(
      `neither the development Id (${development.id}) nor the production Id (${production.id})`,
    );
  });

  it("a display name that is neither environment's fails", () => {
    const result = failures(
      edited(`<DisplayName DefaultValue="${development.displayName}"/>`, '<DisplayName DefaultValue="Reporting"/>'),
    );
    expect(result).toEqual({
      [ENVIRONMENT_CHECK]: [
        'DisplayName "Reporting" is neither "Ad Reporting (dev)" (development) nor "Ad Reporting" (production)',
      ],
    });
  });
});
