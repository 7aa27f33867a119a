import {
  byName,
  readSavedQueryXml,
  SAVED_QUERY_NAMESPACE,
  savedQuery,
  savedQueryXml,
  type SavedQuery,
  type SavedQueryStore,
} from "../../core/workbook-queries/saved-query";
import { requireExcel } from "../workbook";
import { PartRecords, type RecordKind } from "./part-records";

/** A saved query: a part of its own, and a copy in the setting `reportingSavedQueries`, as a table's record. */
const SAVED_QUERIES: RecordKind<SavedQuery> = {
  namespace: SAVED_QUERY_NAMESPACE,
  toXml: savedQueryXml,
  fromXml: readSavedQueryXml,
  setting: "reportingSavedQueries",
  parse: (entry) => {
    const parsed = savedQuery.safeParse(entry);
    return parsed.success ? parsed.data : undefined;
  },
};

export class CustomXmlSavedQueryStore implements SavedQueryStore {
  private readonly records = new PartRecords(SAVED_QUERIES);

  async list(): Promise<{ queries: SavedQuery[]; unreadable: number }> {
    const { records, unreadable } = await this.records.list();
    return { queries: byName(records), unreadable };
  }

  put(query: SavedQuery): Promise<void> {
    return this.records.put(query);
  }

  remove(id: string): Promise<void> {
    return this.records.remove(id);
  }
}

let store: SavedQueryStore | undefined;

/** The workbook's saved queries (one store per page: its writes go one after another). */
export function savedQueryStore(): SavedQueryStore {
  requireExcel();
  store ??= new CustomXmlSavedQueryStore();
  return store;
}
