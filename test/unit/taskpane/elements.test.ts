import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DomUtils, parseDocument } from "htmlparser2";
import { CONNECT_ELEMENTS } from "../../../src/taskpane/tabs/connect/elements";
import { LEGACY_ELEMENTS } from "../../../src/taskpane/tabs/legacy/elements";
import { QUERIES_ELEMENTS } from "../../../src/taskpane/tabs/queries/elements";
import { QUERY_ELEMENTS } from "../../../src/taskpane/tabs/query/elements";
import type { ElementTable } from "../../../src/taskpane/widgets/element-table";

/**
 * Each tab names the elements it uses in one elements.ts: every one must be in taskpane.html,
 * once, with the tag its type promises (a tab's code reads .value of an "input", .open of a
 * "details"...). Parsed with an HTML parser (htmlparser2, which the build's html-webpack-plugin
 * brings), not by pattern, so that an id in a comment or an attribute value does not count.
 */
const page = parseDocument(readFileSync(join(__dirname, "../../../src/taskpane/taskpane.html"), "utf8"));
const tagsById = new Map<string, string[]>();
for (const element of DomUtils.findAll((node) => node.attribs.id !== undefined, page.children)) {
  tagsById.set(element.attribs.id!, [...(tagsById.get(element.attribs.id!) ?? []), element.name]);
}

const TABLES: Record<string, ElementTable> = {
  connect: CONNECT_ELEMENTS,
  query: QUERY_ELEMENTS,
  legacy: LEGACY_ELEMENTS,
  queries: QUERIES_ELEMENTS,
};

describe.each(Object.entries(TABLES))("the %s tab's elements.ts", (_tab, table) => {
  it.each(Object.entries(table))("%s is in taskpane.html, once, with its tag", (_name, { id, tag }) => {
    expect(tagsById.get(id)).toEqual([tag]);
  });
});

describe("the parse of taskpane.html", () => {
  it("finds the page's elements, so that the checks above are not vacuous", () => {
    expect(tagsById.get("query-form")).toEqual(["form"]);
    expect(tagsById.size).toBeGreaterThan(100);
  });
});
