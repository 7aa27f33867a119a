// Probe D1 of issue 17: 200 connections each send the headers and most of a 1 MB body, then stall.
// Prints the host's RSS before, once the bodies are in, and over the next 40 s, and how many of
// the connections the host has closed. `npx tsx scripts/probes/slow-bodies.ts [host flags]`
import { connect, type Socket } from "node:net";
import { startProbedHost, sleep } from "./probe-host";

const CONNECTIONS = 200;
const DECLARED = 1_000_000;
const SENT = 990_000;

async function main(): Promise<void> {
  const host = await startProbedHost("http://127.0.0.1:9/base", process.argv.slice(2));
  const { port } = new URL(host.url);
  console.log(`host RSS at rest: ${host.rssMb()} MB`);
  let closed = 0;
  const sockets: Socket[] = [];
  const started = Date.now();
  for (let index = 0; index < CONNECTIONS; index++) {
    const socket = connect(Number(port), "127.0.0.1");
    socket.on("error", () => undefined);
    socket.resume(); // read, or the host closing it would go unseen
    socket.on("close", () => closed++);
    socket.write(
      `POST /service/bearer/stats HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\nauthorization: Bearer probe\r\ncontent-length: ${DECLARED}\r\n\r\n`,
    );
    socket.write(Buffer.alloc(SENT, 0x20));
    sockets.push(socket);
  }
  await sleep(3000);
  console.log(`after ${CONNECTIONS} half-sent bodies (+3 s): RSS ${host.rssMb()} MB, closed by the host ${closed}`);
  for (const seconds of [10, 20, 30, 40]) {
    await sleep(seconds * 1000 - (Date.now() - started));
    console.log(`t=${seconds} s: RSS ${host.rssMb()} MB, connections closed by the host ${closed}/${CONNECTIONS}`);
  }
  const probe = await fetch(`${host.url}/healthz`).then(
    (answer) => answer.status,
    (error: Error) => error.message,
  );
  console.log(`a new request afterwards: ${probe}`);
  for (const socket of sockets) socket.destroy();
  await host.stop();
}

void main();
