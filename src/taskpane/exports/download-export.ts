import type { CheckedCsv } from "../../core/exports/csv-export";
import { CSV_MEDIA_TYPE, XLSX_MEDIA_TYPE, downloadFile } from "../widgets/downloads";
import type { StatusBar } from "../shell/status";
import { neutralisedNote } from "./neutralised-note";

/** A file the pane made: a checked CSV, or an Excel file with its Query sheet. */
export type ExportFile = { fileName: string } & (CheckedCsv | { bytes: Uint8Array });

/** Downloads a file of the Query or Legacy tab and says so, in the same words on both. */
export function downloadExport(status: StatusBar, file: ExportFile): void {
  if ("bytes" in file) {
    downloadFile(file.fileName, file.bytes as Uint8Array<ArrayBuffer>, XLSX_MEDIA_TYPE);
    status.success(`Downloaded ${file.fileName}, with a Query sheet that describes the query.`);
    return;
  }
  downloadFile(file.fileName, file.csv, CSV_MEDIA_TYPE);
  status.success(`Downloaded ${file.fileName}.${neutralisedNote(file.neutralised)}`);
}
