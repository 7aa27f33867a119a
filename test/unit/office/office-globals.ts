/** Installs stand-ins for Excel's globals for one test, and removes them afterwards. */
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

export class StandInFunctionError {
  constructor(
    readonly code: string,
    readonly message?: string,
  ) {}
}

export const CUSTOM_FUNCTIONS = {
  Error: StandInFunctionError,
  ErrorCode: { invalidValue: "#VALUE!", notAvailable: "#N/A", invalidNumber: "#NUM!" },
};

/** An Office global whose requirement sets are the given ones ("ExcelApi 1.16"). */
export function officeSupporting(sets: string[]) {
  return {
    context: {
      requirements: {
        isSetSupported(name: string, version: string) {
          return sets.some((set) => {
            const [setName, setVersion = "1.1"] = set.split(" ");
            return setName === name && Number(setVersion.split(".")[1]) >= Number(version.split(".")[1]);
          });
        },
      },
    },
  };
}
