import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brokenLinks, githubSlug, headingAnchors, relativeLinks, type LinkSources } from "../../support/markdown-links";

const REPO_ROOT = join(__dirname, "..", "..", "..");
const DOCS = readdirSync(join(REPO_ROOT, "docs"))
  .filter((name) => name.endsWith(".md"))
  .sort();
const CHECKED = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md", ...DOCS.map((name) => `docs/${name}`)];

const repository: LinkSources = {
  readText: (path) => (existsSync(join(REPO_ROOT, path)) ? readFileSync(join(REPO_ROOT, path), "utf8") : undefined),
  exists: (path) => existsSync(join(REPO_ROOT, path)),
};

/** A repository of a few files held in memory, for the planted breaks. */
function inMemory(files: Record<string, string>): LinkSources {
  const paths = Object.keys(files);
  return {
    readText: (path) => files[path],
    exists: (path) => path in files || paths.some((file) => file.startsWith(`${path}/`)),
  };
}

describe("markdown links", () => {
  it("names a link to a missing file and one to a missing heading, and passes the rest", () => {
    const files = {
      "README.md": "See [the guide](docs/guide.md#set-up), [gone](docs/gone.md) and [bad](docs/guide.md#nowhere).\n",
      "docs/guide.md": "# Guide\n\n## Set up\n\nBack to [the README](../README.md) and [here](#guide).\n",
    };
    expect(brokenLinks(["README.md", "docs/guide.md"], inMemory(files))).toEqual([
      "README.md:1: docs/gone.md (no file docs/gone.md)",
      'README.md:1: docs/guide.md#nowhere (no heading "nowhere" in docs/guide.md)',
    ]);
  });

  it("refuses a link that leaves the repository", () => {
    expect(brokenLinks(["docs/a.md"], inMemory({ "docs/a.md": "[up](../../elsewhere.md)\n" }))).toEqual([
      "docs/a.md:1: ../../elsewhere.md (no file ../elsewhere.md)",
    ]);
  });

  it("reads links outside code only, and leaves web addresses alone", () => {
    const markdown = [
      "[a](a.md) and `[not](code.md)` and [web](https://example.com) [mail](mailto:x@example.com)",
      "```",
      "[inside](fence.md)",
      "```",
      "![icon](assets/icon.png)",
      "[label]: defined.md",
    ].join("\n");
    expect(relativeLinks("x.md", markdown).map((link) => `${link.line} ${link.target}`)).toEqual([
      "1 a.md",
      "5 assets/icon.png",
      "6 defined.md",
    ]);
  });

  it("makes anchors as GitHub does", () => {
    expect(githubSlug("Does the close still hold? (`--check-frozen`)")).toBe(
      "does-the-close-still-hold---check-frozen",
    );
    expect(githubSlug("…and have it refreshed at 6:00 every day")).toBe("and-have-it-refreshed-at-600-every-day");
    expect(githubSlug("Two manifests: XML and unified")).toBe("two-manifests-xml-and-unified");
    expect(githubSlug("Which rows: `$select` or `$apply`")).toBe("which-rows-select-or-apply");
    expect([...headingAnchors("## Usage\n```\n# not a heading\n```\n## Usage\n")]).toEqual(["usage", "usage-1"]);
  });

  it("every relative link of the README, CONTRIBUTING, the CHANGELOG and docs/ resolves", () => {
    expect(brokenLinks(CHECKED, repository)).toEqual([]);
  });

  it("docs/README.md lists every guide of docs/", () => {
    const index = relativeLinks("docs/README.md", repository.readText("docs/README.md") ?? "").map(
      (link) => link.target.split("#")[0],
    );
    expect(DOCS.filter((name) => name !== "README.md" && !index.includes(name))).toEqual([]);
  });
});
