/**
 * Stand-ins for the globals Excel's shared runtime provides, shared by the unit tests of
 * src/office, the functions bundle loader and the functions-requests bench.
 */

/** Installs globals (stand-ins, or a real one to bring back later), and returns what puts the previous ones back. */
export function withGlobals(globals: Record<string, unknown>): () => void {
  const holder = globalThis as Record<string, unknown>;
  const previous = Object.fromEntries(Object.keys(globals).map((name) => [name, holder[name]]));
  Object.assign(holder, globals);
  return () => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete holder[name];
      else holder[name] = value;
    }
  };
}

/** CustomFunctions.Error as the runtime builds it: an error code and the message the cell shows. */
export class StandInFunctionError {
  constructor(
    readonly code: string,
    readonly message?: string,
  ) {}
}

/** CustomFunctions' error parts, with the error codes the add-in uses. */
export const CUSTOM_FUNCTIONS = {
  Error: StandInFunctionError,
  ErrorCode: { invalidValue: "#VALUE!", notAvailable: "#N/A", invalidNumber: "#NUM!" },
};

/** OfficeRuntime.storage over a map the caller can fill and read. */
export function standInStorage(storage: Map<string, string>) {
  return {
    getItem: async (key: string) => storage.get(key) ?? null,
    setItem: async (key: string, value: string) => void storage.set(key, value),
    removeItem: async (key: string) => void storage.delete(key),
  };
}
