/** Defined names (Formulas > Name Manager) of the workbook or of one worksheet. */
import { addressOf } from "./addresses";
import { richApiError } from "./excel-errors";
import type { FakeContext } from "./fake-context";
import { isNameSyntax } from "./limits";
import { tableNamed } from "./lookups";
import { collection, loadable, orNull, type Any } from "./proxies";
import type { Batch } from "./recording";
import type { FakeName, FakeSheet } from "./types";

const nameProxy = (resolveName: () => FakeName, batch: Batch): Any =>
  loadable({}, batch, ["name", "formula", "type", "visible"], () => {
    const item = resolveName();
    return { name: item.name, formula: item.formula, type: "Range", visible: true };
  });

export function namedItems(ctx: FakeContext, batch: Batch, ofSheet?: () => FakeSheet): Any {
  const { workbook, recorder } = ctx;
  const inScope = () =>
    (workbook.names ?? []).filter((item) => (ofSheet ? item.sheetId === ofSheet().id : item.sheetId === undefined));
  const list = collection(batch, () => inScope().map((item) => nameProxy(() => item, batch)));
  const find = (name: string) => inScope().find((item) => item.name.toLowerCase() === name.toLowerCase()) ?? null;
  list.getItemOrNullObject = (name: string) =>
    orNull(
      () => find(name),
      (resolveName) => nameProxy(resolveName, batch),
      batch,
    );
  list.add = (name: string, reference: unknown) => {
    recorder.queue(batch, "name", name, { reference: typeof reference === "string" ? reference : "range" }, () => {
      if (!isNameSyntax(name) || find(name) || tableNamed(workbook, name)) {
        throw richApiError("InvalidArgument", `fake Excel: ${name} is not a valid, free name`);
      }
      const formula = typeof reference === "string" ? reference : `=${addressOf((reference as Any).__box())}`;
      workbook.names = [...(workbook.names ?? []), { name, formula, ...(ofSheet ? { sheetId: ofSheet().id } : {}) }];
      recorder.commit({ kind: "name", target: name, value: formula });
    });
  };
  return list;
}
