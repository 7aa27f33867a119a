/**
 * The globals besides `Excel`: `Office` (onReady, platform, requirement sets, document settings,
 * startup behaviour), `OfficeRuntime.storage` and `CustomFunctions.associate`.
 */
import type { Any } from "./proxies";
import type { ModelContext } from "./model-context";

export function installOfficeGlobals(win: Any, ctx: ModelContext): void {
  const { options, state, workbook, recorder } = ctx;
  const settings = {
    get: (name: string) => state.settings[name] ?? null,
    set: (name: string, value: unknown) => {
      state.settings[name] = value;
      recorder.record("setting", name, value);
    },
    remove: (name: string) => {
      delete state.settings[name];
    },
    saveAsync: (callback?: (result: unknown) => void) => {
      if (options.settingsSaveFails !== undefined) {
        callback?.({ status: "failed", error: { code: 5009, message: options.settingsSaveFails } });
        return;
      }
      workbook.settings = JSON.parse(JSON.stringify(state.settings));
      callback?.({ status: "succeeded" });
    },
  };

  win.Office = {
    HostType: { Excel: "Excel" },
    PlatformType: { PC: "PC", Mac: "Mac", OfficeOnline: "OfficeOnline" },
    onReady: (callback?: (info: unknown) => void) => {
      const info = { host: "Excel", platform: options.platform ?? "PC" };
      callback?.(info);
      return Promise.resolve(info);
    },
    StartupBehavior: { none: "None", load: "Load" },
    addin: {
      setStartupBehavior: async (behavior: string) => {
        workbook.startupBehavior = behavior;
        recorder.record("startupBehavior", "addin", behavior);
      },
      getStartupBehavior: async () => workbook.startupBehavior,
    },
    context: {
      platform: options.platform ?? "PC",
      requirements: { isSetSupported: ctx.supportsSet },
      document: { settings },
    },
  };

  win.OfficeRuntime = {
    storage: {
      getItem: async (key: string) => state.runtimeStorage[key] ?? null,
      setItem: async (key: string, value: string) => {
        state.runtimeStorage[key] = value;
      },
      removeItem: async (key: string) => {
        delete state.runtimeStorage[key];
      },
    },
  };

  // The functions themselves stay outside `state`, which tests read back as JSON.
  const functions: Record<string, (...args: unknown[]) => unknown> = {};
  win.__associatedFunctions = functions;
  win.CustomFunctions = {
    associate: (id: string, fn: (...args: unknown[]) => unknown) => {
      state.associated.push(id);
      functions[id] = fn;
    },
  };
}
