import { NEEDS_EXCEL } from "../../office/workbook";
import type { PaneContext } from "../shell/context";

/**
 * Whether the pane runs in Excel; elsewhere the Query and Legacy tabs' writes into a workbook say
 * so in the status instead, before any request is made.
 */
export function inExcel(context: Pick<PaneContext, "host" | "status">): boolean {
  if (context.host === "excel") return true;
  context.status.show(NEEDS_EXCEL, "error");
  return false;
}
