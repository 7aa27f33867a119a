/** Workbook.customXmlParts: parts added, read, rewritten and deleted, found by id or namespace. */
import { richApiError } from "./excel-errors";
import type { FakeContext } from "./fake-context";
import { clientResult, collection, loadable, once, type Any } from "./proxies";
import type { Batch } from "./recording";
import type { FakePart } from "./types";

/** The namespace of a part's root element; a part must be XML (a declaration before the root is allowed). */
export function namespaceOf(xml: string): string {
  const root = /^\s*(?:<\?xml[^>]*\?>\s*)?<([A-Za-z_][\w.-]*(?::[\w.-]+)?)([^>]*)>/.exec(xml);
  if (!root) throw richApiError("InvalidArgument", "fake Excel: a custom XML part must be XML");
  return /\sxmlns="([^"]*)"/.exec(root[2] ?? "")?.[1] ?? "";
}

function partProxy(ctx: FakeContext, resolvePart: () => FakePart | null, batch: Batch): Any {
  const { workbook, recorder } = ctx;
  const part = () => {
    const found = resolvePart();
    if (!found) throw richApiError("ItemNotFound", "fake Excel: no such custom XML part");
    return found;
  };
  const proxy: Any = {
    getXml: () => clientResult(batch, () => part().xml),
    setXml: (xml: string) =>
      recorder.queue(
        batch,
        "customXml",
        () => part().id,
        xml,
        () => {
          const data = part();
          data.namespaceUri = namespaceOf(xml);
          data.xml = xml;
          recorder.commit({ kind: "customXml", target: data.id, value: xml });
        },
      ),
    delete: () =>
      recorder.call(batch, "delete", () => {
        const data = part();
        workbook.customXmlParts = workbook.customXmlParts.filter((other) => other !== data);
        recorder.commit({ kind: "customXmlDelete", target: data.id, value: null });
      }),
  };
  return loadable(proxy, batch, ["id", "namespaceUri"], () => {
    const data = resolvePart();
    return data ? { id: data.id, namespaceUri: data.namespaceUri } : null;
  });
}

export function customXmlParts(ctx: FakeContext, batch: Batch): Any {
  const { workbook, recorder } = ctx;
  const scoped = (filter: (part: FakePart) => boolean) => {
    const list = collection(batch, () =>
      workbook.customXmlParts.filter(filter).map((part) => partProxy(ctx, () => part, batch)),
    );
    list.getItem = (id: string) =>
      partProxy(
        ctx,
        once(() => workbook.customXmlParts.find((part) => filter(part) && part.id === id) ?? null),
        batch,
      );
    list.getItemOrNullObject = list.getItem;
    return list;
  };
  const all = scoped(() => true);
  all.add = (xml: string) => {
    let created: FakePart | undefined;
    recorder.queue(batch, "customXml", "workbook", xml, () => {
      created = { id: `{part-${++workbook.counter}}`, namespaceUri: namespaceOf(xml), xml };
      workbook.customXmlParts.push(created);
      recorder.commit({ kind: "customXml", target: created.id, value: xml });
    });
    return partProxy(ctx, () => created ?? null, batch);
  };
  all.getByNamespace = (namespaceUri: string) => scoped((part) => part.namespaceUri === namespaceUri);
  return all;
}
