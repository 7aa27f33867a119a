// How the add-in page loads its scripts. In a shared runtime Excel initialises the custom
// functions inside Office.onReady, and a function Excel calls before its CustomFunctions.associate
// call has run shows #VALUE! on the first calculation (office-js issue 4769). A deferred script
// runs only once the whole document is parsed, which may be after Office is ready; a blocking
// script in <head> runs before anything later in the page, Office's start included. So Office.js,
// webpack's runtime, the shared chunks and the functions block, in that order; only the pane's
// own chunk, which needs the document's elements, stays deferred.
const HtmlWebpackPlugin = require("html-webpack-plugin");

const PLUGIN = "ScriptLoadingPlugin";

class ScriptLoadingPlugin {
  /** @param {{ deferred: string[] }} options entries whose own chunk may wait for the document */
  constructor({ deferred }) {
    this.deferred = deferred;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(PLUGIN, (groups) => {
        const deferredFiles = new Set(
          this.deferred.flatMap((name) => {
            const entry = compilation.entrypoints.get(name);
            if (!entry) throw new Error(`${PLUGIN}: no entry named ${name}`);
            return [...entry.getEntrypointChunk().files].filter((file) => file.endsWith(".js"));
          }),
        );
        const isDeferred = (tag) => {
          const src = String(tag.attributes.src ?? "").replace(/[?#].*$/, "");
          return [...deferredFiles].some((file) => src === file || src.endsWith(`/${file}`));
        };
        const retag = (tags) => {
          const scripts = tags.filter((tag) => tag.tagName === "script" && tag.attributes.src);
          for (const tag of scripts) {
            const { defer: _defer, async: _async, type: _type, ...attributes } = tag.attributes;
            tag.attributes = isDeferred(tag) ? { ...attributes, defer: true } : attributes;
          }
          // Blocking scripts keep their order and come first; deferred ones run after them anyway,
          // and listing them last says so.
          const others = tags.filter((tag) => !scripts.includes(tag));
          return [...others, ...scripts.filter((tag) => !isDeferred(tag)), ...scripts.filter(isDeferred)];
        };
        return { ...groups, headTags: retag(groups.headTags), bodyTags: retag(groups.bodyTags) };
      });
    });
  }
}

module.exports = { ScriptLoadingPlugin };
