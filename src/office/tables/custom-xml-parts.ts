import { runExcel } from "../excel-run";

/** Every part of a namespace, with its text. */
export async function partsOf(namespace: string): Promise<{ id: string; xml: string }[]> {
  return runExcel(async (context) => {
    const parts = context.workbook.customXmlParts.getByNamespace(namespace);
    parts.load("items/id");
    await context.sync();
    const xml = parts.items.map((part) => part.getXml());
    await context.sync();
    return parts.items.map((part, index) => ({ id: part.id, xml: xml[index]!.value }));
  });
}
