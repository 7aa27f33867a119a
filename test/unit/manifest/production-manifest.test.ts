/**
 * The manifest webpack.config.js writes to the build output: the production manifest when a
 * production build has REPORTING_ADDIN_URL, the development one otherwise, and a build error
 * rather than a production manifest that still names localhost.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Configuration, Stats } from "webpack";
import { ENVIRONMENTS } from "../../../scripts/webpack/manifest";
import { configWith, projectRoot, requireFromProject } from "./webpack-config";

const manifest = readFileSync(join(projectRoot, "manifest.xml"), "utf8");
const ORIGIN = "https://addin.example.com/reporting/";
const BUILD_TIMEOUT_MS = 60_000;

type CopyPattern = {
  from: string;
  to: string;
  transform?: (content: Buffer, path: string) => string | Buffer | Promise<string | Buffer>;
};
type CopyPluginClass = new (options: { patterns: CopyPattern[] }) => { patterns: CopyPattern[] };

const CopyPlugin = requireFromProject("copy-webpack-plugin") as CopyPluginClass;
const webpack = requireFromProject("webpack") as typeof import("webpack");

function manifestPattern(config: Configuration): CopyPattern {
  const copy = config.plugins?.find((plugin) => plugin instanceof CopyPlugin) as
    { patterns: CopyPattern[] } | undefined;
  const pattern = copy?.patterns.find((candidate) => candidate.from === "manifest.xml");
  if (!pattern) throw new Error("webpack.config.js no longer copies manifest.xml with CopyPlugin");
  return pattern;
}

/** What the build writes for this manifest.xml content. */
async function written(config: Configuration, content = manifest): Promise<string> {
  const pattern = manifestPattern(config);
  const result = pattern.transform
    ? await pattern.transform(Buffer.from(content), join(projectRoot, "manifest.xml"))
    : content;
  return result.toString();
}

function attribute(xml: string, pattern: RegExp): string | undefined {
  return pattern.exec(xml)?.[1];
}

/** Every URL of a manifest, in attribute values. */
function urls(xml: string): string[] {
  return [...xml.matchAll(/"(https?:\/\/[^"]*)"/g)].map((match) => match[1] ?? "");
}

/** The development manifest with a URL the rewrite of https://localhost:3000/ does not reach. */
const withLeftover = manifest.replace(
  "<DefaultLocale>",
  '<SupportUrl DefaultValue="http://localhost:3000/help"/>\n  <DefaultLocale>',
);

describe("the manifest a production build with REPORTING_ADDIN_URL writes", () => {
  let xml: string;
  beforeAll(async () => {
    xml = await written(await configWith({ REPORTING_ADDIN_URL: ORIGIN }));
  });

  it("carries the production Id and name, on the add-in and on the ribbon group", () => {
    expect(attribute(xml, /<Id>([^<]*)<\/Id>/)).toBe(ENVIRONMENTS.production.id);
    expect(attribute(xml, /<DisplayName DefaultValue="([^"]*)"/)).toBe("Ad Reporting");
    expect(attribute(xml, /id="Group.Label" DefaultValue="([^"]*)"/)).toBe("Ad Reporting");
    expect(xml).not.toContain("(dev)");
  });

  it("points every URL at REPORTING_ADDIN_URL and keeps the REPORTING namespace", () => {
    const all = urls(xml).filter(
      (url) => !url.startsWith("http://schemas.microsoft.com/") && !url.startsWith("http://www.w3.org/"),
    );
    expect(all.length).toBeGreaterThanOrEqual(9);
    expect(all.filter((url) => !url.startsWith(ORIGIN))).toEqual([]);
    expect(attribute(xml, /<SourceLocation DefaultValue="([^"]*)"/)).toBe(`${ORIGIN}taskpane.html`);
    expect(attribute(xml, /id="Functions.Script.Url" DefaultValue="([^"]*)"/)).toBe(`${ORIGIN}functions.js`);
    expect(attribute(xml, /id="Functions.Namespace" DefaultValue="([^"]*)"/)).toBe("REPORTING");
  });

  it("names localhost nowhere, comments included", () => {
    expect(xml).not.toMatch(/localhost/i);
  });

  it("is the same without the trailing slash of REPORTING_ADDIN_URL", async () => {
    expect(await written(await configWith({ REPORTING_ADDIN_URL: ORIGIN.slice(0, -1) }))).toBe(xml);
  });
});

describe("the manifest other builds write", () => {
  it("is manifest.xml itself, the development manifest, for a production build without REPORTING_ADDIN_URL", async () => {
    expect(await written(await configWith({}))).toBe(manifest);
  });

  it("is the development manifest for the dev server even with REPORTING_ADDIN_URL set", async () => {
    expect(await written(await configWith({ REPORTING_ADDIN_URL: ORIGIN }, "development"))).toBe(manifest);
  });
});

