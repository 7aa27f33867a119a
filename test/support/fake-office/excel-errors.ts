/** Errors shaped as Office.js gives them: `RichApi.Error` with a code, in `debugInfo` too. */
export function richApiError(code: string, message: string): Error & { code: string } {
  return Object.assign(new Error(message), { name: "RichApi.Error", code, debugInfo: { code, message } });
}

/** A property read before load() and sync(). */
export function notLoaded(name: string): Error {
  return richApiError("PropertyNotLoaded", `fake Excel: ${name} is read before load() and sync(), which Excel refuses`);
}
