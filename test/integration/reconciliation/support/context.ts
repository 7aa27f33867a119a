import type { AddIn } from "./add-in";
import type { Ledger } from "./ledger";
import type { Endpoint, World } from "./world";

/** What every check needs: the service's facts, where to ask it, the add-in, and the ledger. */
export interface CheckContext {
  world: World;
  /** Where the reference requests go (the emulator, or the perturbing proxy in front of it). */
  endpoint: Endpoint;
  addIn: AddIn;
  ledger: Ledger;
  /** Whether the built functions.js is checked too (it needs a build). */
  bundle: boolean;
  /** The OData feed's root (`http://.../odata/`) in front of `endpoint`, when the session runs one. */
  feed?: string;
}

/** Failures of the add-in's own code (a throw where a number was due) become failed checks, not crashes. */
export async function attempt<T>(
  context: CheckContext,
  area: Parameters<Ledger["check"]>[0],
  query: string,
  what: string,
  work: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    context.ledger.check(
      area,
      query,
      what,
      false,
      () => `threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
    );
    return undefined;
  }
}
