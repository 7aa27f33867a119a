import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { listenOnLoopback } from "./loopback";

/**
 * Services for a refresh run in another process, where no fetch can be injected: one that holds
 * every request until told to let them through (to the emulator), one that never answers, and
 * a way to see the processes a process started (Linux's /proc).
 */

export interface HeldService {
  /** `target`'s base URL with this server's origin. */
  baseUrl: string;
  /** Requests received so far, held or not. */
  readonly requests: number;
  /** Lets every request held, and every later one, through to the target. */
  open(): void;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(["host", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/** A proxy to `targetBaseUrl` that holds each request until `open` is called. */
export async function heldService(targetBaseUrl: string): Promise<HeldService> {
  const target = new URL(targetBaseUrl);
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let requests = 0;
  const server = createServer((request, response) => {
    requests += 1;
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void gate
        .then(async () => {
          const headers = Object.fromEntries(
            Object.entries(request.headers).filter(
              (entry): entry is [string, string] => typeof entry[1] === "string" && !HOP_BY_HOP.has(entry[0]),
            ),
          );
          const answer = await fetch(new URL(request.url ?? "/", target.origin), {
            method: request.method ?? "GET",
            headers,
            ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
          });
          const body = Buffer.from(await answer.arrayBuffer());
          const type = answer.headers.get("content-type");
          response.writeHead(answer.status, type ? { "content-type": type } : {}).end(body);
        })
        .catch(() => response.destroy());
    });
  });
  const listening = await listenOnLoopback(server);
  return {
    baseUrl: `${listening.origin}${target.pathname.replace(/\/+$/, "")}`,
    get requests() {
      return requests;
    },
    open: () => open(),
    close: listening.close,
  };
}

/** A service that takes every connection and request and never answers. */
export async function silentService(): Promise<{ baseUrl: string; readonly requests: number; close(): Promise<void> }> {
  let requests = 0;
  const server = createServer(() => {
    requests += 1;
  });
  const listening = await listenOnLoopback(server);
  return {
    baseUrl: listening.origin,
    get requests() {
      return requests;
    },
    close: listening.close,
  };
}

export interface ProcessSeen {
  pid: number;
  /** Its command line, one argument per item. */
  args: string[];
}

/** The processes whose parent is `parent`, read from /proc (Linux). */
export function childrenOf(parent: number): ProcessSeen[] {
  const seen: ProcessSeen[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command's name (in parentheses) may hold spaces: the fields after its last ")" are fixed.
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid !== parent) continue;
      const args = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0").filter(Boolean);
      seen.push({ pid: Number(name), args });
    } catch {
      // Gone since the listing.
    }
  }
  return seen;
}

/** Waits until `condition` holds, polling; throws after `timeoutMs` saying what it waited for. */
export async function waitUntil(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
