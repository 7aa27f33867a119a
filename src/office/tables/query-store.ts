import { serialised, type QueryStore, type StoredQueries } from "../../core/workbook-queries/query-store";
import { readTableQueryXml, TABLE_QUERY_NAMESPACE, tableQueryXml } from "../../core/workbook-queries/record-xml";
import { storedTableQuery, type StoredTableQuery } from "../../core/workbook-queries/stored-query";
import { workbookOptionsXml, type WorkbookQueryOptions } from "../../core/workbook-queries/workbook-options";
import { runExcel } from "../excel-run";
import { quietForColleaguesWithoutAddin } from "../trust";
import { requireExcel } from "../workbook";
import { partsOf } from "./custom-xml-parts";
import { customXmlOptions, optionsPart, parseJson } from "./workbook-options";

/**
 * The workbook's table queries in custom XML parts (ExcelApi 1.5): one part per table, found by
 * namespace. Parts are kept inside the file, whoever opens it and whatever their profile, and a
 * user cannot break them by renaming a table or a sheet.
 */
export class CustomXmlQueryStore implements QueryStore {
  /** Record id → part id, as last read: a record's part is rewritten in place. */
  private readonly parts = new Map<string, string>();
  private readonly inTurn = serialised();
  /**
   * A copy of every record in the document's settings: parts were reported missing after a save
   * and reopen on Mac (office-js 6091), and the tables can then be recovered from it.
   */
  private readonly copy = new SettingsQueryStore();

  list(): Promise<StoredQueries> {
    return this.inTurn(async () => {
      const read = await this.read();
      if (read.records.length > 0 || read.unreadable > 0) return read;
      const copied = await this.copy.list();
      return copied.records.length > 0 ? { ...copied, recovered: true } : read;
    });
  }

  put(record: StoredTableQuery): Promise<void> {
    const xml = tableQueryXml(record);
    return this.inTurn(async () => {
      if (!this.parts.has(record.id)) await this.read();
      const partId = this.parts.get(record.id);
      await runExcel(async (context) => {
        if (partId) {
          context.workbook.customXmlParts.getItem(partId).setXml(xml);
          await context.sync();
          return;
        }
        const part = context.workbook.customXmlParts.add(xml);
        part.load("id");
        await context.sync();
        this.parts.set(record.id, part.id);
      });
      // The part is the record; the settings copy only helps recover it where parts get lost.
      // Its failure (settings that cannot be saved, their 2 MB full) must not fail a write that
      // happened: a refresh or an insert reported as failed would be retried.
      await this.copy.put(record).catch(() => undefined);
      await quietForColleaguesWithoutAddin();
    });
  }

  remove(id: string): Promise<void> {
    return this.inTurn(async () => {
      if (!this.parts.has(id)) await this.read();
      const partId = this.parts.get(id);
      await this.copy.remove(id);
      if (!partId) return;
      await runExcel(async (context) => {
        context.workbook.customXmlParts.getItem(partId).delete();
        await context.sync();
      });
      this.parts.delete(id);
    });
  }

  options(): Promise<WorkbookQueryOptions> {
    return customXmlOptions();
  }

  setOptions(options: WorkbookQueryOptions): Promise<void> {
    const xml = workbookOptionsXml(options);
    return this.inTurn(async () => {
      const part = await optionsPart();
      await runExcel(async (context) => {
        if (part) context.workbook.customXmlParts.getItem(part.id).setXml(xml);
        else context.workbook.customXmlParts.add(xml);
        await context.sync();
      });
    });
  }

  private async read(): Promise<StoredQueries> {
    const parts = await partsOf(TABLE_QUERY_NAMESPACE);
    this.parts.clear();
    const records: StoredTableQuery[] = [];
    let unreadable = 0;
    for (const part of parts) {
      const read = readTableQueryXml(part.xml);
      if ("problem" in read || this.parts.has(read.record.id)) {
        unreadable++;
        continue;
      }
      this.parts.set(read.record.id, part.id);
      records.push(read.record);
    }
    return { records: records.sort((a, b) => a.createdAt.localeCompare(b.createdAt)), unreadable };
  }
}

const RECORDS_SETTING = "reportingTableQueries";

/**
 * The records in the document's settings, which Office also saves inside the file (as JSON text,
 * saved with saveAsync; about 2 MB in all): the copy CustomXmlQueryStore keeps.
 */
export class SettingsQueryStore implements Pick<QueryStore, "list" | "put" | "remove"> {
  private readonly inTurn = serialised();

  async list(): Promise<StoredQueries> {
    const stored = this.readAll();
    const records = stored.flatMap((entry) => {
      const parsed = storedTableQuery.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
    return { records, unreadable: stored.length - records.length };
  }

  put(record: StoredTableQuery): Promise<void> {
    const checked = storedTableQuery.parse(record);
    return this.inTurn(() => this.write([...this.readAll().filter((entry) => (entry as { id?: unknown }).id !== checked.id), checked]));
  }

  remove(id: string): Promise<void> {
    return this.inTurn(() => this.write(this.readAll().filter((entry) => (entry as { id?: unknown }).id !== id)));
  }

  private readAll(): unknown[] {
    const parsed = parseJson(Office.context.document.settings.get(RECORDS_SETTING));
    return Array.isArray(parsed) ? parsed : [];
  }

  private write(records: unknown[]): Promise<void> {
    const settings = Office.context.document.settings;
    settings.set(RECORDS_SETTING, JSON.stringify(records));
    return new Promise((resolve, reject) =>
      // "failed" is Office.AsyncResultStatus.Failed, compared as text so that an older Office.js without the enum still works.
      settings.saveAsync((result) => (String(result.status) === "failed" ? reject(new Error(result.error?.message)) : resolve())),
    );
  }
}

/** The workbook's table queries, in custom XML parts (ExcelApi 1.5, on every host the manifest admits). */
export function workbookQueryStore(): QueryStore {
  requireExcel();
  return new CustomXmlQueryStore();
}
