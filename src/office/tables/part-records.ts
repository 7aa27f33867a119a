import { serialised } from "../../core/workbook-queries/query-store";
import { runExcel } from "../excel-run";
import { quietForColleaguesWithoutAddin } from "../trust";
import { partsOf } from "./custom-xml-parts";
import { parseJson } from "./workbook-options";

/** How one kind of record the workbook keeps is written and read back. */
export interface RecordKind<T extends { id: string }> {
  /** The namespace of its custom XML parts. */
  namespace: string;
  toXml(record: T): string;
  /** The record a part holds; undefined when this version cannot read it. */
  fromXml(xml: string): T | undefined;
  /** The document setting holding a copy of every record. */
  setting: string;
  /** Checks a record before it is written, and an entry of the settings copy read back. */
  parse(entry: unknown): T | undefined;
}

export interface ListedRecords<T> {
  records: T[];
  /** Parts this version cannot read (left as they are). */
  unreadable: number;
  /** True when the records come from the settings copy because Excel gave back no part (office-js 6091). */
  recovered?: boolean;
}

/**
 * Records kept in custom XML parts (ExcelApi 1.5), one part per record found by namespace and
 * rewritten in place, with a copy of them all in the document's settings: parts were reported
 * missing after a save and reopen on Mac (office-js 6091), and the records can then be recovered
 * from it. Both travel inside the file, whoever opens it.
 */
export class PartRecords<T extends { id: string }> {
  /** Record id → part id, as last read. */
  private readonly parts = new Map<string, string>();
  private readonly inTurn = serialised();
  private readonly copy: SettingsRecords<T>;

  constructor(private readonly kind: RecordKind<T>) {
    this.copy = new SettingsRecords(kind);
  }

  list(): Promise<ListedRecords<T>> {
    return this.inTurn(async () => {
      const read = await this.read();
      if (read.records.length > 0 || read.unreadable > 0) return read;
      const copied = this.copy.list();
      return copied.records.length > 0 ? { ...copied, recovered: true } : read;
    });
  }

  /** Checks the record before anything is written: a record that would not read back is refused (rejected). */
  async put(record: T): Promise<void> {
    const xml = this.kind.toXml(record);
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

  private async read(): Promise<ListedRecords<T>> {
    const parts = await partsOf(this.kind.namespace);
    this.parts.clear();
    const records: T[] = [];
    let unreadable = 0;
    for (const part of parts) {
      const record = this.kind.fromXml(part.xml);
      if (!record || this.parts.has(record.id)) {
        unreadable++;
        continue;
      }
      this.parts.set(record.id, part.id);
      records.push(record);
    }
    return { records, unreadable };
  }
}

/**
 * The records in the document's settings, which Office also saves inside the file (as JSON text,
 * saved with saveAsync; about 2 MB in all): the copy PartRecords keeps.
 */
export class SettingsRecords<T extends { id: string }> {
  private readonly inTurn = serialised();

  constructor(private readonly kind: Pick<RecordKind<T>, "setting" | "parse">) {}

  list(): ListedRecords<T> {
    const stored = this.readAll();
    const records = stored.flatMap((entry) => {
      const parsed = this.kind.parse(entry);
      return parsed ? [parsed] : [];
    });
    return { records, unreadable: stored.length - records.length };
  }

  put(record: T): Promise<void> {
    const checked = this.kind.parse(record);
    if (!checked)
      return Promise.reject(new Error("The record cannot be kept: it is not one this version of the add-in writes."));
    return this.inTurn(() =>
      this.write([...this.readAll().filter((entry) => (entry as { id?: unknown }).id !== checked.id), checked]),
    );
  }

  remove(id: string): Promise<void> {
    return this.inTurn(() => this.write(this.readAll().filter((entry) => (entry as { id?: unknown }).id !== id)));
  }

  private readAll(): unknown[] {
    const parsed = parseJson(Office.context.document.settings.get(this.kind.setting));
    return Array.isArray(parsed) ? parsed : [];
  }

  private write(records: unknown[]): Promise<void> {
    const settings = Office.context.document.settings;
    settings.set(this.kind.setting, JSON.stringify(records));
    return new Promise((resolve, reject) =>
      // "failed" is Office.AsyncResultStatus.Failed, compared as text so that an older Office.js without the enum still works.
      settings.saveAsync((result) =>
        String(result.status) === "failed" ? reject(new Error(result.error?.message)) : resolve(),
      ),
    );
  }
}
