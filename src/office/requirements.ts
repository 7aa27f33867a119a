/** Feature checks of Office.js, false wherever Office.js is missing or not ready yet. */
export function isSetSupported(name: string, version: string): boolean {
  try {
    if (typeof Office === "undefined") return false;
    return Office.context?.requirements?.isSetSupported(name, version) ?? false;
  } catch {
    return false;
  }
}
