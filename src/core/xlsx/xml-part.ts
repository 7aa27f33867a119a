import { XMLBuilder, XMLParser } from "fast-xml-parser";

/**
 * A small XML part of the package (a table, workbook.xml, a pivot cache definition, the content
 * types, a relationships part) parsed in document order, attributes in their order and namespace
 * prefixes as written, so that writing it back changes only what was edited. Entities are left as
 * written (`processEntities: false`): text and attribute values read here are still escaped, and
 * values set here are escaped by `setAttribute`. The XML declaration and what follows it before
 * the root are kept as text.
 */

export type XmlNode = Record<string, unknown> & { ":@"?: Record<string, string> };

const OPTIONS = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  commentPropName: "#comment",
  cdataPropName: "#cdata",
  suppressEmptyNode: true,
} as const;

const PROLOG = /^\uFEFF?(?:<\?xml[^?]*\?>)?\s*/;

export interface XmlPart {
  prolog: string;
  nodes: XmlNode[];
}

export function parseXmlPart(text: string): XmlPart {
  const prolog = PROLOG.exec(text)![0];
  return { prolog, nodes: new XMLParser(OPTIONS).parse(text.slice(prolog.length)) as XmlNode[] };
}

export function buildXmlPart(part: XmlPart): string {
  return part.prolog + (new XMLBuilder(OPTIONS).build(part.nodes) as string);
}

/** The element's name (with its prefix), or undefined for text, comments and CDATA. */
export function tagOf(node: XmlNode): string | undefined {
  return Object.keys(node).find((key) => key !== ":@" && !key.startsWith("#"));
}

export function childrenOf(node: XmlNode): XmlNode[] {
  const tag = tagOf(node);
  return tag ? (node[tag] as XmlNode[]) : [];
}

/** The local name without its prefix: `x:table` and `table` are both `table`. */
const localName = (tag: string) => tag.slice(tag.indexOf(":") + 1);

export function elementsNamed(nodes: readonly XmlNode[], name: string): XmlNode[] {
  return nodes.filter((node) => {
    const tag = tagOf(node);
    return tag !== undefined && tag !== "?xml" && localName(tag) === name;
  });
}

export function firstElement(nodes: readonly XmlNode[], name: string): XmlNode | undefined {
  return elementsNamed(nodes, name)[0];
}

/** The root element of a part (the first element that is not the declaration). */
export function rootOf(part: XmlPart): XmlNode {
  const root = part.nodes.find((node) => {
    const tag = tagOf(node);
    return tag !== undefined && tag !== "?xml";
  });
  if (!root) throw new SyntaxError("no root element");
  return root;
}

const XML_ATTRIBUTE_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
export const escapeXmlText = (text: string) => text.replace(/[&<>"]/g, (char) => XML_ATTRIBUTE_ESCAPES[char] ?? char);
export const unescapeXmlText = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (entity, name: string) => {
    if (name.startsWith("#x")) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[name] ?? entity;
  });

/** An attribute's value, unescaped. */
export function attribute(node: XmlNode, name: string): string | undefined {
  const raw = node[":@"]?.[name];
  return raw === undefined ? undefined : unescapeXmlText(raw);
}

/** Sets an attribute (escaped), in its place when it exists, last otherwise. */
export function setAttribute(node: XmlNode, name: string, value: string): void {
  node[":@"] = { ...(node[":@"] ?? {}), [name]: escapeXmlText(value) };
}

/** The text inside an element, unescaped (CDATA kept as written). */
export function textOf(node: XmlNode): string {
  return childrenOf(node)
    .map((child) => {
      if (typeof child["#text"] === "string") return unescapeXmlText(child["#text"]);
      const cdata = child["#cdata"] as XmlNode[] | undefined;
      return cdata ? cdata.map((part) => String(part["#text"] ?? "")).join("") : "";
    })
    .join("");
}

/** The namespace of the root element (its default namespace, or that of its prefix). */
export function rootNamespace(text: string): string | undefined {
  const open = /<([\w.-]+:)?[\w.-]+(\s[^>]*)?>/.exec(text.replace(PROLOG, "").replace(/^(\s*<!--[\s\S]*?-->)*\s*/, ""));
  if (!open) return undefined;
  const prefix = open[1] ? open[1].slice(0, -1) : undefined;
  const declaration = new RegExp(`\\sxmlns${prefix ? `:${prefix}` : ""}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(
    open[2] ?? "",
  );
  return declaration ? (declaration[2] ?? declaration[3]) : undefined;
}
