/** An element of taskpane.html a tab uses: its id and the tag it must have (which gives its type). */
export interface ElementSpec<Tag extends keyof HTMLElementTagNameMap = keyof HTMLElementTagNameMap> {
  id: string;
  tag: Tag;
}

/** A tab's elements by the names its code uses (see tabs/<name>/elements.ts). */
export type ElementTable = Readonly<Record<string, ElementSpec>>;

/** The elements of `Table`, each typed by its tag (a "select" is an HTMLSelectElement, ...). */
export type BoundElements<Table extends ElementTable> = {
  readonly [Name in keyof Table]: HTMLElementTagNameMap[Table[Name]["tag"]];
};

export function spec<Tag extends keyof HTMLElementTagNameMap>(id: string, tag: Tag): ElementSpec<Tag> {
  return { id, tag };
}

/**
 * Looks up every element of `table` in the page, once, when first asked for: a tab's code then
 * names its elements in one place, typed, and test/unit/taskpane/elements.test.ts checks that
 * each id exists in taskpane.html with the tag its type expects. An id missing from the page, or
 * on another kind of element, is said at once rather than failing later on first use.
 */
export function elementTable<Table extends ElementTable>(table: Table): () => BoundElements<Table> {
  let bound: BoundElements<Table> | undefined;
  return () => {
    if (bound) return bound;
    const found: Record<string, HTMLElement> = {};
    for (const [name, { id, tag }] of Object.entries(table)) {
      const element = document.getElementById(id);
      if (!element) throw new Error(`The task pane page lacks #${id}.`);
      if (element.tagName.toLowerCase() !== tag)
        throw new Error(`The task pane page's #${id} is a <${element.tagName.toLowerCase()}>, not a <${tag}>.`);
      found[name] = element;
    }
    bound = found as BoundElements<Table>;
    return bound;
  };
}
