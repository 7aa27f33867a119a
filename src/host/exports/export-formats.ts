import { STATS_ROUTES } from "../../api/routes";

export type ExportFormat = "csv" | "xlsx";

export interface FormatDetails {
  /** The service's route, below the bearer base URL. */
  route: string;
  accept: string;
  mediaType: string;
  extension: string;
}

const XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const EXPORT_FORMATS: Record<ExportFormat, FormatDetails> = {
  csv: {
    route: STATS_ROUTES.csv,
    accept: "text/csv, text/plain",
    mediaType: "text/csv; charset=utf-8",
    extension: ".csv",
  },
  xlsx: {
    route: STATS_ROUTES.xlsx,
    accept: `${XLSX_MEDIA_TYPE}, application/octet-stream`,
    mediaType: XLSX_MEDIA_TYPE,
    extension: ".xlsx",
  },
};

const MAX_NAME_LENGTH = 150;

/**
 * The name the browser saves the file under: letters, digits, `.`, `_`, `+` and `-` only (what the
 * pane's names hold), so that it needs no quoting in Content-Disposition and cannot name a path;
 * always with the format's extension.
 */
export function safeFileName(requested: string | undefined, format: ExportFormat): string {
  const { extension } = EXPORT_FORMATS[format];
  const stem = (requested ?? "")
    .replace(/\.(csv|xlsx)$/i, "")
    .replace(/[^A-Za-z0-9._+-]+/g, "_")
    .replace(/^[._]+/, "")
    .slice(0, MAX_NAME_LENGTH);
  return `${stem === "" ? "reporting" : stem}${extension}`;
}
