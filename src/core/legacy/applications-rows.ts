import type { Application } from "../../api";
import type { HeaderStyle } from "../arguments/options";
import type { SpillRows } from "../cell-values";
import { headerRows } from "../rows/headers";
import { spillTable, type SpillTable } from "../rows/spill-table";

const COLUMNS = [
  { api: "publisher_name", readable: "Publisher" },
  { api: "app_key", readable: "App key" },
  { api: "name", readable: "Name" },
  { api: "bundle", readable: "Bundle" },
  { api: "platform", readable: "Platform" },
  { api: "ad_unit_id", readable: "Ad unit id" },
  { api: "ad_unit_name", readable: "Ad unit name" },
  { api: "ad_unit_type", readable: "Ad unit type" },
];

/**
 * APPLICATIONS rows: one per application and ad unit. Ad units come from ad_unit_details, plus
 * any id of ad_unit_ids the details leave out; an application with no ad unit keeps one row.
 */
export function applicationsRows(applications: readonly Application[], headers: HeaderStyle): SpillTable {
  const rows: SpillRows = headerRows(COLUMNS, headers);
  let dataRowCount = 0;
  for (const app of applications) {
    const application = [app.publisher_name, app.app_key, app.name, app.bundle, app.platform];
    const units = app.ad_unit_details.map((detail) => [detail.id, detail.name, detail.type]);
    const described = new Set(app.ad_unit_details.map((detail) => detail.id));
    for (const id of app.ad_unit_ids) {
      if (!described.has(id)) units.push([id, /_default$/.test(id) ? "Default" : "", ""]);
    }
    if (units.length === 0) units.push(["", "", ""]);
    for (const unit of units) rows.push([...application, ...unit]);
    dataRowCount += units.length;
  }
  return spillTable(rows, [], dataRowCount, COLUMNS.length);
}
