import { addressOf, letters, type Box } from "./addresses";
import { checkShape, readsAsFormula } from "./limits";
import type { FakeContext } from "./fake-context";

/**
 * A `values`, `formulas` or `numberFormat` array landing on its range at the sync: over rows a
 * filter hides it lands as Excel misplaces it, texts Excel reads as formulas are listed in
 * `formulaLike`, and a write next to a table makes it grow.
 */
export function applyWrite(ctx: FakeContext, kind: string, box: Box, copy: unknown[][]): void {
  const { cells, recorder, tableModel } = ctx;
  checkShape(box, copy, kind);
  const target = addressOf(box);
  const landed = kind === "values" || kind === "formulas" ? tableModel.pastFilters(box, copy) : copy;
  if (kind === "numberFormat") {
    copy.forEach((row, r) =>
      row.forEach(
        (format, c) =>
          format !== null &&
          format !== undefined &&
          cells.setFormat(box.sheet.id, box.row + r, box.column + c, String(format)),
      ),
    );
    recorder.commit({ kind, target, value: copy });
  } else if (kind === "values") {
    const inForce = landed.map((row, r) =>
      row.map((cell, c) => {
        const format = cells.formatAt(box.sheet.id, box.row + r, box.column + c);
        if (readsAsFormula(cell, format)) {
          ctx.state.formulaLike.push({
            target: `${box.sheet.name}!${letters(box.column + c)}${box.row + r + 1}`,
            text: cell,
            numberFormat: format,
          });
        }
        return format;
      }),
    );
    cells.storeWrite(kind, box, landed, inForce);
    recorder.commit({ kind, target, value: copy, numberFormat: inForce });
    tableModel.autoExpand(box, landed);
  } else {
    if (kind === "formulas") {
      cells.storeWrite(kind, box, landed);
      tableModel.autoExpand(box, landed);
    }
    recorder.commit({ kind, target, value: copy });
  }
}
