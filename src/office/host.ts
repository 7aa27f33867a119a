/**
 * Where the pane runs: inside Excel, or in a plain browser tab (office.js missing, or loaded
 * but reporting no host). Everything but writing to a workbook works in both.
 */
export type HostKind = "excel" | "browser";

let detected: Promise<HostKind> | undefined;

function officeGlobal(): typeof Office | undefined {
  return typeof Office === "undefined" ? undefined : Office;
}

async function detect(timeoutMs: number): Promise<HostKind> {
  const office = officeGlobal();
  if (!office || typeof office.onReady !== "function") return "browser";
  // Office.onReady never settles on some pages that load office.js outside Office.
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), timeoutMs));
  const info = await Promise.race([office.onReady().catch(() => undefined), timeout]);
  if (!info) return "browser";
  const excel = office.HostType?.Excel ?? "Excel";
  return info.host === excel ? "excel" : "browser";
}

/** Resolves once; later calls share the answer. */
export function detectHost(timeoutMs = 8000): Promise<HostKind> {
  detected ??= detect(timeoutMs);
  return detected;
}

/** True when this Excel offers `ExcelApi` at `version` (the feature checks of Office.js). */
export function excelApiSupported(version: string): boolean {
  const office = officeGlobal();
  try {
    return office?.context?.requirements?.isSetSupported("ExcelApi", version) ?? false;
  } catch {
    return false;
  }
}
