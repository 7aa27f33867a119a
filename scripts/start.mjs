// `npm start`: the add-in on https://localhost:3000 with the Reporting emulator beside it.
//
//   npm start                            emulator on port 3001, add-in pointed at it
//   npm start -- --emulator-port 4001    another port for the emulator
//   npm start -- --seed 7 --latency 300  any other flag goes to the emulator (npm run emulator -- --help)
//   npm start -- --no-restatements       numbers that never move (restatements are on by default here)
//   npm start -- --no-emulator           the add-in alone (for the real service, see docs/install.md)
//
// Ctrl+C stops both.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { CA_FILE_ENV, CERT_FILE_ENV, KEY_FILE_ENV, ensureDevCertificate } from "./dev-cert.mjs";

const require = createRequire(import.meta.url);
const projectRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const EMULATOR_ENTRY = join(projectRoot, "src", "emulator", "cli.ts");
const FEED_ENTRY = join(projectRoot, "src", "host", "odata", "dev-feed.ts");
const DEFAULT_EMULATOR_PORT = 3001;
const EMULATOR_START_TIMEOUT_MS = 180_000;
const ADDIN_ORIGIN = "https://localhost:3000";
const ADDIN_URL = `${ADDIN_ORIGIN}/taskpane.html`;

function binOf(packageName, binName = packageName) {
  const packageJsonPath = require.resolve(`${packageName}/package.json`);
  const { bin } = JSON.parse(readFileSync(packageJsonPath, "utf8"));
  return join(dirname(packageJsonPath), typeof bin === "string" ? bin : bin[binName]);
}

function parseArgs(args) {
  const options = {
    emulator: true,
    emulatorPort: Number(process.env.REPORTING_EMULATOR_PORT ?? DEFAULT_EMULATOR_PORT),
    emulatorArgs: [],
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--no-emulator") options.emulator = false;
    else if (arg === "--emulator-port") options.emulatorPort = Number(args[++i]);
    else if (arg.startsWith("--emulator-port=")) options.emulatorPort = Number(arg.slice("--emulator-port=".length));
    else if (arg === "--help" || arg === "-h") options.help = true;
    else options.emulatorArgs.push(arg);
  }
  if (!Number.isInteger(options.emulatorPort) || options.emulatorPort < 0 || options.emulatorPort > 65535) {
    throw new Error("--emulator-port needs a port number between 0 and 65535.");
  }
  return options;
}

/** Prefixes a child's output lines so the two logs stay readable side by side. */
function relayLines(stream, prefix, target) {
  createInterface({ input: stream }).on("line", (line) => target.write(`${prefix}${line}\n`));
}

/**
 * Starts the emulator and resolves with its first stdout line (baseUrl, legacyBaseUrl, demo
 * credentials). Rejects with its error output when it exits or stays silent too long.
 */
