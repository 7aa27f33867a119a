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

/** Errors about what the user typed, or what the service says about what was asked. */
const ARGUMENT_ERRORS = new Set(["ArgumentError", "InvalidRequestError", "BadRequestError"]);
const ARGUMENT_CODES = new Set(["invalid_argument", "invalid_request", "bad_request"]);

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_CELL_ERROR_MESSAGE ? `${flat.slice(0, MAX_CELL_ERROR_MESSAGE - 1)}…` : flat;
}

function field(error: unknown, name: string): unknown {
  return typeof error === "object" && error !== null ? (error as Record<string, unknown>)[name] : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/**
 * Maps anything a function can throw to the Excel error its cell shows. Checked by name and code
 * rather than `instanceof`, so that errors from another bundle or realm map the same way.
 * - an argument the add-in cannot use, or a request the service rejected: #VALUE! with the reason;
 * - no credentials: #N/A "Sign in from the Reporting task pane";
 * - a refused token, a rate limit, an outage, a timeout: #N/A with the client's plain message,
 *   plus the service's own words when it gave a reason the message does not already hold.
 * Only messages written for users are shown: an unknown error's text might hold anything.
 */
export function toCellError(error: unknown): CellError {
  const name = text(field(error, "name")) ?? "";
  const code = text(field(error, "code")) ?? "";
  const userMessage = text(field(error, "userMessage"));
  if (name === "ArgumentError" || code === "invalid_argument") {
    return { code: "#VALUE!", message: clip(text(field(error, "message")) ?? "An argument is not accepted.") };
  }
  if (userMessage === undefined) return { code: "#N/A", message: UNEXPECTED };
  const excelCode: CellErrorCode = ARGUMENT_ERRORS.has(name) || ARGUMENT_CODES.has(code) ? "#VALUE!" : "#N/A";
  const serviceMessage = text(field(error, "serviceMessage"));
  const withReason =
    serviceMessage !== undefined && !userMessage.includes(serviceMessage.trim())
      ? `${userMessage} The service said: ${serviceMessage.trim()}`
      : userMessage;
  return { code: excelCode, message: clip(withReason) };
}
