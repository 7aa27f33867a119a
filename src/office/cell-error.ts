import { toCellError, type CellErrorCode } from "../core/cell-errors";

/** What a custom function rejects with: a CustomFunctions.Error, or a plain Error where the runtime lacks it. */
export type FunctionError = CustomFunctions.Error | Error;

function errorCodeOf(code: CellErrorCode): CustomFunctions.ErrorCode {
  const codes = CustomFunctions.ErrorCode;
  switch (code) {
    case "#VALUE!":
      return codes.invalidValue;
    case "#NUM!":
      return codes.invalidNumber;
    case "#N/A":
      return codes.notAvailable;
  }
}

function hasErrorClass(): boolean {
  return (
    typeof CustomFunctions !== "undefined" &&
    typeof CustomFunctions.Error === "function" &&
    CustomFunctions.ErrorCode !== undefined
  );
}

/**
 * The Excel error a cell shows for anything a function threw: #VALUE! for an argument, #N/A for
 * missing credentials or a service that refused or failed, each with core's plain message.
 * CustomFunctions.Error needs CustomFunctionsRuntime 1.2; older runtimes show #VALUE! for any
 * rejection, so the message still travels as a plain Error there.
 */
export function toFunctionError(error: unknown): FunctionError {
  const cell = toCellError(error);
  if (!hasErrorClass()) return new Error(cell.message);
  return new CustomFunctions.Error(errorCodeOf(cell.code), cell.message);
}
