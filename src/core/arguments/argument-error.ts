/**
 * A formula argument the add-in cannot use. The message starts with the argument's name and
 * says what it accepts, since it is shown in the cell as it is.
 */
export class ArgumentError extends Error {
  override readonly name = "ArgumentError";
  readonly code = "invalid_argument";

  constructor(
    readonly argument: string,
    detail: string,
  ) {
    super(`${argument}: ${detail}`);
  }
}

/** `"x"` quoted for a message, shortened so that a pasted paragraph cannot fill the cell. */
export function quoted(value: unknown): string {
  const text = typeof value === "string" ? value : String(value);
  return `"${text.length > 40 ? `${text.slice(0, 37)}...` : text}"`;
}
