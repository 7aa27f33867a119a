import { serialised, type QueryStore, type StoredQueries } from "../../core/workbook-queries/query-store";
import { readTableQueryXml, TABLE_QUERY_NAMESPACE, tableQueryXml } from "../../core/workbook-queries/record-xml";
import { storedTableQuery, type StoredTableQuery } from "../../core/workbook-queries/stored-query";
import {
  DEFAULT_WORKBOOK_OPTIONS,
  readWorkbookOptionsXml,
  workbookOptionsXml,
  type WorkbookQueryOptions,
} from "../../core/workbook-queries/workbook-options";
import { runExcel } from "../excel-run";
import { requireExcel } from "../workbook";
import { PartRecords, type RecordKind } from "./part-records";
import { customXmlOptions, optionsPart } from "./workbook-options";

/** A table's record: a part of its own, and a copy in the setting `reportingTableQueries`. */
const TABLE_RECORDS: RecordKind<StoredTableQuery> = {
  namespace: TABLE_QUERY_NAMESPACE,
  toXml: tableQueryXml,
  fromXml: (xml) => {
    const read = readTableQueryXml(xml);
    return "record" in read ? read.record : undefined;
  },
  setting: "reportingTableQueries",
  parse: (entry) => {
    const parsed = storedTableQuery.safeParse(entry);
    return parsed.success ? parsed.data : undefined;
  },
};

/**
 * The workbook's table queries in custom XML parts (ExcelApi 1.5): one part per table, found by
 * namespace (part-records.ts). Parts are kept inside the file, whoever opens it and whatever their
 * profile, and a user cannot break them by renaming a table or a sheet.
 */
export class CustomXmlQueryStore implements QueryStore {
  private readonly records = new PartRecords(TABLE_RECORDS);
  /** Two changes of the options must not both find no part and add one each. */
  private readonly optionsInTurn = serialised();

  async list(): Promise<StoredQueries> {
    const listed = await this.records.list();
    return { ...listed, records: listed.records.sort((a, b) => a.createdAt.localeCompare(b.createdAt)) };
  }

  put(record: StoredTableQuery): Promise<void> {
    return this.records.put(record);
  }

  remove(id: string): Promise<void> {
    return this.records.remove(id);
  }

  options(): Promise<WorkbookQueryOptions> {
    return customXmlOptions();
  }

  setOptions(options: Partial<WorkbookQueryOptions>): Promise<void> {
    return this.optionsInTurn(async () => {
      const part = await optionsPart();
      // Each option is set on its own (refresh on open, the change threshold): the others stay.
      const xml = workbookOptionsXml({
        ...((part && readWorkbookOptionsXml(part.xml)) ?? DEFAULT_WORKBOOK_OPTIONS),
        ...options,
      });
      await runExcel(async (context) => {
        if (part) context.workbook.customXmlParts.getItem(part.id).setXml(xml);
        else context.workbook.customXmlParts.add(xml);
        await context.sync();
      });
    });
  }
}

/** The workbook's table queries, in custom XML parts (ExcelApi 1.5, on every host the manifest admits). */
export function workbookQueryStore(): QueryStore {
  requireExcel();
  return new CustomXmlQueryStore();
}
