import { ReportingError } from "../../client/errors";
import type { OfficePlatform } from "../../office/page-environment";

/**
 * Saves bytes or text as a file the browser downloads: in a browser, Excel on the web and Excel on
 * Windows. Excel for Mac ignores it (see `downloadsWork`).
 */
export function downloadFile(fileName: string, content: BlobPart, mediaType: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mediaType }));
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = fileName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const CSV_MEDIA_TYPE = "text/csv;charset=utf-8";
export const XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * Whether a download reaches the user here. Excel for Mac's web view ignores a blob `<a download>`
 * (office-js issues 2700, 3385, 4681): the click does nothing and says nothing, so the pane does
 * not offer it there.
 */
export function downloadsWork(platform: OfficePlatform | undefined): boolean {
  return platform !== "mac";
}

/**
 * Excel on the web takes at most 5 MB in one request, and `insertWorksheetsFromBase64` sends the
 * whole file as base64 in one: this leaves room for the request's own envelope.
 */
export const WEB_WORKSHEET_BASE64_LIMIT = 4_900_000;

/** Rounded up, so that a size just over the limit never reads as equal to it. */
function megabytesRoundedUp(bytes: number): string {
  return (Math.ceil(bytes / 100_000) / 10).toFixed(1);
}

/** An Excel export Excel cannot take in one piece. */
export class WorksheetFileTooLargeError extends ReportingError {
  constructor(base64Characters: number) {
    super({
      code: "worksheet_file_too_large",
      kind: "too_large",
      userMessage:
        `This Excel export takes ${megabytesRoundedUp(base64Characters)} MB once encoded for Excel, more than the ` +
        `${megabytesRoundedUp(WEB_WORKSHEET_BASE64_LIMIT)} MB Excel on the web accepts from an add-in at once. ` +
        "Use Export Excel and open the downloaded file, or narrow the query (a shorter period or fewer groups).",
      retryable: false,
    });
    this.name = "WorksheetFileTooLargeError";
  }
}

/** Throws a `WorksheetFileTooLargeError` when Excel on this platform cannot open a file this large as worksheets. */
export function checkWorksheetFile(byteLength: number, platform: OfficePlatform | undefined): void {
  const base64Characters = 4 * Math.ceil(byteLength / 3);
  if (platform === "web" && base64Characters > WEB_WORKSHEET_BASE64_LIMIT)
    throw new WorksheetFileTooLargeError(base64Characters);
}
