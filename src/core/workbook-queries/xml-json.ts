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

export function wrapJson(root: string, namespace: string, json: unknown, attributes = ""): string {
  return `<?xml version="1.0" encoding="UTF-8"?><${root} xmlns="${namespace}"${attributes}><json>${escapeXml(JSON.stringify(json))}</json></${root}>`;
}

/** The JSON a part holds; throws when it holds none or unreadable JSON. */
export function jsonInside(xml: string): unknown {
  const match = /<json>([\s\S]*)<\/json>/.exec(xml);
  if (!match) throw new SyntaxError("no <json> element");
  return JSON.parse(unescapeXml(match[1] ?? ""));
}
