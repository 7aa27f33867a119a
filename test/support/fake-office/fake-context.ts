import type { Box } from "./addresses";
import type { ModelContext } from "./model-context";
import type { Any } from "./proxies";
import type { Batch } from "./recording";
import type { TableModel } from "./table-model";
import type { FakeSheet, FakeTable } from "./types";

/**
 * The proxies that build each other (a range gives its worksheet and tables, a table its
 * ranges...): reached through the context so that their modules do not import each other.
 */
export interface ProxyFactories {
  range(at: Box | (() => Box | null), batch: Batch): Any;
  sheet(at: FakeSheet | (() => FakeSheet | null), batch: Batch): Any;
  table(resolveTable: () => FakeTable, batch: Batch): Any;
  /** The tables of the workbook, or of one worksheet; the same for PivotTables and defined names. */
  tables(batch: Batch, ofSheet?: () => FakeSheet): Any;
  pivots(batch: Batch, ofSheet?: () => FakeSheet): Any;
  names(batch: Batch, ofSheet?: () => FakeSheet): Any;
}

/** One fake Excel, with the behaviour of its tables and the proxies of its object model. */
export interface FakeContext extends ModelContext {
  tableModel: TableModel;
  proxies: ProxyFactories;
}
