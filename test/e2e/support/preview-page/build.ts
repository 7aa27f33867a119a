import { build } from "esbuild";
import { copyFile, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "../../../support/fresh-dist";

/** The pane's markup around a preview: the section, its summary and the table's container. */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Preview</title>
    <link rel="stylesheet" href="taskpane.css" />
  </head>
  <body>
    <header class="visually-hidden"><h1>Reporting</h1></header>
    <main>
      <section class="preview" aria-labelledby="preview-title">
        <h2 id="preview-title">Preview</h2>
        <p class="hint" id="preview-summary">Choose Preview to see the first rows here.</p>
        <div class="table-wrap" id="preview-table"></div>
      </section>
    </main>
    <script src="preview.js"></script>
  </body>
</html>
`;

/**
 * A page holding only the preview: the pane's stylesheet as the build copies it, and the model and
 * renderer bundled from source. Returns its folder.
 */
export async function buildPreviewPage(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), "preview-page-"));
  await build({
    entryPoints: [join(__dirname, "entry.ts")],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    outfile: join(directory, "preview.js"),
    logLevel: "silent",
  });
  await copyFile(join(REPO_ROOT, "src", "taskpane", "taskpane.css"), join(directory, "taskpane.css"));
  await writeFile(join(directory, "index.html"), PAGE);
  return directory;
}
