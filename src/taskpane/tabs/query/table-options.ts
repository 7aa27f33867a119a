import type { GroupName } from "../../../api";
import { READABLE_GROUP_HEADERS } from "../../../core/rows/headers";
import { worksheetNames } from "../../../office/tables/worksheet-names";
import { optionElement } from "../../widgets/dom";
import { queryElements } from "./elements";

/** Where Insert as table puts the table, and which rows its PivotTable has. */
export interface TableChoice {
  /** An existing sheet's name; undefined for a new sheet. */
  sheet?: string;
  /** The groups of the PivotTable's rows; empty for no PivotTable; undefined for the first group. */
  pivotRows?: GroupName[];
}

const NEW_SHEET = "";
const FIRST_GROUP = "first";
const NO_PIVOT = "none";

/** The "Insert as table" choices of the Query tab: the sheet, and the PivotTable's rows. */
export class TableOptions {
  private readonly sheet = queryElements().tableSheet;
  private readonly pivotRows = queryElements().pivotRows;

  constructor(private readonly inExcel: boolean) {
    this.groupsChanged([]);
    // The sheets change as the user works: listed again whenever the choice is opened.
    this.sheet.addEventListener("focus", () => void this.refreshSheets());
    this.sheet.addEventListener("mousedown", () => void this.refreshSheets());
    void this.refreshSheets();
  }

  /** The query's groups changed: the PivotTable's row choices follow them. */
  groupsChanged(groups: readonly GroupName[]): void {
    const chosen = this.pivotRows.value;
    const first = groups[0];
    this.pivotRows.replaceChildren(
      optionElement(FIRST_GROUP, first ? `The first group (${READABLE_GROUP_HEADERS[first]})` : "No rows (totals)"),
      ...groups.slice(1).map((group) => optionElement(group, READABLE_GROUP_HEADERS[group])),
      ...(groups.length > 1
        ? [
            optionElement(
              groups.join(","),
              `Every group (${groups.map((group) => READABLE_GROUP_HEADERS[group]).join(", ")})`,
            ),
          ]
        : []),
      optionElement(NO_PIVOT, "No PivotTable"),
    );
    if (Array.from(this.pivotRows.options).some((option) => option.value === chosen)) this.pivotRows.value = chosen;
  }

  read(): TableChoice {
    const sheet = this.sheet.value === NEW_SHEET ? undefined : this.sheet.value;
    const rows = this.pivotRows.value;
    const pivotRows = rows === FIRST_GROUP ? undefined : rows === NO_PIVOT ? [] : (rows.split(",") as GroupName[]);
    return { ...(sheet !== undefined ? { sheet } : {}), ...(pivotRows !== undefined ? { pivotRows } : {}) };
  }

  async refreshSheets(): Promise<void> {
    if (!this.inExcel) return;
    try {
      const names = await worksheetNames();
      const chosen = this.sheet.value;
      this.sheet.replaceChildren(
        optionElement(NEW_SHEET, "A new sheet"),
        ...names.map((name) => optionElement(name, `The sheet ${name}`)),
      );
      this.sheet.value = names.includes(chosen) ? chosen : NEW_SHEET;
    } catch {
      // The list stays as it was; a new sheet is always offered.
    }
  }
}
