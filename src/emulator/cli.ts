import { CliUsageError, USAGE, inFlagTerms, listenProblem, parseCliArgs, type CliCommand } from "./server/cli-args";
import { demoLoginLines, type DemoLoginNames } from "./server/demo-logins";
import { startEmulator, type RunningEmulator } from "./server/start";

/** Kept for the error handler, which names the host and port that could not be used. */
let command: Extract<CliCommand, { kind: "start" }> | undefined;

/** The names behind the demo credentials' ids, read from the emulator's own data. */
async function demoLoginNames(emulator: RunningEmulator): Promise<DemoLoginNames> {
  const { bearer, legacy } = emulator.credentials;
  const organizationIds = [...new Set(bearer.flatMap((credential) => credential.organizations))];
  const appKeys = [...new Set(legacy.flatMap((credential) => credential.applications))];
  const [organizations, applications] = await Promise.all([
    emulator.store.organizations(organizationIds),
    emulator.store.applications(appKeys),
  ]);
  return {
    organizations: new Map(organizations.map((organization) => [organization.id, organization.name])),
    publishers: new Map(applications.map((application) => [application.app_key, application.publisher_name])),
  };
}

async function main(): Promise<void> {
  const parsed = parseCliArgs(process.argv.slice(2));
  if (parsed.kind === "help") {
    process.stdout.write(USAGE);
    return;
  }
  command = parsed;
  const emulator = await startEmulator(command.options);
  // Scripts read the first line as JSON: nothing may be printed before it.
  process.stdout.write(
    JSON.stringify({
      baseUrl: emulator.baseUrl,
      legacyBaseUrl: emulator.legacyBaseUrl,
      credentials: emulator.credentials,
      demoLogins: demoLoginLines(emulator.credentials, await demoLoginNames(emulator)),
    }) + "\n",
  );
  const { from, to } = emulator.store.period;
  process.stdout.write(
    `Reporting emulator listening.\n  bearer interface: ${emulator.baseUrl}\n  legacy interface: ${emulator.legacyBaseUrl}/reporting/v1\n  data from ${from} to ${to}\n${command.options.restatements ? `  restatements on: recent days' numbers move with the clock (today ${emulator.today})\n` : ""}Press Ctrl+C to stop.\n`,
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`Received ${signal}, stopping.\n`);
    emulator.close().then(
      () => {
        process.stdout.write("Stopped.\n");
        process.exit(0);
      },
      (error: unknown) => {
        process.stderr.write(
          `emulator: could not stop cleanly: ${error instanceof Error ? error.message : String(error)}\n`,
        );
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  if (error instanceof CliUsageError || error instanceof RangeError) {
    process.stderr.write(`emulator: ${inFlagTerms(error.message)}\n`);
    process.exit(2);
  }
  const listening = listenProblem(error, command?.options.host ?? "127.0.0.1", command?.options.port ?? 0);
  if (listening !== undefined) {
    process.stderr.write(`emulator: could not start: ${listening}\n`);
    process.exit(1);
  }
  process.stderr.write(`emulator: could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
