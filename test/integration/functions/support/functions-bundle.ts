import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import vm from "node:vm";
import { pageScripts } from "../../../../scripts/webpack/page-size";
import { StandInFunctionError, standInStorage } from "../../../support/excel-stand-ins";
import { freshDist, REPO_ROOT } from "../../../support/fresh-dist";

/**
 * Runs the built custom functions bundle the way Excel's shared runtime does, minus Excel:
 * the scripts of taskpane.html that the functions need (webpack's runtime, the shared chunks,
 * functions.js) are evaluated in order in a fresh global scope holding stand-ins for the globals
 * Excel provides (CustomFunctions, OfficeRuntime.storage, Office, Excel), real fetch and real timers.
 */

export interface PageScript {
  /** Path relative to the build folder. */
  file: string;
  source: string;
}

/** Where a build of the functions bundle lives, and the scripts that run the functions. */
export interface BuiltBundle {
  directory: string;
  /** In the page's order, ending with functions.js. */
  scripts: PageScript[];
  metadata: FunctionsMetadata;
}

export interface FunctionMetadata {
  id: string;
  name: string;
  description?: string;
  options?: { cancelable?: boolean };
  parameters: { name: string; description?: string; type?: string; dimensionality?: string; optional?: boolean }[];
  result: { type?: string; dimensionality?: string };
}

export interface FunctionsMetadata {
  allowCustomDataForDataTypeAny?: boolean;
  functions: FunctionMetadata[];
}

const BUILD_INPUTS = ["src", "webpack.config.js", "scripts/webpack", "package.json"];
const PAGE = "taskpane.html";
const FUNCTIONS_SCRIPT = "functions.js";
const BUILD_OUTPUTS = [PAGE, FUNCTIONS_SCRIPT, "functions.json"];

/**
 * The page's scripts up to functions.js: the page lists each entry's runtime and shared chunks
 * before the entry itself, functions first, so these are exactly what the functions entry needs.
 * Office.js is left out: the stand-ins replace it.
 */
function functionsScripts(directory: string): PageScript[] {
  const { bundled } = pageScripts(readFileSync(join(directory, PAGE), "utf8"));
  const end = bundled.indexOf(FUNCTIONS_SCRIPT);
  if (end < 0)
    throw new Error(`${join(directory, PAGE)} loads no ${FUNCTIONS_SCRIPT} (scripts: ${bundled.join(", ")})`);
  return bundled.slice(0, end + 1).map((file) => ({ file, source: readFileSync(join(directory, file), "utf8") }));
}

/**
 * The functions bundle as the project's webpack configuration makes it:
 * $REPORTING_FUNCTIONS_BUILD if set, dist/ if it is newer than every source, otherwise a build
 * of the functions entry alone into a temporary folder (never over dist/, which another build
 * may be writing).
 */
