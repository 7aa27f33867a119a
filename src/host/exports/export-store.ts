import { randomBytes } from "node:crypto";
import type { ExportLimits } from "../config";

export interface PreparedFile {
  bytes: Buffer;
  fileName: string;
  mediaType: string;
}

/**
 * The room one export takes in the store while it is read from the service and prepared: it
 * grows chunk by chunk as the service's file arrives, within the store's byte limit, and becomes
 * the prepared file's (or is given back) at the end.
 */
export interface Reservation {
  /** Reserves `bytes` more; false when the store's byte limit would be passed (nothing reserved then). */
  take(bytes: number): boolean;
  /** Holds the file in place of the reservation: its id, or undefined when it does not fit. */
  commit(file: PreparedFile): string | undefined;
  /** Gives the room back; nothing once committed. */
  release(): void;
}

/**
 * Exports being read and prepared, then waiting for their one download, in memory only (the one
 * piece of state of this server: behind a load balancer the download must reach the copy that
 * prepared it). Each waiting file is known by 128 random bits, held until it is downloaded or
 * its time is up. Every byte read from the service counts against the byte limit as it arrives,
 * and every export against the count limit from the moment it is asked for: the store refuses
 * what would pass a limit before it is read, rather than after it was read and prepared.
 */
export class ExportStore {
  private readonly files = new Map<string, { file: PreparedFile; owner: string; timer: NodeJS.Timeout }>();
  /** Exports held or being prepared, by owner. */
  private readonly countOf = new Map<string, number>();
  /** Bytes of waiting files and of reservations together. */
  private heldBytes = 0;
  private reservations = 0;

  constructor(private readonly limits: ExportLimits) {}

  /**
   * Room for one more export of `owner` (a hashed credential), or why there is none: the store
   * is full, or the owner holds its share of it, so that one user cannot take every slot.
   */
  reserve(owner: string): Reservation | "full" | "owner_full" {
    if ((this.countOf.get(owner) ?? 0) >= this.limits.maxPerOwner) return "owner_full";
    if (this.files.size + this.reservations >= this.limits.maxCount || this.heldBytes >= this.limits.maxBytes)
      return "full";
    this.reservations++;
    this.count(owner, 1);
    let reserved = 0;
    let open = true;
    const close = () => {
      if (!open) return false;
      open = false;
      this.reservations--;
      this.count(owner, -1);
      this.heldBytes -= reserved;
      reserved = 0;
      return true;
    };
    return {
      take: (bytes) => {
        if (!open || this.heldBytes + bytes > this.limits.maxBytes) return false;
        this.heldBytes += bytes;
        reserved += bytes;
        return true;
      },
      commit: (file) => (close() ? this.add(file, owner) : undefined),
      release: () => void close(),
    };
  }

  /** The file's id, or undefined when holding it would pass a limit. */
  private add(file: PreparedFile, owner: string): string | undefined {
    if (
      this.files.size + this.reservations >= this.limits.maxCount ||
      this.heldBytes + file.bytes.length > this.limits.maxBytes
    )
      return undefined;
    const id = randomBytes(16).toString("base64url");
    // unref: a waiting download never keeps a stopping server alive.
    const timer = setTimeout(() => this.remove(id), this.limits.ttlMs).unref();
    this.files.set(id, { file, owner, timer });
    this.heldBytes += file.bytes.length;
    this.count(owner, 1);
    return id;
  }

  /** The file, removed: each prepared export is downloaded once. */
  take(id: string): PreparedFile | undefined {
    const held = this.files.get(id);
    if (!held) return undefined;
    this.remove(id);
    return held.file;
  }

  clear(): void {
    for (const id of [...this.files.keys()]) this.remove(id);
  }

  private remove(id: string): void {
    const held = this.files.get(id);
    if (!held) return;
    clearTimeout(held.timer);
    this.files.delete(id);
    this.heldBytes -= held.file.bytes.length;
    this.count(held.owner, -1);
  }

  private count(owner: string, change: number): void {
    const count = (this.countOf.get(owner) ?? 0) + change;
    if (count === 0) this.countOf.delete(owner);
    else this.countOf.set(owner, count);
  }
}
