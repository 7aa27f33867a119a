/**
 * An error the system reports on the listening server once it runs (ENFILE, ENOBUFS while
 * accepting) is logged, and the server goes on: fastify keeps no error listener past listen, so
 * such an error once ended the process.
 */
import { readHostConfig } from "../../../src/host/config";
import { startHost, type RunningHost } from "../../../src/host/start";
import { minimalBuild } from "../../support/host-process";

let host: RunningHost;

beforeAll(async () => {
  const read = readHostConfig(
    ["--plain-http", "--trust-proxy", "127.0.0.1", "--listen-host", "127.0.0.1", "--port", "0"],
    { REPORTING_HOST_STATIC_DIR: minimalBuild(), REPORTING_HOST_LOG_LEVEL: "fatal" },
  );
  if (read.kind !== "start") throw new Error("asked for help");
  host = await startHost(read.config);
});

afterAll(() => host?.stop());

it("logs an accept error of the listening server and goes on answering", async () => {
  const refused = Object.assign(new Error("accept ENFILE"), { code: "ENFILE" });
  expect(() => host.app.server.emit("error", refused)).not.toThrow();
  const answer = await fetch(`${host.url}/healthz`);
  expect(answer.status).toBe(200);
});
