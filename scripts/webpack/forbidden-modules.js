// Fails the build when a module from a Node-only folder (the emulator) ends up in a bundle
// that Excel loads: an import chain that reaches it is a layering bug, not something to ship.
const path = require("node:path");
const { WebpackError } = require("webpack");

class ForbiddenModulesPlugin {
  /** @param {{ directories: string[] }} options absolute folders no bundled module may live in */
  constructor({ directories }) {
    this.directories = directories.map((dir) => path.resolve(dir) + path.sep);
  }

  apply(compiler) {
    compiler.hooks.compilation.tap(ForbiddenModulesPlugin.name, (compilation) => {
      compilation.hooks.finishModules.tap(ForbiddenModulesPlugin.name, (modules) => {
        for (const module of modules) {
          const resource = module.resource;
          if (!resource || !this.directories.some((dir) => resource.startsWith(dir))) continue;
          const error = new WebpackError(
            `${path.relative(compiler.context, resource)} is Node-only code and must not be bundled into the add-in. ` +
              "Remove the import that reaches it.",
          );
          error.module = module;
          compilation.errors.push(error);
        }
      });
    });
  }
}

module.exports = { ForbiddenModulesPlugin };
