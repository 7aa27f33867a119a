import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent: not decompressed. */
  body: Buffer;
  text(): string;
  json(): unknown;
}

export interface RequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The certificate authority to trust (the test's self-signed certificate). */
  ca?: Buffer;
}

/**
 * One request on a connection of its own (no pooling, so a stopping server's refusal of new
 * connections shows), trusting only the test's certificate: TLS stays verified.
 */
export function send(url: string, init: RequestInit = {}): Promise<Answer> {
  const target = new URL(url);
  const request = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      target,
      { method: init.method ?? "GET", headers: init.headers ?? {}, agent: false, ...(init.ca ? { ca: init.ca } : {}) },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            text: () => body.toString("utf8"),
            json: () => JSON.parse(body.toString("utf8")) as unknown,
          });
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(init.body);
  });
}
