/**
 * How messages quote their facts: waits and durations in the unit a person would say them in,
 * sizes as files show them, and the service's own words cut to a length a message can hold.
 */

/** Enough of a body to diagnose; an HTML error page can be megabytes. */
export const MAX_BODY_CHARS = 2_000;
export const MAX_SERVICE_MESSAGE_CHARS = 300;

/** A wait in the unit a person would say it in: "45 seconds", "5 minutes", "2 hours". */
export function formatSeconds(seconds: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 120) return plural(whole, "second");
  if (whole < 2 * 3_600) return plural(Math.ceil(whole / 60), "minute");
  // A service asking for days (or a garbled header) is not worth converting into a date.
  if (whole <= 48 * 3_600) return plural(Math.ceil(whole / 3_600), "hour");
  return "a day or more";
}

/**
 * A limit as it was set, exactly: "30 minutes", "90 seconds", "2 hours". Unlike a wait
 * (formatSeconds, rounded up so nobody retries too early), a limit read back must not be rounded:
 * "took longer than 3 minutes" for a limit of 150 seconds would be wrong.
 */
export function formatLimit(ms: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds >= 2 * 3_600 && seconds % 3_600 === 0) return plural(seconds / 3_600, "hour");
  if (seconds >= 120 && seconds % 60 === 0) return plural(seconds / 60, "minute");
  return plural(seconds, "second");
}

export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} milliseconds`;
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} second${seconds === 1 ? "" : "s"}`;
}

/** Sizes in the unit people know from files: binary megabytes, called MB as Windows does. */
export function formatMegabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A text to quote inside a sentence: without its final full stop and spaces. */
export function sentence(text: string): string {
  return text.trim().replace(/[.\s]+$/, "");
}

export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
