import type { StoredTableQuery } from "./stored-query";
import type { WorkbookQueryOptions } from "./workbook-options";

/**
 * Where a workbook keeps its table queries and options: custom XML parts where Excel has them
 * (ExcelApi 1.5), the document's settings otherwise (src/office/tables). Both travel inside the
 * file, so a colleague opening it finds the queries and refreshes them with their own profile.
 */
export interface QueryStore {
  /** Every readable record; `unreadable` counts parts this version cannot read (left as they are). */
  list(): Promise<{ records: StoredTableQuery[]; unreadable: number }>;
  /** Adds the record, or replaces the one with its id. */
  put(record: StoredTableQuery): Promise<void>;
  remove(id: string): Promise<void>;
  options(): Promise<WorkbookQueryOptions>;
  setOptions(options: WorkbookQueryOptions): Promise<void>;
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
