import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DomUtils, parseDocument } from "htmlparser2";
import type { Element } from "domhandler";

/**
 * The query form updates the formula on "input" from the controls marked data-query-field
 * (query-form.ts): a control that changes the query but is left unmarked would silently never
 * update the formula. So every control of the form that holds a value is either marked (itself or
 * a group around it) or named here, with why it changes nothing in the query by itself.
 */
const NOT_QUERY_FIELDS: Record<string, string> = {
  "query-metric-add": "prepares the metric Add; the metric list says its own changes",
  "query-group-add": "prepares the group Add; the group list says its own changes",
  "query-order-field": "prepares the sort Add; the sort list says its own changes",
  "query-order-direction": "prepares the sort Add; the sort list says its own changes",
  "query-formula": "the formula itself, read-only: the form's output",
  "query-save-name": "the name a query is saved under, not part of the query",
  "query-table-sheet": "where Insert table puts the table, not part of the query",
  "query-pivot-rows": "the pivot Insert table adds, not part of the query",
};

const page = parseDocument(readFileSync(join(__dirname, "../../../../../src/taskpane/taskpane.html"), "utf8"));
const form = DomUtils.findOne((element) => element.attribs.id === "query-form", page.children);
if (!form) throw new Error("taskpane.html lacks #query-form");
/** The controls that hold a value (buttons only act, and the pickers are built by the code, not in the page). */
const controls = DomUtils.findAll((element) => ["input", "select", "textarea"].includes(element.name), form.children);

function markedField(control: Element): boolean {
  for (let node: Element | null = control; node && node !== form; node = node.parent as Element | null) {
    if (node.attribs["data-query-field"] !== undefined) return true;
  }
  return false;
}

describe("the query form's controls", () => {
  it("are found in the page, marked ones among them, so that the check below is not vacuous", () => {
    expect(controls.length).toBeGreaterThan(15);
    expect(controls.filter(markedField).map((control) => control.attribs.id)).toEqual(
      expect.arrayContaining(["query-period", "query-from", "query-limit", "query-pin-profile"]),
    );
  });

  it.each(controls.map((control) => [control.attribs.id ?? `<${control.name}> without an id`, control] as const))(
    "%s is marked data-query-field or named as no part of the query",
    (id, control) => {
      const marked = markedField(control);
      const excluded = id in NOT_QUERY_FIELDS;
      const state = marked
        ? excluded
          ? "marked, yet named as no part of the query"
          : "marked"
        : excluded
          ? "excluded"
          : "neither marked nor excluded";
      expect(["marked", "excluded"]).toContain(state);
    },
  );

  it("names as no part of the query only controls that are in the form", () => {
    const ids = new Set(controls.map((control) => control.attribs.id));
    expect(Object.keys(NOT_QUERY_FIELDS).filter((id) => !ids.has(id))).toEqual([]);
  });
});