describe("the functions namespace of each build", () => {
  /** What the pane's bundle is told to write formulas with (src/taskpane/shared/build-namespace.ts). */
  function paneNamespace(config: Configuration): unknown {
    const define = config.plugins?.find((plugin) => plugin instanceof webpack.DefinePlugin) as
      { definitions: Record<string, unknown> } | undefined;
    const value = define?.definitions["process.env.REPORTING_FUNCTIONS_NAMESPACE"];
    return typeof value === "string" ? JSON.parse(value) : value;
  }

  it("is REPORTINGDEV in the development manifest and the development bundle, so both add-ins can be installed at once", async () => {
    expect(attribute(manifest, /id="Functions.Namespace" DefaultValue="([^"]*)"/)).toBe("REPORTINGDEV");
    expect(paneNamespace(await configWith({}, "development"))).toBe("REPORTINGDEV");
  });

  it("is REPORTING in production builds and the production manifest", async () => {
    expect(paneNamespace(await configWith({}))).toBe("REPORTING");
    expect(paneNamespace(await configWith({ REPORTING_ADDIN_URL: ORIGIN }))).toBe("REPORTING");
  });
});

describe("a production build refuses", () => {
  it("a manifest.xml with a localhost address the rewrite misses, quoting the line", async () => {
    const config = await configWith({ REPORTING_ADDIN_URL: ORIGIN });
    await expect(written(config, withLeftover)).rejects.toThrow(
      /still names localhost: these addresses are not under https:\/\/localhost:3000\/[\s\S]*line \d+: <SupportUrl DefaultValue="http:\/\/localhost:3000\/help"\/>/,
    );
  });

  it("a REPORTING_ADDIN_URL that is localhost itself", async () => {
    const config = await configWith({ REPORTING_ADDIN_URL: "https://localhost:8443/" });
    await expect(written(config)).rejects.toThrow(
      /REPORTING_ADDIN_URL \(https:\/\/localhost:8443\/\) is this machine's address/,
    );
  });

  it("a manifest.xml that no longer carries the development Id it rewrites", async () => {
    const config = await configWith({ REPORTING_ADDIN_URL: ORIGIN });
    const productionIdAlready = manifest.replace(ENVIRONMENTS.development.id, ENVIRONMENTS.production.id);
    await expect(written(config, productionIdAlready)).rejects.toThrow(/has no development <Id>/);
  });

  it.each([
    ["plain http", "http://addin.example.com/reporting/"],
    ["not a URL", "addin.example.com/reporting"],
    ["a query", "https://addin.example.com/reporting/?v=1"],
  ])("a REPORTING_ADDIN_URL with %s", async (_, url) => {
    await expect(configWith({ REPORTING_ADDIN_URL: url })).rejects.toThrow(/REPORTING_ADDIN_URL must be/);
  });
});

describe("webpack with the project's manifest pattern", () => {
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), "reporting-manifest-"));
    writeFileSync(join(directory, "entry.js"), "export {};\n");
  });
  afterAll(() => {
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  /** A build of nothing but the manifest, from `content`, with the configuration's own pattern. */
  async function buildManifest(content: string, output: string): Promise<Stats> {
    const pattern = manifestPattern(await configWith({ REPORTING_ADDIN_URL: ORIGIN }));
    const source = join(directory, `${output}.xml`);
    writeFileSync(source, content);
    const compiler = webpack({
      mode: "production",
      context: directory,
      entry: join(directory, "entry.js"),
      output: { path: join(directory, output) },
      plugins: [new CopyPlugin({ patterns: [{ ...pattern, from: source }] }) as never],
    });
    return new Promise((resolve, reject) =>
      compiler.run((error, stats) => (error || !stats ? reject(error) : compiler.close(() => resolve(stats)))),
    );
  }

  it(
    "fails the build, writing no manifest, when a localhost address is left over",
    async () => {
      const stats = await buildManifest(withLeftover, "leftover");
      expect(stats.hasErrors()).toBe(true);
      expect(
        stats
          .toJson({ all: false, errors: true })
          .errors?.map((error) => error.message)
          .join("\n"),
      ).toContain("The production manifest still names localhost");
      expect(existsSync(join(directory, "leftover", "manifest.xml"))).toBe(false);
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    "writes the production manifest otherwise",
    async () => {
      const stats = await buildManifest(manifest, "clean");
      expect(stats.hasErrors()).toBe(false);
      expect(readFileSync(join(directory, "clean", "manifest.xml"), "utf8")).toContain(
        `<Id>${ENVIRONMENTS.production.id}</Id>`,
      );
    },
    BUILD_TIMEOUT_MS,
  );
});
