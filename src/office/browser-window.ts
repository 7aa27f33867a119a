import { isSetSupported } from "./requirements";

/**
 * True where Excel can open an address in the user's own browser (OpenBrowserWindowApi 1.1:
 * Excel on Windows, Mac and the web). Excel for Mac ignores downloads from add-ins (office-js
 * issues 2700, 3385, 4681), so there this is how a file reaches the user; it takes a real URL,
 * never a blob: URL (office-js issue 3848).
 */
export function canOpenInBrowser(): boolean {
  return isSetSupported("OpenBrowserWindowApi", "1.1");
}

/** Opens `url` (absolute, https) in the user's browser, outside Excel. */
export function openInBrowser(url: string): void {
  Office.context.ui.openBrowserWindow(url);
}