export async function buildFunctionsBundle(): Promise<BuiltBundle> {
  let directory = process.env.REPORTING_FUNCTIONS_BUILD ?? freshDist(BUILD_OUTPUTS, BUILD_INPUTS);
  if (!directory) {
    directory = mkdtempSync(join(tmpdir(), "reporting-functions-"));
    await promisify(execFile)(process.execPath, [join(__dirname, "build-functions.js"), directory], {
      cwd: REPO_ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
  }
  return {
    directory,
    scripts: functionsScripts(directory),
    metadata: JSON.parse(readFileSync(join(directory, "functions.json"), "utf8")) as FunctionsMetadata,
  };
}

const ERROR_CODES = {
  invalidValue: "#VALUE!",
  notAvailable: "#N/A",
  divisionByZero: "#DIV/0!",
  invalidNumber: "#NUM!",
  nullReference: "#NULL!",
  invalidName: "#NAME?",
  invalidReference: "#REF!",
} as const;

export interface RecordedFetch {
  url: string;
  method: string;
  signal: AbortSignal | undefined;
}

export interface Invocation {
  onCanceled?: () => void;
}

export interface LoadedBundle {
  /** The id -> function map the bundle registered through CustomFunctions.associate. */
  associated: Map<string, (...args: unknown[]) => unknown>;
  /** Every request the bundle sent, in order. */
  fetches: RecordedFetch[];
  /** Requirement sets Office.context.requirements reports as supported ("ExcelApi 1.19"). */
  supportedSets: Set<string>;
  /** The calculation types Excel.run was asked for. */
  calculations: string[];
  /** The page's global scope, as the task pane bundle would see it. */
  global: Record<string, unknown>;
  /** Evaluates functions.js (not the runtime or shared chunks) once more in the same page, as a second script tag would. */
  evaluateAgain(): void;
  /** Calls a function by id as Excel would: the arguments, then an invocation object for a cancelable one. */
  call(id: string, args: unknown[], invocation?: Invocation): Promise<unknown>;
}

export interface LoadOptions {
  /** OfficeRuntime.storage's content before the bundle starts. */
  storage?: Record<string, string>;
  supportedSets?: string[];
  /** The local time `new Date()` reads (period words); the real clock otherwise. */
  localNow?: { year: number; month: number; day: number };
}

function unrefTimers() {
  return {
    setTimeout: (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const timer = setTimeout(callback, ms, ...args);
      // A pending deadline must not keep the test process alive after the tests end.
      timer.unref();
      return timer;
    },
    clearTimeout: (timer: NodeJS.Timeout | undefined) => clearTimeout(timer),
  };
}

/** Evaluates the functions' scripts in a new global scope with Excel's globals stood in. */
export function loadFunctionsBundle(bundle: BuiltBundle, options: LoadOptions = {}): LoadedBundle {
  const associated = new Map<string, (...args: unknown[]) => unknown>();
  const fetches: RecordedFetch[] = [];
  const supportedSets = new Set(options.supportedSets ?? ["CustomFunctionsRuntime 1.4", "ExcelApi 1.19"]);
  const calculations: string[] = [];
  const storage = new Map(Object.entries(options.storage ?? {}));

  const recordingFetch = (input: string | URL, init?: RequestInit) => {
    fetches.push({ url: String(input), method: init?.method ?? "GET", signal: init?.signal ?? undefined });
    return fetch(input, init);
  };

  const supported = (name: string, version = "1.1") => {
    const [major = 0, minor = 0] = version.split(".").map(Number);
    return [...supportedSets].some((entry) => {
      const [setName, setVersion = "1.1"] = entry.split(" ");
      const [setMajor = 0, setMinor = 0] = setVersion.split(".").map(Number);
      return setName === name && (setMajor > major || (setMajor === major && setMinor >= minor));
    });
  };

  const sandbox: Record<string, unknown> = {
    console,
    fetch: recordingFetch,
    AbortController,
    AbortSignal,
    URL,
    URLSearchParams,
    TextEncoder,
    TextDecoder,
    Headers,
    Response,
    queueMicrotask,
    structuredClone,
    btoa,
    atob,
    performance,
    ...unrefTimers(),
    CustomFunctions: {
      associate(
        idOrMap: string | Record<string, (...args: unknown[]) => unknown>,
        fn?: (...args: unknown[]) => unknown,
      ) {
        if (typeof idOrMap === "string") associated.set(idOrMap.toUpperCase(), fn!);
        else for (const [id, each] of Object.entries(idOrMap)) associated.set(id.toUpperCase(), each);
      },
      Error: StandInFunctionError,
      ErrorCode: ERROR_CODES,
    },
    OfficeRuntime: { storage: standInStorage(storage) },
    Office: {
      HostType: { Excel: "Excel" },
      onReady: async () => ({ host: "Excel", platform: "OfficeOnline" }),
      context: { requirements: { isSetSupported: supported } },
    },
    Excel: {
      CalculationType: { recalculate: "Recalculate", full: "Full", fullRebuild: "FullRebuild" },
      // Excel.run(batch) or Excel.run(options, batch): the add-in passes delayForCellEdit.
      run: async (...args: unknown[]) =>
        (args[args.length - 1] as (context: unknown) => Promise<unknown>)({
          workbook: { application: { calculate: (type: string) => calculations.push(type) } },
          sync: async () => undefined,
        }),
    },
  };
  sandbox.globalThis = sandbox;
  sandbox.self = sandbox;
  sandbox.window = sandbox;
  const context = vm.createContext(sandbox);
  if (options.localNow) {
    const { year, month, day } = options.localNow;
    // Noon local time: the day stays the same whatever the TZ of the machine.
    vm.runInContext(
      `(() => {
        const RealDate = Date;
        const fixed = new RealDate(${year}, ${month - 1}, ${day}, 12, 0, 0).getTime();
        class LocalDate extends RealDate {
          constructor(...args) { if (args.length === 0) super(fixed); else super(...args); }
        }
        globalThis.Date = LocalDate;
      })()`,
      context,
    );
  }
  const evaluate = (script: PageScript) =>
    vm.runInContext(script.source, context, { filename: join(bundle.directory, script.file) });
  for (const script of bundle.scripts) evaluate(script);

  return {
    associated,
    fetches,
    supportedSets,
    calculations,
    global: sandbox,
    evaluateAgain() {
      evaluate(bundle.scripts.at(-1)!);
    },
    async call(id, args, invocation) {
      const fn = associated.get(id);
      if (!fn) throw new Error(`${id} is not associated`);
      const parameters = bundle.metadata.functions.find((each) => each.id === id);
      if (!parameters) throw new Error(`${id} is not in functions.json`);
      // Excel passes null for every omitted optional argument, then the invocation.
      const padded = [...args];
      while (padded.length < parameters.parameters.length) padded.push(null);
      if (parameters.options?.cancelable) padded.push(invocation ?? {});
      return fn(...padded);
    },
  };
}

/** What a cell shows when the function rejected: the error code and message, or the thrown value. */
export async function cellErrorOf(result: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    const value = await result;
    throw new Error(`expected an error, got ${JSON.stringify(value)}`);
  } catch (error) {
    // The bundle runs in another realm: compare shapes, not classes.
    const record = error as { code?: unknown; message?: unknown; constructor?: { name?: string } };
    if (record.constructor?.name !== "StandInFunctionError") throw error;
    return { code: String(record.code), message: String(record.message ?? "") };
  }
}
