// The emulator of the load figures as a process of its own (run-load.ts starts it, with
// --expose-gc and an IPC channel), so that its memory is its own: it says where it listens, then
// answers each `memory` message with its process.memoryUsage(), after a full GC when asked.
import { startEmulator } from "../../src/emulator";
import { widestBearer } from "../../bench/support/widest-bearer";

export type ToEmulator = { kind: "memory"; collectGarbage: boolean } | { kind: "stop" };
export type FromEmulator =
  | { kind: "ready"; baseUrl: string; rateLimitedBaseUrl: string; token: string }
  | { kind: "memory"; rss: number; heapUsed: number };

export interface EmulatorProcessOptions {
  data: { seed: number; days: number; today: string };
  rateLimitPerMinute: number;
}

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? "{}") as EmulatorProcessOptions;
  const emulator = await startEmulator(options.data);
  // The same data behind a door that limits the rate, so the load meets the documented 429.
  const rateLimited = await startEmulator({
    ...options.data,
    store: emulator.store,
    rateLimitPerMinute: options.rateLimitPerMinute,
  });
  const send = (message: FromEmulator) => process.send?.(message);
  process.on("message", (message: ToEmulator) => {
    if (message.kind === "stop") {
      void rateLimited
        .close()
        .then(() => emulator.close())
        .then(() => process.exit(0));
      return;
    }
    if (message.collectGarbage) (globalThis as { gc?: () => void }).gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    send({ kind: "memory", rss, heapUsed });
  });
  send({
    kind: "ready",
    baseUrl: emulator.baseUrl,
    rateLimitedBaseUrl: rateLimited.baseUrl,
    token: widestBearer(emulator.credentials).token,
  });
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
