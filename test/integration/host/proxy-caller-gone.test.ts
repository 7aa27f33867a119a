/**
 * When the proxy's caller is gone (issue 17 §4): Node ends a POST's IncomingMessage, 'close'
 * included, as soon as its body is read, while its caller still waits. Only the answer's side
 * says whether the caller left; a connection to the service (the gate's slot) is held for
 * exactly as long as a request may use it.
 */
import { connect } from "node:tls";
import type { ServerResponse } from "node:http";
import { makeCertificate, type TestCertificate } from "./support/certificate";
import { startRecordingUpstream, type ReceivedRequest, type RecordingUpstream } from "./support/recording-upstream";
import { minimalBuild, startTestHost, type TestHost } from "./support/running-host";

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, withinMs = 10_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("the condition did not hold in time");
    await sleep(20);
  }
}

const post = (host: TestHost, path: string, token: string) =>
  host.send(`/service/bearer/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: "{}",
  });

let certificate: TestCertificate;
let upstream: RecordingUpstream;
let host: TestHost | undefined;
const held: ServerResponse[] = [];

beforeAll(() => {
  certificate = makeCertificate();
});

afterEach(async () => {
  for (const response of held.splice(0)) response.destroy();
  await host?.stop();
  await upstream?.close();
});

async function start(
  upstreamTimeoutSeconds: number,
  answer: (request: ReceivedRequest, response: ServerResponse) => void,
): Promise<TestHost> {
  upstream = await startRecordingUpstream(answer);
  host = await startTestHost(certificate, [
    "--static-dir",
    minimalBuild(),
    "--service-url",
    upstream.baseUrl,
    "--upstream-connections",
    "1",
    "--upstream-timeout",
    String(upstreamTimeoutSeconds),
  ]);
  return host;
}

const reached = (path: string) => upstream.received.some((request) => request.url.endsWith(path));

it("a POST whose caller stays holds the one connection until its answer ends, however long past the timeout", async () => {
  // 2 s timeout; the answer starts at once and runs 8 s, a chunk every 100 ms (never idle 2 s).
  const host = await start(2, (request, response) => {
    if (request.url.endsWith("/next"))
      return void response.writeHead(200, { "content-type": "application/json" }).end("{}");
    response.writeHead(200, { "content-type": "application/json" });
    let chunks = 0;
    const timer = setInterval(
      () => (++chunks < 80 ? response.write(" ") : (clearInterval(timer), response.end("{}"))),
      100,
    );
    response.on("close", () => clearInterval(timer));
  });
  const long = post(host, "long", "a");
  await until(() => reached("/long"));
  // Past the 2 s the old code let pass before it freed the slot, well before the answer's end.
  await sleep(3000);
  const next = await post(host, "next", "b");
  expect([next.status, (next.json() as { error?: { code?: string } }).error?.code]).toEqual([504, "upstream_timeout"]);
  expect(reached("/next")).toBe(false);
  expect((await long).status).toBe(200);
});

/** A POST on a TLS connection of its own, to be dropped before its answer. */
function leavingPost(host: TestHost, path: string, token: string) {
  const socket = connect({
    host: "127.0.0.1",
    port: Number(new URL(host.url).port),
    ca: certificate.pem,
    servername: "localhost",
  });
  socket.on("error", () => undefined);
  socket.write(
    `POST /service/bearer/${path} HTTP/1.1\r\nhost: localhost\r\nauthorization: Bearer ${token}\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}`,
  );
  return socket;
}

it("a caller who leaves while it waits for the one connection is never sent to the service", async () => {
  const host = await start(4, (request, response) => {
    const delay = request.url.endsWith("/first") ? 1500 : 0;
    setTimeout(() => response.writeHead(200, { "content-type": "application/json" }).end("{}"), delay);
  });
  const first = post(host, "first", "a");
  await until(() => reached("/first"));
  const waiter = leavingPost(host, "waiter", "b");
  await sleep(500);
  waiter.destroy();
  expect((await first).status).toBe(200);
  expect((await post(host, "next", "c")).status).toBe(200);
  expect(reached("/waiter")).toBe(false);
});

it("a caller who leaves frees the connection once the request's time is up", async () => {
  const host = await start(4, (request, response) => {
    if (request.url.endsWith("/next"))
      return void response.writeHead(200, { "content-type": "application/json" }).end("{}");
    held.push(response);
  });
  const socket = leavingPost(host, "left", "a");
  await until(() => reached("/left"));
  socket.destroy();
  // The service answers the one who left: @fastify/reply-from drops that answer without a word.
  await sleep(300);
  held.shift()?.writeHead(200, { "content-type": "application/json" }).end("{}");
  // Asked 2 s into the 4 s during which the leaver's slot is kept: it is freed within this wait.
  await sleep(1700);
  const next = await post(host, "next", "b");
  expect(next.status).toBe(200);
  expect(reached("/next")).toBe(true);
});
