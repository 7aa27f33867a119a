import { ReportingError } from "../../client/errors";

/**
 * A formula argument the add-in cannot use. The message starts with the argument's name and
 * says what it accepts, since it is shown in the cell as it is; the pane's query form checks
 * with the same parser and shows the same words.
 */
export class ArgumentError extends ReportingError {
  constructor(
    readonly argument: string,
    detail: string,
  ) {
    super({ code: "invalid_argument", kind: "input", userMessage: `${argument}: ${detail}`, retryable: false });
    this.name = "ArgumentError";
  }
}

/** `"x"` quoted for a message, shortened so that a pasted paragraph cannot fill the cell. */
export function quoted(value: unknown): string {
  const text = typeof value === "string" ? value : String(value);
  return `"${text.length > 40 ? `${text.slice(0, 37)}...` : text}"`;
}
