/** Gives a connection back; calling it again does nothing. */
export type Release = () => void;

interface Waiter {
  grant(release: Release): void;
}

export interface GateLimits {
  /** Requests to the service at once: the pool's connections. */
  connections: number;
  /** Of them, requests of one client at once. */
  perClient: number;
}

/**
 * Requests to the service, at most `connections` at once and `perClient` of one client: one
 * user's requests the service is slow to answer cannot take every connection and leave the
 * others waiting. A request past either limit waits, for as long as it is given, and a freed
 * connection goes to the client holding fewest rather than to the one that asked most.
 */
export class UpstreamGate {
  private active = 0;
  private readonly activeOf = new Map<string, number>();
  /** Waiting requests by client; a client served moves to the back. */
  private readonly waiting = new Map<string, Waiter[]>();

  constructor(private readonly limits: GateLimits) {}

  /** A connection for `client`, or undefined when none came within `waitMs`. */
  acquire(client: string, waitMs: number): Promise<Release | undefined> {
    if (this.hasRoom(client)) return Promise.resolve(this.grant(client));
    return new Promise((resolve) => {
      const waiter: Waiter = {
        grant: (release) => {
          clearTimeout(timer);
          resolve(release);
        },
      };
      const timer = setTimeout(
        () => {
          this.forget(client, waiter);
          resolve(undefined);
        },
        Math.max(0, waitMs),
      );
      const queue = this.waiting.get(client) ?? [];
      queue.push(waiter);
      this.waiting.set(client, queue);
    });
  }

  private hasRoom(client: string): boolean {
    return this.active < this.limits.connections && (this.activeOf.get(client) ?? 0) < this.limits.perClient;
  }

  private grant(client: string): Release {
    this.active++;
    this.activeOf.set(client, (this.activeOf.get(client) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      const left = (this.activeOf.get(client) ?? 1) - 1;
      if (left === 0) this.activeOf.delete(client);
      else this.activeOf.set(client, left);
      this.serveNext();
    };
  }

  /**
   * The freed connection goes to the waiting client with the fewest connections (the first in
   * turn among equals), which then goes to the back of the turn.
   */
  private serveNext(): void {
    if (this.active >= this.limits.connections) return;
    let chosen: string | undefined;
    for (const client of this.waiting.keys()) {
      if (!this.hasRoom(client)) continue;
      if (chosen === undefined || (this.activeOf.get(client) ?? 0) < (this.activeOf.get(chosen) ?? 0)) chosen = client;
    }
    if (chosen === undefined) return;
    const queue = this.waiting.get(chosen)!;
    const waiter = queue.shift()!;
    this.waiting.delete(chosen);
    if (queue.length > 0) this.waiting.set(chosen, queue);
    waiter.grant(this.grant(chosen));
  }

  private forget(client: string, waiter: Waiter): void {
    const queue = this.waiting.get(client);
    if (!queue) return;
    const index = queue.indexOf(waiter);
    if (index !== -1) queue.splice(index, 1);
    if (queue.length === 0) this.waiting.delete(client);
  }
}
