/**
 * JSON kept in a custom XML part: one element holding the JSON, escaped as XML text, so that no
 * value can close the element or open another.
 */
const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
export const escapeXml = (text: string) => text.replace(/[&<>"]/g, (char) => XML_ESCAPES[char] ?? char);
const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (entity, name: string) => {
    if (name.startsWith("#x")) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[name] ?? entity;
  });

/**
 * Written without an `<?xml ...?>` declaration, as Microsoft's Excel samples write parts (Word
 * ignored `setXml` of a part that begins with one, office-js issue 1643).
 */
export function wrapJson(root: string, namespace: string, json: unknown, attributes = ""): string {
  return `<${root} xmlns="${namespace}"${attributes}><json>${escapeXml(JSON.stringify(json))}</json></${root}>`;
}

// The first <json> element, prefixed or not, with any attributes (not an empty <json/>): what
// another writer, or a round trip through another Excel, may make of ours.
const JSON_OPEN = /<(?:[\w.-]+:)?json(?:\s[^>]*)?>/;
// Inside it, CDATA sections and comments are skipped over when looking for its end tag.
const JSON_CONTENT_TOKEN = /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<\/(?:[\w.-]+:)?json\s*>/g;
const CDATA_OR_COMMENT = /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->/g;

function jsonElementContent(xml: string): string | undefined {
  const open = JSON_OPEN.exec(xml);
  if (!open || open[0].endsWith("/>")) return undefined;
  const start = open.index + open[0].length;
  const token = new RegExp(JSON_CONTENT_TOKEN.source, "g");
  token.lastIndex = start;
  for (let found = token.exec(xml); found; found = token.exec(xml)) {
    if (found[0].startsWith("</")) return xml.slice(start, found.index);
  }
  return undefined;
}

/** The element's text: entities resolved outside CDATA, CDATA kept as written, comments dropped. */
function textOf(content: string): string {
  let text = "";
  let from = 0;
  for (const match of content.matchAll(CDATA_OR_COMMENT)) {
    text += unescapeXml(content.slice(from, match.index)) + (match[1] ?? "");
    from = match.index + match[0].length;
  }
  return text + unescapeXml(content.slice(from));
}

/**
 * The JSON a part holds, read leniently: a declaration or none, attributes or a prefix on
 * `<json>`, whitespace around the JSON, CDATA sections. Throws when it holds none or unreadable JSON.
 */
export function jsonInside(xml: string): unknown {
  const content = jsonElementContent(xml);
  if (content === undefined) throw new SyntaxError("no <json> element");
  return JSON.parse(textOf(content));
}
