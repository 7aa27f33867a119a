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
      const record = { method: request.method ?? "", url: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(record);
      answer(record, response);
    });
  });
  const { origin, close } = await listenOnLoopback(server);
  return { baseUrl: `${origin}/base`, received, close };
}
