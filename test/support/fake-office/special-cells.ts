import { addressOf, type Box } from "./addresses";
import type { FakeContext } from "./fake-context";
import { collection, loadable, once, type Any } from "./proxies";
import type { Batch } from "./recording";

/** Range.getSpecialCellsOrNullObject(formulas): the cells holding formulas, one area per run down a column. */
export function formulaAreas(ctx: FakeContext, resolveBox: () => Box | null, cellType: string, batch: Batch): Any {
  const areasOf = once((): Box[] | null => {
    const b = resolveBox();
    if (!b) return null;
    if (cellType !== "Formulas") throw new Error(`fake Excel: special cells of type ${cellType} are not modelled`);
    const found = new Map<number, number[]>();
    ctx.cells.forEachCell(b.sheet.id, (row, column, data) => {
      if (data.formula === undefined) return;
      if (row < b.row || row >= b.row + b.rows || column < b.column || column >= b.column + b.columns) return;
      let rows = found.get(column);
      if (!rows) found.set(column, (rows = []));
      rows.push(row);
    });
    const areas: Box[] = [];
    for (const [column, rows] of [...found].sort((x, y) => x[0] - y[0])) {
      rows.sort((x, y) => x - y);
      let start = rows[0]!;
      rows.forEach((row, index) => {
        const next = rows[index + 1];
        if (next === row + 1) return;
        areas.push({ sheet: b.sheet, row: start, column, rows: row - start + 1, columns: 1 });
        if (next !== undefined) start = next;
      });
    }
    return areas.length === 0 ? null : areas;
  });
  const proxy: Any = {
    areas: collection(batch, () => (areasOf() ?? []).map((area) => ctx.proxies.range(area, batch))),
  };
  return loadable(proxy, batch, ["address", "cellCount", "areaCount"], () => {
    const areas = areasOf();
    if (!areas) return null;
    return {
      address: areas.map(addressOf).join(","),
      cellCount: areas.reduce((sum, area) => sum + area.rows, 0),
      areaCount: areas.length,
    };
  });
}
