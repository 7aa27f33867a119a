import type { IncomingMessage, ServerResponse } from "node:http";

/** An exact origin (`https://contoso.example`), `*` for any, or a pattern. */
export type OriginRule = string | RegExp;

/**
 * The add-in's development server and Office's web views load the pane from localhost, over
 * https in the dev build and plain http in some test setups.
 */
export const DEFAULT_ALLOWED_ORIGINS: readonly OriginRule[] = [
  /^https?:\/\/localhost(?::\d+)?$/,
  /^https?:\/\/127\.0\.0\.1(?::\d+)?$/,
  /^https?:\/\/\[::1\](?::\d+)?$/,
];

const ALLOWED_HEADERS = ["Authorization", "Content-Type", "Accept", "x-auth-apikey", "x-auth-secret"];
const EXPOSED_HEADERS = ["Content-Disposition", "Retry-After"];
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export function isAllowedOrigin(origin: string, rules: readonly OriginRule[]): boolean {
  return rules.some((rule) => (typeof rule === "string" ? rule === "*" || rule === origin : rule.test(origin)));
}

/** Adds the CORS headers an allowed origin needs to read any answer, error answers included. */
export function applyCors(req: IncomingMessage, res: ServerResponse, rules: readonly OriginRule[]): void {
  res.setHeader("Vary", "Origin");
  const origin = req.headers.origin;
  if (!origin || !isAllowedOrigin(origin, rules)) return;
  res.setHeader("Access-Control-Allow-Origin", origin);
  res.setHeader("Access-Control-Expose-Headers", EXPOSED_HEADERS.join(", "));
}

export function isPreflight(req: IncomingMessage): boolean {
  return (
    req.method === "OPTIONS" &&
    req.headers.origin !== undefined &&
    req.headers["access-control-request-method"] !== undefined
  );
}

/** Headers answering a preflight from an allowed origin for a route accepting `methods`. */
export function preflightHeaders(req: IncomingMessage, methods: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {
    "Access-Control-Allow-Methods": [...methods, "OPTIONS"].join(", "),
    "Access-Control-Allow-Headers": ALLOWED_HEADERS.join(", "),
    "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE_SECONDS),
  };
  // Chrome asks before a public https page reaches a loopback address (Private Network Access).
  if (req.headers["access-control-request-private-network"] === "true") {
    headers["Access-Control-Allow-Private-Network"] = "true";
  }
  return headers;
}
