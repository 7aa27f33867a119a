// What `npm run build` will emit, read from webpack.config.js without running webpack, so the
// manifest can be checked against the build before (or without) building.
import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { isAbsolute, join, relative, sep } from "node:path";

export interface BuildOutputs {
  /** Paths relative to the output folder, with forward slashes. */
  files: Set<string>;
  /** Source file of each emitted file that is copied verbatim (icons, manifest). */
  copiedFrom: Map<string, string>;
  /** The functions' source custom-functions-metadata-plugin makes functions.json from. */
  functionsSource: string | undefined;
}

interface CopyPattern {
  from: string;
  to?: string;
  context?: string;
}

type FilenameTemplate = string | ((pathData: { chunk: { name: string } }) => string);

interface WebpackConfig {
  entry: Record<string, unknown>;
  output?: { filename?: FilenameTemplate };
  plugins: object[];
}

type ConfigFactory = (env: Record<string, unknown>, argv: { mode: string }) => Promise<WebpackConfig>;

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: "utf8" })
    .map((name) => join(directory, name))
    .filter((path) => statSync(path).isFile());
}

/**
 * The file an entry is written to, when its name is known before building; undefined when it
 * carries a content hash or another placeholder only the build can fill (a manifest cannot
 * point at such a file).
 */
function entryFile(name: string, filename: FilenameTemplate = "[name].js"): string | undefined {
  const template = typeof filename === "function" ? filename({ chunk: { name } }) : filename;
  const file = template.replaceAll("[name]", name);
  return file.includes("[") ? undefined : file;
}

function toOutputPath(path: string): string {
  return path.split(sep).join("/").replace(/^\.\//, "");
}

/**
 * Copy patterns whose `from` is a plain file or folder are expanded; glob patterns (Office.js,
 * optional stylesheets) are left out: the manifest never points into them.
 */
function copiedFiles(pattern: CopyPattern, projectRoot: string): [string, string][] {
  const context = pattern.context ?? projectRoot;
  const source = isAbsolute(pattern.from) ? pattern.from : join(context, pattern.from);
  if (!existsSync(source)) return [];
  if (statSync(source).isFile()) return [[toOutputPath(pattern.to ?? pattern.from), source]];
  return filesUnder(source).map((file) => [toOutputPath(join(pattern.to ?? "", relative(source, file))), file]);
}

export async function buildOutputs(projectRoot: string): Promise<BuildOutputs> {
  const requireFromProject = createRequire(join(projectRoot, "package.json"));
  const factory = requireFromProject("./webpack.config.js") as ConfigFactory;
  const HtmlWebpackPlugin = requireFromProject("html-webpack-plugin") as new (...args: never[]) => {
    userOptions: { filename?: string };
  };
  const CopyPlugin = requireFromProject("copy-webpack-plugin") as new (...args: never[]) => { patterns: CopyPattern[] };
  const MetadataPlugin = requireFromProject("custom-functions-metadata-plugin") as new (...args: never[]) => {
    options: { output: string; input: string };
  };
  const { UnifiedManifestPlugin } = requireFromProject("./scripts/webpack/unified-manifest.js") as {
    UnifiedManifestPlugin: new (...args: never[]) => { options: { output: string } };
  };

  const config = await factory({}, { mode: "production" });
  const files = new Set<string>();
  const copiedFrom = new Map<string, string>();
  let functionsSource: string | undefined;
  for (const name of Object.keys(config.entry)) {
    const file = entryFile(name, config.output?.filename);
    if (file) files.add(file);
  }
  for (const plugin of config.plugins) {
    if (plugin instanceof HtmlWebpackPlugin) files.add(plugin.userOptions.filename ?? "index.html");
    if (plugin instanceof MetadataPlugin) functionsSource = plugin.options.input;
    if (plugin instanceof MetadataPlugin || plugin instanceof UnifiedManifestPlugin) files.add(plugin.options.output);
    if (plugin instanceof CopyPlugin) {
      for (const pattern of plugin.patterns) {
        for (const [output, source] of copiedFiles(pattern, projectRoot)) {
          files.add(output);
          copiedFrom.set(output, source);
        }
      }
    }
  }
  return { files, copiedFrom, functionsSource };
}
