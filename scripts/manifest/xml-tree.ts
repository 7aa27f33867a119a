import { XMLParser, XMLValidator } from "fast-xml-parser";

/** An XML element with namespace prefixes dropped from element and attribute names. */
export interface XmlElement {
  name: string;
  attributes: Readonly<Record<string, string>>;
  children: readonly XmlElement[];
  text: string;
  /** Names from the root down to this element, for messages ("OfficeApp/Hosts/Host"). */
  path: string;
}

export type ParseResult = { ok: true; root: XmlElement } | { ok: false; problem: string };

type OrderedNode = Record<string, unknown> & { ":@"?: Record<string, unknown> };

const ATTRIBUTE_PREFIX = "@_";

function localName(qualified: string): string {
  const colon = qualified.indexOf(":");
  return colon === -1 ? qualified : qualified.slice(colon + 1);
}

function toElement(node: OrderedNode, parentPath: string): XmlElement | undefined {
  const tag = Object.keys(node).find((key) => key !== ":@");
  if (tag === undefined || tag === "#text" || tag.startsWith("?")) return undefined;
  const name = localName(tag);
  const path = parentPath ? `${parentPath}/${name}` : name;
  const attributes: Record<string, string> = {};
  for (const [key, value] of Object.entries(node[":@"] ?? {})) {
    const attribute = key.slice(ATTRIBUTE_PREFIX.length);
    if (attribute === "xmlns" || attribute.startsWith("xmlns:")) continue;
    attributes[localName(attribute)] = String(value);
  }
  const rawChildren = (node[tag] as OrderedNode[] | undefined) ?? [];
  const children: XmlElement[] = [];
  let text = "";
  for (const child of rawChildren) {
    if ("#text" in child) text += String(child["#text"]);
    const element = toElement(child, path);
    if (element) children.push(element);
  }
  return { name, attributes, children, text: text.trim(), path };
}

export function parseXml(xml: string): ParseResult {
  const validation = XMLValidator.validate(xml);
  if (validation !== true) {
    const { msg, line, col } = validation.err;
    return { ok: false, problem: `line ${line}, column ${col}: ${msg}` };
  }
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: ATTRIBUTE_PREFIX,
    parseAttributeValue: false,
    parseTagValue: false,
    trimValues: true,
  });
  const nodes = parser.parse(xml) as OrderedNode[];
  const roots = nodes.map((node) => toElement(node, "")).filter((element) => element !== undefined);
  const root = roots[0];
  if (roots.length !== 1 || !root) return { ok: false, problem: "the document must have exactly one root element" };
  return { ok: true, root };
}

export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((candidate) => candidate.name === name);
}

export function childrenNamed(element: XmlElement | undefined, name: string): XmlElement[] {
  return element?.children.filter((candidate) => candidate.name === name) ?? [];
}

/** Follows a chain of child names ("VersionOverrides", "Hosts", "Host"), first match each step. */
export function at(element: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  return names.reduce<XmlElement | undefined>((current, name) => child(current, name), element);
}

/** The element and all its descendants, depth first. */
export function descendants(element: XmlElement): XmlElement[] {
  return [element, ...element.children.flatMap(descendants)];
}
