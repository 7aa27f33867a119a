export interface RovingOptions {
  orientation: "horizontal" | "vertical";
  /** Tabs wrap around (APG tabs pattern); a long list stops at its ends, where Up can leave it. */
  wrap: boolean;
}

/**
 * Where the arrow keys move within a group that is a single Tab stop (the tabs, a picker's
 * options): the arrows of the orientation step, Home and End jump. Undefined for any other key,
 * so that it keeps its usual meaning (Space still ticks a checkbox), and for a step past an end
 * of a list that does not wrap.
 */
export function rovingTarget(key: string, current: number, length: number, options: RovingOptions): number | undefined {
  if (length === 0) return undefined;
  const previous = options.orientation === "horizontal" ? "ArrowLeft" : "ArrowUp";
  const next = options.orientation === "horizontal" ? "ArrowRight" : "ArrowDown";
  const step = (by: number): number | undefined => {
    const target = current + by;
    if (options.wrap) return (target + length) % length;
    return target >= 0 && target < length ? target : undefined;
  };
  switch (key) {
    case previous:
      return step(-1);
    case next:
      return step(1);
    case "Home":
      return 0;
    case "End":
      return length - 1;
    default:
      return undefined;
  }
}
