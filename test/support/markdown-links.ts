import { posix } from "node:path";

/**
 * The relative links of the project's Markdown files, and which of them point nowhere. The docs
 * moved out of one README into many files; a link to a file or heading that was renamed or moved
 * breaks silently on GitHub, so a unit test reads every link instead.
 */

/** One link as written: the file it is in, its line (1-based) and its target (`deploy.md#settings`). */
export interface MarkdownLink {
  file: string;
  line: number;
  target: string;
}

/** Where a link leads: an address elsewhere (`https:`, `mailto:`) is not checked. */
function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//");
}

/** The lines outside fenced code blocks, each with its 1-based number. */
function proseLines(markdown: string): { line: number; text: string }[] {
  const lines: { line: number; text: string }[] = [];
  let fence: string | undefined;
  markdown.split("\n").forEach((text, index) => {
    const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(text);
    if (fence !== undefined) {
      if (opening && opening[1]!.startsWith(fence)) fence = undefined;
      return;
    }
    if (opening) {
      fence = opening[1]!;
      return;
    }
    lines.push({ line: index + 1, text });
  });
  return lines;
}

/** Every relative link of `markdown` (inline `[text](target)`, images, and `[label]: target` definitions). */
export function relativeLinks(file: string, markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  for (const { line, text: raw } of proseLines(markdown)) {
    // A code span shows its text literally: `[a](b)` inside backticks is not a link.
    const text = raw.replace(/(`+)(?:(?!\1)[\s\S])+?\1/g, "code");
    const targets = [
      ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!),
      ...[...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/g)].map((match) => match[1]!),
    ];
    for (const target of targets) if (!isExternal(target)) links.push({ file, line, target });
  }
  return links;
}

/** The anchor GitHub gives a heading's text: lower case, punctuation dropped, spaces as hyphens. */
export function githubSlug(heading: string): string {
  const shown = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*]/g, "")
    .trim();
  return shown
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors of a Markdown file's headings, numbered as GitHub numbers repeated ones (`-1`, `-2`). */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (!heading) continue;
    const slug = githubSlug(heading[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** What the checker reads: a file's text (undefined when it does not exist), and whether a path exists at all. */
export interface LinkSources {
  readText(path: string): string | undefined;
  exists(path: string): boolean;
}

/**
 * The links of `files` (paths relative to the repository root, `/`-separated) whose file does not
 * exist, or whose `#anchor` names no heading of a Markdown target, each said as
 * `docs/a.md:12: b.md#gone (no heading "gone" in docs/b.md)`.
 */
export function brokenLinks(files: readonly string[], sources: LinkSources): string[] {
  const broken: string[] = [];
  const anchorsOf = new Map<string, Set<string>>();
  for (const file of files) {
    const markdown = sources.readText(file);
    if (markdown === undefined) {
      broken.push(`${file}: the file itself does not exist`);
      continue;
    }
    for (const link of relativeLinks(file, markdown)) {
      const [pathPart = "", anchor] = link.target.split("#", 2);
      const path = pathPart === "" ? file : posix.normalize(posix.join(posix.dirname(file), decodeURI(pathPart)));
      const where = `${file}:${link.line}: ${link.target}`;
      if (path.startsWith("../") || !sources.exists(path)) {
        broken.push(`${where} (no file ${path})`);
        continue;
      }
      if (anchor === undefined || anchor === "" || !path.endsWith(".md")) continue;
      let anchors = anchorsOf.get(path);
      if (anchors === undefined) {
        anchors = headingAnchors(sources.readText(path) ?? "");
        anchorsOf.set(path, anchors);
      }
      if (!anchors.has(decodeURIComponent(anchor).toLowerCase()))
        broken.push(`${where} (no heading "${anchor}" in ${path})`);
    }
  }
  return broken;
}
