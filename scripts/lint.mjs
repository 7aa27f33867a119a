// `npm run lint`: every static check, two at a time (CI has 2 cores), each one's output printed
// whole when it ends, and a summary. Run one after another, the checks took about 5 minutes on CI's
// machine, most of it single-threaded (ESLint with type information, two tsc programs, Prettier):
// side by side they use both cores. Every check runs even when another failed, so one run shows
// every problem. Each is an npm script of its own, to run alone.
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

// Longest first, so that the short ones fill the other core while ESLint runs.
const CHECKS = ["lint:eslint", "lint:types:node", "lint:types:addin", "lint:format", "lint:cycles"];
const SLOTS = Math.max(1, Math.min(2, availableParallelism()));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function runCheck(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ["run", "--silent", name], {
      stdio: ["ignore", "pipe", "pipe"],
      shell: process.platform === "win32",
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => {
      const seconds = (Date.now() - started) / 1000;
      const passed = code === 0;
      console.log(`\n=== ${name}: ${passed ? "passed" : "FAILED"} (${seconds.toFixed(0)} s) ===`);
      if (output.trim()) console.log(output.trimEnd());
      resolve({ name, passed, seconds });
    });
  });
}

const queue = [...CHECKS];
const results = [];
await Promise.all(
  Array.from({ length: SLOTS }, async () => {
    for (let name = queue.shift(); name; name = queue.shift()) results.push(await runCheck(name));
  }),
);

console.log("\n=== lint summary ===");
for (const name of CHECKS) {
  const result = results.find((one) => one.name === name);
  console.log(`${result.passed ? "passed" : "FAILED"}  ${name} (${result.seconds.toFixed(0)} s)`);
}
process.exitCode = results.every((result) => result.passed) ? 0 : 1;
