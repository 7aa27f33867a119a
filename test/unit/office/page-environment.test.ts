import { isReportingError } from "../../../src/client/errors";
import type * as HostModule from "../../../src/office/page-environment";
import { withGlobals } from "./office-globals";

/** host.ts answers once per page: each test loads its own copy, as a fresh page would. */
function freshHost(): typeof HostModule {
  let loaded: typeof HostModule | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<typeof HostModule>("../../../src/office/page-environment");
  });
  if (!loaded) throw new Error("host.ts did not load");
  return loaded;
}

const EXCEL_ON_WINDOWS = "?_host_Info=Excel$Win32$16.01$en-US$$$$0";

/** An Office global whose onReady answers `info` after `delayMs`, or never. */
function slowOffice(
  delayMs: number | "never",
  info: { host: string | null; platform: string | null } = { host: "Excel", platform: "PC" },
) {
  return {
    HostType: { Excel: "Excel" },
    PlatformType: { PC: "PC", Mac: "Mac", OfficeOnline: "OfficeOnline" },
    context: { platform: info.platform },
    onReady: () =>
      new Promise((resolve) => (delayMs === "never" ? undefined : setTimeout(() => resolve(info), delayMs))),
  };
}

/** Settles `promise` while the fake clock moves on by `ms`; returns what it settled to, or "pending". */
async function after<T>(ms: number, promise: Promise<T>): Promise<{ value: T } | { error: unknown } | "pending"> {
  let outcome: { value: T } | { error: unknown } | "pending" = "pending";
  promise.then(
    (value) => (outcome = { value }),
    (error: unknown) => (outcome = { error }),
  );
  await jest.advanceTimersByTimeAsync(ms);
  return outcome;
}

describe("detectHost", () => {
  let restore: (() => void) | undefined;
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    restore?.();
    restore = undefined;
    jest.useRealTimers();
  });

  it("point 5: waits for a cold Excel that takes 10 s when Office's host info is in the page address", async () => {
    restore = withGlobals({ Office: slowOffice(10_000), location: { search: EXCEL_ON_WINDOWS } });
    const detected = freshHost().detectHost();
    expect(await after(9_999, detected)).toBe("pending");
    expect(await after(1, detected)).toEqual({ value: "excel" });
  });

  it.each([
    ["Excel on Windows (WebView2)", { chrome: { webview: { postMessage: () => undefined } } }],
    ["Excel for Mac (WKWebView)", { webkit: { messageHandlers: { Agave: { postMessage: () => undefined } } } }],
    ["older Excel on Windows", { external: { GetHostInfo: () => "Excel|Win32|16.01|en-US" } }],
    [
      "a reloaded pane (office.js kept the host info)",
      { sessionStorage: { getItem: (key: string) => (key === "hostInfoValue" ? "Excel$Web$16.01$en-US$$$$0" : null) } },
    ],
    ["Office on the web's window name", { name: JSON.stringify({ hostInfo: "Excel$Web$16.01$en-US$$$$0" }) }],
  ])("point 5: waits for a slow Excel on the sign of %s", async (_sign, globals) => {
    restore = withGlobals({ Office: slowOffice(30_000), location: { search: "" }, ...globals });
    expect(await after(30_000, freshHost().detectHost())).toEqual({ value: "excel" });
  });

  it("point 5: reports Excel not starting after a minute as an error, rather than running as a browser", async () => {
    restore = withGlobals({ Office: slowOffice("never"), location: { search: EXCEL_ON_WINDOWS } });
    const detected = freshHost().detectHost();
    expect(await after(59_999, detected)).toBe("pending");
    const outcome = await after(1, detected);
    const error = typeof outcome === "object" && "error" in outcome ? outcome.error : undefined;
    expect(isReportingError(error)).toBe(true);
    expect((error as Error).message).toMatch(/^Excel did not finish starting the add-in within a minute\./);
  });

  it("point 5: reports a missing Office.js at once when Office opened the page", async () => {
    restore = withGlobals({ location: { search: EXCEL_ON_WINDOWS } });
    const outcome = await after(0, freshHost().detectHost());
    const error = typeof outcome === "object" && "error" in outcome ? outcome.error : undefined;
    expect(isReportingError(error)).toBe(true);
    expect((error as Error).message).toMatch(/Office\.js/);
  });

  it("answers browser at once where no Office can appear: no Office.js and no sign of a host", async () => {
    restore = withGlobals({ location: { search: "?tab=query" } });
    expect(await after(0, freshHost().detectHost())).toEqual({ value: "browser" });
  });

  it("does not wait long for Office.js loaded in a plain browser tab, whose onReady may never settle", async () => {
    restore = withGlobals({ Office: slowOffice("never"), location: { search: "" } });
    const detected = freshHost().detectHost();
    expect(await after(10_000, detected)).toEqual({ value: "browser" });
  });

  it("answers browser when Office.js reports no host", async () => {
    restore = withGlobals({ Office: slowOffice(10, { host: null, platform: null }), location: { search: "" } });
    expect(await after(10, freshHost().detectHost())).toEqual({ value: "browser" });
  });
});

describe("officePlatform", () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
  });

  it.each([
    ["Mac", "mac"],
    ["OfficeOnline", "web"],
    ["PC", "windows"],
    ["iOS", "other"],
  ])("point 4: reads Office.context.platform %s as %s", (platform, expected) => {
    restore = withGlobals({ Office: slowOffice(0, { host: "Excel", platform }) });
    expect(freshHost().officePlatform()).toBe(expected);
  });

  it("is undefined outside Office", () => {
    expect(freshHost().officePlatform()).toBeUndefined();
  });
});
