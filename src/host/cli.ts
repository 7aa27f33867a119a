import { HostConfigError, readHostConfig, USAGE } from "./config";
import { startHost } from "./start";

/** Exit status for settings the server refuses, as the emulator's command line uses. */
const USAGE_ERROR = 2;

async function main(): Promise<void> {
  let read: ReturnType<typeof readHostConfig>;
  try {
    read = readHostConfig(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof HostConfigError)) throw error;
    process.stderr.write(
      `reporting host: cannot start:\n${error.problems.map((problem) => `  - ${problem}`).join("\n")}\n`,
    );
    process.exit(USAGE_ERROR);
  }
  if (read.kind === "help") {
    process.stdout.write(USAGE);
    return;
  }
  const { config } = read;
  const host = await startHost(config);
  host.app.log.info(
    {
      url: host.url,
      staticDir: config.staticDir,
      bearerService: config.serviceUrl ?? null,
      legacyService: config.legacyServiceUrl ?? null,
      tls: config.tls !== undefined,
    },
    "listening",
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    host.app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, "stopping: draining requests in flight");
    host.stop().then(
      (outcome) => {
        host.app.log.info({ outcome }, "stopped");
        process.exit(0);
      },
      (error: unknown) => {
        process.stderr.write(
          `reporting host: could not stop cleanly: ${error instanceof Error ? error.message : String(error)}\n`,
        );
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`reporting host: cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
