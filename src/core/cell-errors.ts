import { isReportingError, type ErrorKind } from "../client/errors";

/** The Excel errors a function can show; the office layer turns them into CustomFunctions.Error. */
export type CellErrorCode = "#VALUE!" | "#N/A" | "#NUM!";

export interface CellError {
  code: CellErrorCode;
  message: string;
}

/** Excel shows about 255 characters of an error's message. */
export const MAX_CELL_ERROR_MESSAGE = 255;

const UNEXPECTED =
  "Something went wrong in the Reporting add-in. Recalculate the cell; if it keeps happening, open the Reporting task pane and check the connection.";

/**
 * The cell's Excel error for each kind. #VALUE! says "this formula's input is wrong", which is
 * true only of input; every other failure is data not available right now (#N/A), which Excel's
 * own functions and IFNA treat as such.
 */
const CELL_CODES: Record<ErrorKind, CellErrorCode> = {
  input: "#VALUE!",
  sign_in: "#N/A",
  access: "#N/A",
  not_found: "#N/A",
  rate_limited: "#N/A",
  unavailable: "#N/A",
  timeout: "#N/A",
  cancelled: "#N/A",
  bad_answer: "#N/A",
  too_large: "#N/A",
  refused: "#N/A",
  workbook: "#N/A",
  host: "#N/A",
};

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_CELL_ERROR_MESSAGE ? `${flat.slice(0, MAX_CELL_ERROR_MESSAGE - 1)}…` : flat;
}

/**
 * The cell surface of the error contract (src/client/errors.ts): the kind chooses the Excel
 * error, the error's `cellMessage` is the text. Anything outside the contract is a bug whose
 * text might hold anything, so the cell shows a fixed message instead.
 */
export function toCellError(error: unknown): CellError {
  if (!isReportingError(error)) return { code: "#N/A", message: UNEXPECTED };
  return { code: CELL_CODES[error.kind] ?? "#N/A", message: clip(error.cellMessage) };
}