function startEmulator({ emulatorPort, emulatorArgs }) {
  // Restatements on by default, so that a demo refresh shows what changed; a later flag wins.
  const child = spawn(
    process.execPath,
    [binOf("tsx"), EMULATOR_ENTRY, "--port", String(emulatorPort), "--restatements", ...emulatorArgs],
    {
      cwd: projectRoot,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const ready = new Promise((resolve, reject) => {
    let errorOutput = "";
    const onErrorOutput = (chunk) => (errorOutput += chunk);
    child.stderr.on("data", onErrorOutput);
    const timer = setTimeout(
      () => reject(new Error(`it printed nothing for ${EMULATOR_START_TIMEOUT_MS / 1000} s`)),
      EMULATOR_START_TIMEOUT_MS,
    );
    const onExit = (code) => {
      clearTimeout(timer);
      reject(new Error(errorOutput.trim() || `it exited with code ${code}`));
    };
    child.once("exit", onExit);
    const lines = createInterface({ input: child.stdout });
    lines.once("line", (first) => {
      clearTimeout(timer);
      child.off("exit", onExit);
      child.stderr.off("data", onErrorOutput);
      lines.on("line", (line) => process.stdout.write(`[emulator] ${line}\n`));
      relayLines(child.stderr, "[emulator] ", process.stderr);
      try {
        resolve(JSON.parse(first));
      } catch {
        reject(new Error(`its first line is not the expected JSON: ${first}`));
      }
    });
  });
  return { child, ready };
}

/** The OData feed in front of the emulator (src/host/odata/dev-feed.ts): resolves with its address. */
function startFeed(serviceUrl, legacyServiceUrl) {
  const child = spawn(
    process.execPath,
    [binOf("tsx"), FEED_ENTRY, "--service-url", serviceUrl, "--legacy-service-url", legacyServiceUrl],
    { cwd: projectRoot, stdio: ["ignore", "pipe", "inherit"] },
  );
  const ready = new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the OData feed exited with code ${code}`)));
    createInterface({ input: child.stdout }).once("line", (first) => {
      try {
        resolve(JSON.parse(first).url);
      } catch {
        reject(new Error(`the OData feed printed ${first}`));
      }
    });
  });
  return { child, ready };
}

function printCredentials(info) {
  console.log("\nReporting emulator (local demo data):");
  console.log(`  bearer interface base URL:  ${info.baseUrl}`);
  console.log(`  legacy interface base URL:  ${info.legacyBaseUrl}`);
  // Demo credentials of the local emulator only: printing them is how a user signs in to it. The
  // emulator labels each with what it sees, so that a user picks the organizations they mean.
  for (const line of info.demoLogins ?? []) console.log(`  ${line}`);
}

function stopAll(children) {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.help) {
    console.log(
      readFileSync(fileURLToPath(import.meta.url), "utf8")
        .split("\n")
        .filter((line) => line.startsWith("//"))
        .join("\n"),
    );
    return;
  }

  const certificate = await ensureDevCertificate();
  const children = [];
  const env = {
    ...process.env,
    [CERT_FILE_ENV]: certificate.certFile,
    [KEY_FILE_ENV]: certificate.keyFile,
    ...(certificate.caFile ? { [CA_FILE_ENV]: certificate.caFile } : {}),
  };

  if (options.emulator && !existsSync(EMULATOR_ENTRY)) {
    console.log("The emulator (src/emulator/cli.ts) is not in this checkout yet: serving the add-in alone.");
  } else if (options.emulator) {
    console.log(`Starting the Reporting emulator on port ${options.emulatorPort}...`);
    const emulator = startEmulator(options);
    children.push(emulator.child);
    let info;
    try {
      info = await emulator.ready;
    } catch (error) {
      stopAll(children);
      const inUse = /EADDRINUSE|already in use/.test(error.message)
        ? ` Port ${options.emulatorPort} is taken: use --emulator-port <another port>.`
        : "";
      throw new Error(
        `The emulator did not start: ${error.message.replace(/\.$/, "")}.${inUse} To serve the add-in without it: npm start -- --no-emulator`,
        { cause: error },
      );
    }
    printCredentials(info);
    // The OData feed for Power Query (docs/odata-feed.md), at the dev server's /odata/.
    const feed = startFeed(info.baseUrl, info.legacyBaseUrl);
    try {
      env.REPORTING_FEED_TARGET = await feed.ready;
      children.push(feed.child);
      console.log(`  OData feed for Power Query: ${ADDIN_ORIGIN}/odata/`);
    } catch (error) {
      console.log(`  The OData feed did not start (${error.message}); the add-in runs without it.`);
    }
    if (env.REPORTING_PROXY_TARGET || env.REPORTING_LEGACY_PROXY_TARGET) {
      env.REPORTING_BASE_URL = info.baseUrl;
      env.REPORTING_LEGACY_BASE_URL = info.legacyBaseUrl;
    } else {
      // The pane is served over HTTPS: calling the emulator's plain-HTTP address from it is mixed
      // content, which some Office hosts (Safari's engine on Mac) block. The dev server's
      // same-origin proxy reaches it instead, the way it reaches the real service.
      env.REPORTING_PROXY_TARGET = info.baseUrl;
      env.REPORTING_LEGACY_PROXY_TARGET = info.legacyBaseUrl;
      env.REPORTING_BASE_URL = `${ADDIN_ORIGIN}/service/bearer`;
      env.REPORTING_LEGACY_BASE_URL = `${ADDIN_ORIGIN}/service/legacy`;
      console.log(`  the add-in reaches it through ${env.REPORTING_BASE_URL} and ${env.REPORTING_LEGACY_BASE_URL}`);
    }
  }

  console.log(`\nAdd-in: ${ADDIN_URL}  (manifest: manifest.xml; README explains sideloading)\n`);
  const devServer = spawn(process.execPath, [binOf("webpack-cli"), "serve", "--mode", "development"], {
    cwd: projectRoot,
    env,
    stdio: "inherit",
  });
  children.push(devServer);

  let stoppedByUser = false;
  const onSignal = () => {
    stoppedByUser = true;
    stopAll(children);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  // Whichever ends first (Ctrl+C, a crash) takes the other down with it.
  const first = await Promise.race(
    children.map(
      (child) => new Promise((resolve) => child.once("exit", (code, signal) => resolve({ child, code, signal }))),
    ),
  );
  if (!stoppedByUser) {
    const name = first.child === devServer ? "The dev server" : "The emulator";
    console.error(`\n${name} stopped (${first.signal ?? `exit code ${first.code}`}); stopping the rest.`);
  }
  stopAll(children);
  await Promise.all(
    children.map((child) =>
      child.exitCode !== null || child.signalCode !== null ? undefined : new Promise((r) => child.once("exit", r)),
    ),
  );
  process.exitCode = stoppedByUser ? 0 : first.code || 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
