import { ReportingError } from "../client/errors";

/**
 * Where the pane runs: inside Excel, or in a plain browser tab (office.js missing, or loaded
 * but reporting no host). Everything but writing to a workbook works in both.
 */
export type HostKind = "excel" | "browser";

/**
 * How long Excel may take to start the add-in once it opened the page. Office.js itself waits up
 * to about 20 s for its host, and a cold start of Excel can take longer: giving up early would put
 * the profiles in browser storage and show every formula "Sign in" (issue 9, point 5).
 */
export const OFFICE_START_LIMIT_MS = 60_000;
/**
 * How long a page that no Office opened waits for office.js to say so: its onReady reports "no
 * host" at once in a browser, but never settles on some pages.
 */
const BROWSER_WAIT_MS = 8_000;

/** What the page's globals may hold of an Office host; each part is absent in a plain browser. */
interface PageGlobals {
  location?: { search?: string };
  name?: string;
  sessionStorage?: { getItem(key: string): string | null };
  external?: { GetHostInfo?: unknown };
  agaveHost?: { GetHostInfo?: unknown };
  chrome?: { webview?: unknown };
  webkit?: { messageHandlers?: { Agave?: unknown } };
}

function officeGlobal(): typeof Office | undefined {
  return typeof Office === "undefined" ? undefined : Office;
}

function hostInfoInWindowName(name: string | undefined): boolean {
  if (!name?.startsWith("{")) return false;
  try {
    return typeof (JSON.parse(name) as { hostInfo?: unknown }).hostInfo === "string";
  } catch {
    return false;
  }
}

function hostInfoInSession(page: PageGlobals): boolean {
  try {
    return Boolean(page.sessionStorage?.getItem("hostInfoValue"));
  } catch {
    return false; // storage blocked by the browser's settings
  }
}

/**
 * True when an Office application opened this page, known before Office.js answers. These are the
 * places office.js itself reads its host from (office.debug.js, `_retrieveHostInfo`): the
 * `_host_Info=Excel$Win32$16.01$...` query parameter Office adds to the add-in's address, the
 * window name Office on the web sets, the copy office.js keeps in sessionStorage for a reload,
 * `window.external.GetHostInfo` of the Windows hosts; and the bridges the desktop web views
 * inject: WebView2's `chrome.webview` (Windows) and WKWebView's `Agave` message handler (Mac).
 * A browser tab has none of them (Chromium's own `window.external` has no GetHostInfo).
 */
export function openedByOffice(): boolean {
  const page = globalThis as unknown as PageGlobals;
  // typeof, not a call: a host object's methods are "unknown" to typeof in the older web views.
  const hasHostInfoMethod = (holder: { GetHostInfo?: unknown } | undefined) =>
    holder !== undefined && typeof holder.GetHostInfo !== "undefined";
  return (
    /[?&]_host_Info=/.test(page.location?.search ?? "") ||
    hostInfoInWindowName(page.name) ||
    hostInfoInSession(page) ||
    hasHostInfoMethod(page.external) ||
    hasHostInfoMethod(page.agaveHost) ||
    page.chrome?.webview !== undefined ||
    page.webkit?.messageHandlers?.Agave !== undefined
  );
}

/** Excel opened the page but did not start the add-in: said in the pane and in the cells. */
export class HostStartError extends ReportingError {
  constructor(code: string, userMessage: string) {
    super({ code, kind: "unavailable", userMessage, retryable: true });
    this.name = "HostStartError";
  }
}

/** `promise`'s value, or "timeout" once `ms` have passed first. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | "timeout"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function detect(): Promise<HostKind> {
  const office = officeGlobal();
  const fromOffice = openedByOffice();
  if (!office || typeof office.onReady !== "function") {
    if (!fromOffice) return "browser";
    throw new HostStartError(
      "office_js_missing",
      "Excel opened the add-in, but Office.js did not load. Check the network connection, then close the Reporting pane and open it again.",
    );
  }
  const info = await within(
    office.onReady().catch(() => undefined),
    fromOffice ? OFFICE_START_LIMIT_MS : BROWSER_WAIT_MS,
  );
  if (info === "timeout") {
    if (!fromOffice) return "browser";
    throw new HostStartError(
      "office_not_ready",
      "Excel did not finish starting the add-in within a minute. Close the Reporting pane and open it again; if that does not help, restart Excel.",
    );
  }
  const excel = office.HostType?.Excel ?? "Excel";
  return info?.host === excel ? "excel" : "browser";
}

let detected: Promise<HostKind> | undefined;

/**
 * Resolves once; later calls share the answer. Rejects with a `HostStartError` when Office opened
 * the page but did not start the add-in: falling back to the browser's storage would hide every
 * profile from the formulas.
 */
export function detectHost(): Promise<HostKind> {
  detected ??= detect();
  return detected;
}

/** Which Office application runs the pane; undefined outside Office (or before Office is ready). */
export type OfficePlatform = "windows" | "mac" | "web" | "other";

export function officePlatform(): OfficePlatform | undefined {
  const office = officeGlobal();
  let platform: unknown;
  try {
    platform = office?.context?.platform;
  } catch {
    return undefined; // office.js outside Office may have no context to read
  }
  if (!office || typeof platform !== "string" || platform === "") return undefined;
  // The enum's values are its names ("Mac"); read as strings, a fake or an older office.js lacking one still compares.
  const types = office.PlatformType as unknown as Partial<Record<string, string>> | undefined;
  if (platform === (types?.Mac ?? "Mac")) return "mac";
  if (platform === (types?.OfficeOnline ?? "OfficeOnline")) return "web";
  if (platform === (types?.PC ?? "PC")) return "windows";
  return "other";
}
