import type { StoredTableQuery } from "./stored-query";
import type { WorkbookQueryOptions } from "./workbook-options";

/** What a store lists. */
export interface StoredQueries {
  records: StoredTableQuery[];
  /** Parts this version cannot read (left as they are). */
  unreadable: number;
  /**
   * True when the records come from the copy in the document's settings because Excel gave back
   * no custom XML part of the add-in (reported on Mac after a save and reopen, office-js 6091).
   */
  recovered?: boolean;
}

/**
 * Where a workbook keeps its table queries and options: custom XML parts, with a copy of the
 * records in the document's settings (src/office/tables). Both travel inside the file, so a
 * colleague opening it finds the queries and refreshes them with their own profile.
 */
export interface QueryStore {
  /** Every readable record. */
  list(): Promise<StoredQueries>;
  /** Adds the record, or replaces the one with its id. */
  put(record: StoredTableQuery): Promise<void>;
  remove(id: string): Promise<void>;
  options(): Promise<WorkbookQueryOptions>;
  /** Changes the options given, keeping the others as stored. */
  setOptions(options: Partial<WorkbookQueryOptions>): Promise<void>;
}

/** Runs tasks one after another: a read-modify-write of one shared value must not interleave. */
export function serialised(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>) => {
    const result = tail.then(task, task);
    tail = result.catch(() => undefined);
    return result;
  };
}
