import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createStore } from "../store";
import type { DataOptions, DemoCredentials, ReportingStore } from "../store/types";
import { createRequestHandler } from "./handler";
import { resolveOptions, type EmulatorOptions } from "./options";
import { legacyRoutes } from "./routes/legacy";
import { referenceRoutes } from "./routes/reference";
import { statsRoutes } from "./routes/stats";

/** The bearer interface lives under this prefix; the legacy one at the root, as `/reporting/v1/...`. */
export const BEARER_PREFIX = "/api";

export interface RunningEmulator {
  /** Base of the bearer interface, e.g. `http://127.0.0.1:41234/api`. */
  baseUrl: string;
  /** Base of the legacy interface, e.g. `http://127.0.0.1:41234` (routes `/reporting/v1/...`). */
  legacyBaseUrl: string;
  credentials: DemoCredentials;
  store: ReportingStore;
  /** The emulator's clock (YYYY-MM-DD): the reference of default periods and, with restatements, of the data shown. */
  readonly today: string;
  /**
   * Moves the clock to `day`, for every route at once. With restatements, the next answers show
   * recent days restated as of `day` and data through the day before it. Throws a RangeError
   * for a day outside the generated data.
   */
  setToday(day: string): void;
  /** Stops listening, ends open connections and closes the store it created. */
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** A wildcard address is reachable at loopback; IPv6 literals need brackets in a URL. */
function urlHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

function dataOptions(options: ReturnType<typeof resolveOptions>): Partial<DataOptions> {
  const data: Partial<DataOptions> = { today: options.today, restatements: options.restatements };
  if (options.seed !== undefined) data.seed = options.seed;
  if (options.days !== undefined) data.days = options.days;
  if (options.scale !== undefined) data.scale = options.scale;
  return data;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const resolved = resolveOptions(options);
  const store = options.store ?? (await createStore(dataOptions(resolved)));
  const ownsStore = options.store === undefined;
  const routes = [...statsRoutes(BEARER_PREFIX), ...referenceRoutes(BEARER_PREFIX), ...legacyRoutes("")];
  const server = createServer(createRequestHandler(routes, store, resolved));
  let address: AddressInfo;
  try {
    address = await listen(server, resolved.port, resolved.host);
  } catch (error) {
    if (ownsStore) await store.close();
    throw error;
  }
  const origin = `http://${urlHost(resolved.host)}:${address.port}`;
  let closing: Promise<void> | undefined;
  return {
    baseUrl: origin + BEARER_PREFIX,
    legacyBaseUrl: origin,
    credentials: store.credentials,
    store,
    get today() {
      return resolved.today;
    },
    setToday(day) {
      store.setToday(day);
      resolved.today = day;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => (ownsStore ? store.close() : undefined));
      return closing;
    },
  };
}
