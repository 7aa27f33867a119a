import type { Request, Route } from "playwright-core";

/** A promise the test opens by hand: what waits on it goes on when the test says so, never when a clock runs out. */
export interface Gate {
  readonly opened: Promise<void>;
  open(): void;
}

export function gate(): Gate {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * A route handler that holds each request `holds` picks until the test releases them, then lets
 * it through (to the next handler or the network) if the page still wants it. A fixed hold races
 * the checks the test makes meanwhile (a screenshot, axe) on a loaded machine; this one cannot.
 */
export interface HeldRequests {
  readonly handler: (route: Route) => Promise<void>;
  /** The requests held so far, in the order they came. */
  readonly held: readonly Request[];
  /** Lets every held request (and any later one) through; resolves once each has gone on or was found given up. */
  release(): Promise<void>;
}

export function holdRequests(holds: (request: Request) => boolean = () => true): HeldRequests {
  const released = gate();
  const held: Request[] = [];
  const passing: Promise<void>[] = [];
  const handler = async (route: Route): Promise<void> => {
    if (!holds(route.request())) return route.fallback();
    held.push(route.request());
    const passed = released.opened.then(() => route.fallback().catch(() => undefined));
    passing.push(passed);
    await passed;
  };
  return {
    handler,
    held,
    async release() {
      released.open();
      await Promise.all(passing);
    },
  };
}

/**
 * Whether the page gave `request` up (a Cancel aborted it): it then ends without an answer, so
 * nothing it would have brought (a file, rows) can still come. Waits until it has ended.
 */
export async function givenUp(request: Request): Promise<boolean> {
  return (await request.response()) === null && request.failure() !== null;
}
