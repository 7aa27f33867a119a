import { createHash } from "node:crypto";
import type { Transport, TransportRequest } from "../../client/transport";
import { UpstreamGate, type GateLimits } from "../upstream-gate";
import { UPSTREAM_MAX_SOCKETS } from "./upstream-fetch";

export interface FeedUpstreamLimits extends GateLimits {
  /** How long a request waits for a connection before the feed answers that it is busy. */
  waitMs: number;
}

/**
 * The feed's calls to each origin of the service: at most the pool's connections at once, and
 * half of them for one credential, so that one analyst's refresh of many queries leaves room
 * for the others. 500 refreshes at once wait their turn: pages of /stats take a few hundred
 * milliseconds, so 16 connections pass such a burst within seconds. A request that waits 30 s
 * meets a service that is stuck or overrun, and hears so rather than waiting on.
 */
export const FEED_UPSTREAM_LIMITS: FeedUpstreamLimits = {
  connections: UPSTREAM_MAX_SOCKETS,
  perClient: UPSTREAM_MAX_SOCKETS / 2,
  waitMs: 30_000,
};

/** No connection came in time: the feed answers 503, in plain words, with a Retry-After. */
export class UpstreamBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("every connection to the service is in use");
    this.name = "UpstreamBusy";
  }
}

/** Whose request it is, for the gate's share: its credential, hashed, so that no credential is held as a map key. */
function clientOf(request: TransportRequest): string {
  const headers = request.headers ?? {};
  const credential = headers.authorization ?? headers["x-auth-apikey"] ?? "";
  return createHash("sha256").update(credential).digest("base64url");
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * The transport behind the proxy's gate (src/host/upstream-gate.ts), one gate per origin: a call
 * holds a connection from its first attempt to its last (the answer read whole, retries included).
 */
export function gatedTransport(transport: Transport, limits: FeedUpstreamLimits = FEED_UPSTREAM_LIMITS): Transport {
  const gates = new Map<string, UpstreamGate>();
  const gateOf = (origin: string) => {
    let gate = gates.get(origin);
    if (!gate) gates.set(origin, (gate = new UpstreamGate(limits)));
    return gate;
  };
  async function request(call: TransportRequest) {
    const release = await gateOf(originOf(call.url)).acquire(clientOf(call), limits.waitMs);
    if (release === undefined) throw new UpstreamBusy(Math.max(1, Math.ceil(limits.waitMs / 1000)));
    try {
      return await transport.request(call);
    } finally {
      release();
    }
  }
  return { request } as Transport;
}
