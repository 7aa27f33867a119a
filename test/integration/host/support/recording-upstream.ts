import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { listenOnLoopback } from "../../../support/loopback";

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RecordingUpstream {
  baseUrl: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/**
 * A stand-in for the service that records what reached it and answers as `answer` says: to see
 * what the host forwards, and to answer what the emulator never would (cookies, CORS headers,
 * hostile CSV, silence).
 */
export async function startRecordingUpstream(
  answer: (request: ReceivedRequest, response: ServerResponse) => void = (_request, response) => {
    response.writeHead(200, { "content-type": "application/json" }).end("{}");
  },
): Promise<RecordingUpstream> {
  const received: ReceivedRequest[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const record = {
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      received.push(record);
      answer(record, response);
    });
  });
  const { origin, close } = await listenOnLoopback(server);
  return { baseUrl: `${origin}/base`, received, close };
}

export interface RelayUpstream extends RecordingUpstream {
  /** The bodies the service answered, in order, byte for byte. */
  answered: Buffer[];
}

/**
 * A recording stand-in that passes every request on to `serviceBaseUrl` and keeps the bytes the
 * service answered: to compare what the host delivers with what the service really sent, where
 * a second request would not do (the service stamps each file with the time it was made).
 */
export async function startRelayUpstream(serviceBaseUrl: string): Promise<RelayUpstream> {
  const answered: Buffer[] = [];
  const upstream = await startRecordingUpstream((request, response) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === "string" && !["host", "content-length", "connection"].includes(entry[0]),
      ),
    );
    const hasBody = request.method !== "GET" && request.method !== "HEAD";
    void fetch(`${serviceBaseUrl}${request.url.replace(/^\/base/, "")}`, {
      method: request.method,
      headers,
      ...(hasBody ? { body: request.body } : {}),
    })
      .then(async (answer) => {
        const bytes = Buffer.from(await answer.arrayBuffer());
        answered.push(bytes);
        const kept = [...answer.headers].filter(
          ([name]) => !["content-encoding", "content-length", "transfer-encoding", "connection"].includes(name),
        );
        response.writeHead(answer.status, Object.fromEntries(kept)).end(bytes);
      })
      .catch(() => response.destroy());
  });
  return { ...upstream, answered };
}
