import type { AssetOption, Details, Option, Period } from "../../api";
import type { HeaderStyle } from "../arguments/options";
import type { SpillRows } from "../cell-values";
import { excelSerialOfGroupDate } from "../excel-dates";
import { headerRows } from "./headers";
import { spillTable, type SpillTable } from "./spill-table";

const OPTION_COLUMNS = [
  { api: "value", readable: "Value" },
  { api: "label", readable: "Label" },
];

/** A reference list (countries, formats...): the value a filter takes, then its label. */
export function optionRows(options: readonly Option[], headers: HeaderStyle): SpillTable {
  const rows: SpillRows = headerRows(OPTION_COLUMNS, headers);
  for (const option of options) rows.push([option.value, option.label]);
  return spillTable(rows, [], options.length, OPTION_COLUMNS.length);
}

const PERIOD_COLUMNS = [
  { api: "from", readable: "From" },
  { api: "to", readable: "To" },
];

/** DATES: the first and last day with statistics, as Excel dates. */
export function periodRows(period: Period, headers: HeaderStyle): SpillTable {
  const rows: SpillRows = headerRows(PERIOD_COLUMNS, headers);
  rows.push([excelSerialOfGroupDate(period.from) ?? period.from, excelSerialOfGroupDate(period.to) ?? period.to]);
  return spillTable(rows, [0, 1], 1, PERIOD_COLUMNS.length);
}

const ASSET_COLUMNS = [
  { api: "asset", readable: "Asset id" },
  { api: "asset_name", readable: "Asset" },
  { api: "asset_type", readable: "Asset type" },
  { api: "bundle", readable: "Bundle" },
  { api: "ad_unit", readable: "Ad unit id" },
  { api: "ad_unit_name", readable: "Ad unit" },
];

/**
 * ASSETS: one row per asset and ad unit (an asset without ad units keeps one row), so that a
 * lookup from an ad unit id to its asset works with a plain XLOOKUP over the spill.
 */
export function assetRows(assets: readonly AssetOption[], headers: HeaderStyle): SpillTable {
  const rows: SpillRows = headerRows(ASSET_COLUMNS, headers);
  let dataRowCount = 0;
  for (const asset of assets) {
    const head = [asset.value, asset.label, asset.assetType ?? "", asset.bundle ?? ""];
    const units = asset.adUnits.length > 0 ? asset.adUnits : [{ value: "", label: "" }];
    for (const unit of units) rows.push([...head, unit.value, unit.label]);
    dataRowCount += units.length;
  }
  return spillTable(rows, [], dataRowCount, ASSET_COLUMNS.length);
}

const ORGANIZATION_COLUMNS = [
  { api: "organization", readable: "Organization id" },
  { api: "organization_name", readable: "Organization" },
];

/** DETAILS: the organizations the token reaches. */
export function organizationRows(details: Details, headers: HeaderStyle): SpillTable {
  const rows: SpillRows = headerRows(ORGANIZATION_COLUMNS, headers);
  for (const organization of details.organizations) rows.push([organization.value, organization.label]);
  return spillTable(rows, [], details.organizations.length, ORGANIZATION_COLUMNS.length);
}
