import { randomBytes } from "node:crypto";
import type { ExportLimits } from "../config";

export interface PreparedFile {
  bytes: Buffer;
  fileName: string;
  mediaType: string;
}

/**
 * Prepared exports waiting for their one download, in memory only (the one piece of state of this
 * server: behind a load balancer the download must reach the copy that prepared it). Each is
 * known by 128 random bits, held until it is downloaded or its time is up, and the store
 * refuses what would pass its byte or count limit rather than grow.
 */
export class ExportStore {
  private readonly files = new Map<string, { file: PreparedFile; timer: NodeJS.Timeout }>();
  private heldBytes = 0;

  constructor(private readonly limits: ExportLimits) {}

  /** The file's id, or undefined when holding it would pass a limit. */
  add(file: PreparedFile): string | undefined {
    if (this.files.size >= this.limits.maxCount || this.heldBytes + file.bytes.length > this.limits.maxBytes) return undefined;
    const id = randomBytes(16).toString("base64url");
    // unref: a waiting download never keeps a stopping server alive.
    const timer = setTimeout(() => this.remove(id), this.limits.ttlMs).unref();
    this.files.set(id, { file, timer });
    this.heldBytes += file.bytes.length;
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
  }
}
