/**
 * taskpane.html loads two webpack entries, the custom functions and the task pane. They must
 * share one webpack runtime, hence one module registry: a module both import is then evaluated
 * once, and module-level state (caches, the profile store) is the same object for both. With a
 * runtime per entry each would evaluate its own copy, and the page would download it twice.
 */
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import vm from "node:vm";
import { pageScripts } from "../../../scripts/webpack/page-size";
import { REPO_ROOT } from "../../support/fresh-dist";
import { builtPage, type BuiltPage } from "./support/built-page";

const ENTRIES = ["functions", "taskpane"] as const;
const BUILD_TIMEOUT_MS = 180_000;

/** The parts of webpack's stats (page-stats.json) these tests read. */
interface StatsModule {
  type: string;
  nameForCondition?: string;
  modules?: StatsModule[];
  /** How many modules a group leaves out of the account. */
  filteredChildren?: number;
}
interface StatsChunk {
  id: number | string;
  names: string[];
  /** Whether the chunk holds webpack's runtime. */
  entry: boolean;
  files: string[];
  modules: StatsModule[];
}
interface PageStats {
  entrypoints: Record<string, { chunks: (number | string)[]; assets: { name: string }[] }>;
  chunks: StatsChunk[];
}

interface Built {
  directory: string;
  html: string;
  stats: PageStats;
}

const built: BuiltPage<PageStats>[] = [];

async function buildPage(options: { fixture: boolean }): Promise<Built> {
  const page = await builtPage<PageStats>(options);
  built.push(page);
  return page;
}

/** Source files of a chunk's modules, those concatenated into one module included. */
function sourceFiles(modules: StatsModule[]): string[] {
  return modules.flatMap((module) => {
    // webpack's own runtime code has no source file; any other module left out would go unchecked.
    if (module.filteredChildren && module.type !== "runtime modules")
      throw new Error(`the stats leave out ${module.filteredChildren} ${module.type}`);
    return [
      ...(module.nameForCondition && !module.modules?.length ? [relative(REPO_ROOT, module.nameForCondition)] : []),
      ...sourceFiles(module.modules ?? []),
    ];
  });
}

let fixture: Built;
let addin: Built;

beforeAll(async () => {
  [fixture, addin] = await Promise.all([buildPage({ fixture: true }), buildPage({ fixture: false })]);
}, BUILD_TIMEOUT_MS);

afterAll(() => {
  for (const page of built) page.remove();
});

describe("on the page", () => {
  it("a module both entries import is evaluated once, and both entries hold the same instance", () => {
    // The fixture's entries replace the add-in's so that no Office or DOM stand-in is needed;
    // the chunking, file names and page are the project's configuration.
    const page: Record<string, unknown> = { console };
    page.globalThis = page;
    page.self = page;
    page.window = page;
    const context = vm.createContext(page);
    for (const file of pageScripts(fixture.html).bundled) {
      vm.runInContext(readFileSync(join(fixture.directory, file), "utf8"), context, {
        filename: join(fixture.directory, file),
      });
    }

    const runs = page.entriesRun as { entry: string; instance: object }[] | undefined;
    expect(runs?.map((run) => run.entry)).toEqual(["functions", "taskpane"]);
    expect(page.sharedModuleEvaluations).toBe(1);
    expect(runs?.[1]?.instance).toBe(runs?.[0]?.instance);
  });

  it("loads webpack's runtime first, then each entry's chunks, the functions before the pane", () => {
    const expected = [
      ...new Set(ENTRIES.flatMap((name) => addin.stats.entrypoints[name]!.assets.map((asset) => asset.name))),
    ].filter((file) => file.endsWith(".js"));
    const runtimeFiles = addin.stats.chunks.filter((chunk) => chunk.entry).flatMap((chunk) => chunk.files);
    const loaded = pageScripts(addin.html).bundled;

    expect(loaded).toEqual(expected);
    expect(runtimeFiles).toContain(loaded[0]);
  });
});

describe("the add-in's build", () => {
  it("has one webpack runtime, shared by the functions and the pane", () => {
    const runtimeChunksOf = (entry: string) =>
      addin.stats.entrypoints[entry]!.chunks.filter((id) => addin.stats.chunks.find((chunk) => chunk.id === id)?.entry);

    expect(runtimeChunksOf("functions")).toHaveLength(1);
    expect(runtimeChunksOf("taskpane")).toEqual(runtimeChunksOf("functions"));
  });

  it("puts every module in one chunk only: zod and the code both entries use are sent once", () => {
    const chunksOfFile = new Map<string, string[]>();
    for (const chunk of addin.stats.chunks) {
      for (const file of sourceFiles(chunk.modules)) {
        chunksOfFile.set(file, [...(chunksOfFile.get(file) ?? []), chunk.names.join(",") || String(chunk.id)]);
      }
    }
    // Both entries use zod and src/api: without them in the account, there would be nothing to check.
    const files = [...chunksOfFile.keys()];
    expect(files.some((file) => file.startsWith(join("node_modules", "zod")))).toBe(true);
    expect(files.some((file) => file.startsWith(join("src", "api")))).toBe(true);

    const duplicated = [...chunksOfFile]
      .filter(([, chunks]) => chunks.length > 1)
      .map(([file, chunks]) => `${file} in ${chunks.join(" and ")}`);
    expect(duplicated).toEqual([]);
  });
});

describe("the page's zod", () => {
  it("leaves out zod's JSON Schema converter, which only the build uses (scripts/webpack/zod-json-schema.js)", () => {
    const scripts = pageScripts(addin.html).bundled.map((file) => readFileSync(join(addin.directory, file), "utf8"));
    // A message of the converter's, in the minified output whenever the converter is bundled.
    expect(scripts.filter((script) => script.includes("cannot be represented in JSON Schema"))).toEqual([]);
    // The stand-in is there instead: zod's schemas still reach what they call.
    expect(scripts.some((script) => script.includes("zod's JSON Schema conversion"))).toBe(true);
  });
});
