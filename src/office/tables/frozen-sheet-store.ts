import {
  FROZEN_SHEET_NAMESPACE,
  frozenSheetXml,
  parseFrozenSheetRecord,
  readFrozenSheetXml,
  type FrozenSheetRecord,
} from "../../core/changes/frozen-sheet-record";
import { requireExcel } from "../workbook";
import { PartRecords, type ListedRecords, type RecordKind } from "./part-records";

/** A frozen sheet's record: a part of its own, and a copy in the setting `reportingFrozenSheets`, as a table's record. */
const FROZEN_SHEETS: RecordKind<FrozenSheetRecord> = {
  namespace: FROZEN_SHEET_NAMESPACE,
  toXml: frozenSheetXml,
  fromXml: readFrozenSheetXml,
  setting: "reportingFrozenSheets",
  parse: parseFrozenSheetRecord,
};

export interface FrozenSheetStore {
  /** Every readable record, oldest freeze first. */
  list(): Promise<ListedRecords<FrozenSheetRecord>>;
  put(record: FrozenSheetRecord): Promise<void>;
}

let store: PartRecords<FrozenSheetRecord> | undefined;

/** The workbook's frozen sheets (one store per page: its writes go one after another). */
export function frozenSheetStore(): FrozenSheetStore {
  requireExcel();
  store ??= new PartRecords(FROZEN_SHEETS);
  const records = store;
  return {
    async list() {
      const listed = await records.list();
      return { ...listed, records: [...listed.records].sort((a, b) => a.frozenAt.localeCompare(b.frozenAt)) };
    },
    put: (record) => records.put(record),
  };
}
