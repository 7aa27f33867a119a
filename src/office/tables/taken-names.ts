/**
 * The names a new table may not take: the other tables' and every defined name, workbook-wide or
 * of one sheet. Excel refuses a table name equal to a defined name (Formulas > Name Manager),
 * so a readable name such as `Stats_by_Date_Country` must skip those too.
 */
export async function namesInUse(context: Excel.RequestContext): Promise<string[]> {
  const tables = context.workbook.tables;
  tables.load("items/name");
  const names = context.workbook.names;
  names.load("items/name");
  const sheets = context.workbook.worksheets;
  sheets.load("items/name");
  await context.sync();
  const sheetNames = sheets.items.map((sheet) => {
    const own = sheet.names;
    own.load("items/name");
    return own;
  });
  await context.sync();
  return [...tables.items, ...names.items, ...sheetNames.flatMap((own) => own.items)].map((item) => item.name);
}
