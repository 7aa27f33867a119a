/**
 * In a shared runtime Excel initialises the custom functions inside Office.onReady; a function
 * whose CustomFunctions.associate call has not run by then shows #VALUE! on the first calculation
 * (office-js issue 4769). The built page must therefore run Office.js, webpack's runtime, the
 * shared chunks and functions.js as blocking scripts, in that order, before anything deferred.
 */
import { isOfficeJsUrl } from "../../../scripts/webpack/office-js";
import { builtPage, type BuiltPage } from "./support/built-page";

const BUILD_TIMEOUT_MS = 180_000;

interface PageStats {
  entrypoints: Record<string, { assets: { name: string }[] }>;
  chunks: { entry: boolean; names: string[]; files: string[] }[];
}

interface ScriptTag {
  src: string;
  /** Attribute names, lower case: defer, async, type... */
  attributes: Set<string>;
  type: string | undefined;
}

/** The page's script tags in document order (html-webpack-plugin's minified output: attributes may be unquoted). */
function scriptTags(html: string): ScriptTag[] {
  return [...html.matchAll(/<script\b([^>]*)>/gi)].map((match) => {
    const values = new Map<string, string>();
    for (const attribute of (match[1] ?? "").matchAll(/([^\s=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      values.set((attribute[1] ?? "").toLowerCase(), attribute[2] ?? attribute[3] ?? attribute[4] ?? "");
    }
    return { src: values.get("src") ?? "", attributes: new Set(values.keys()), type: values.get("type") };
  });
}

/** A script the parser runs where it stands: no defer, no async, not a module. */
function blocks(tag: ScriptTag): boolean {
  return (
    !tag.attributes.has("defer") &&
    !tag.attributes.has("async") &&
    (tag.type === undefined || /^(text|application)\/javascript$/i.test(tag.type))
  );
}

let page: BuiltPage<PageStats> | undefined;
let html: string;
let stats: PageStats;

beforeAll(async () => {
  page = await builtPage<PageStats>({ fixture: false });
  ({ html, stats } = page);
}, BUILD_TIMEOUT_MS);

afterAll(() => page?.remove());

describe("the order in which taskpane.html runs its scripts", () => {
  it("point 6: Office.js, then the runtime, the shared chunks and functions.js, all blocking, before any deferred script", () => {
    const tags = scriptTags(html);
    // What the functions need, in webpack's order: its runtime chunk, the shared chunks, then its own.
    const functionsScripts = stats.entrypoints
      .functions!.assets.map((asset) => asset.name)
      .filter((file) => file.endsWith(".js"));
    const runtimeFiles = stats.chunks.filter((chunk) => chunk.entry).flatMap((chunk) => chunk.files);
    expect(runtimeFiles).toContain(functionsScripts[0]);
    expect(functionsScripts.at(-1)).toBe("functions.js");
    expect(functionsScripts.length).toBeGreaterThan(2);

    expect(isOfficeJsUrl(tags[0]?.src ?? "")).toBe(true);
    const leading = tags.slice(0, 1 + functionsScripts.length);
    expect(leading.map((tag) => tag.src)).toEqual([tags[0]?.src, ...functionsScripts]);
    expect(leading.filter((tag) => !blocks(tag)).map((tag) => tag.src)).toEqual([]);
  });

  it("point 6: the pane's own script, which needs the document, comes after them and may wait for it", () => {
    const tags = scriptTags(html);
    const pane = stats.entrypoints
      .taskpane!.assets.map((asset) => asset.name)
      .filter((file) => file.endsWith(".js"))
      .at(-1);
    const paneAt = tags.findIndex((tag) => tag.src === pane);
    const functionsAt = tags.findIndex((tag) => tag.src === "functions.js");
    expect(paneAt).toBeGreaterThan(functionsAt);
    expect(functionsAt).toBeGreaterThan(0);
    // Everything deferred sits after the last blocking script, and is only the pane.
    const deferred = tags.filter((tag) => !blocks(tag)).map((tag) => tag.src);
    expect(deferred).toEqual([pane]);
    expect(tags.at(-1)?.src).toBe(pane);
  });

  it("loads every script in <head>, so nothing of the body runs before the functions are registered", () => {
    const head = html.slice(0, html.search(/<\/head>/i));
    expect(scriptTags(head)).toHaveLength(scriptTags(html).length);
  });
});
