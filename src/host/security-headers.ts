import type { FastifyHelmetOptions } from "@fastify/helmet";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const SCRIPT_SOURCE = /<script\b[^>]*\bsrc=["']?(https:\/\/[^"'\s>/]+)/gi;

/**
 * Origins of the scripts the built page loads from elsewhere: Microsoft's Office.js CDN when the
 * build uses it (Office.js then loads its Excel files from the same origin), nothing when the
 * build carries its own copy under /office-js/. Read from the page rather than configured, so
 * the policy follows the build and allows nothing it does not load.
 */
export function externalScriptOrigins(staticDir: string): string[] {
  const page = readFileSync(join(staticDir, "taskpane.html"), "utf8");
  return [...new Set([...page.matchAll(SCRIPT_SOURCE)].map((match) => match[1]!.toLowerCase()))];
}

export interface PolicySources {
  /** Origins that frame the pane (Excel on the web). */
  frameAncestors: readonly string[];
  scriptOrigins: readonly string[];
  connectSources: readonly string[];
}

/**
 * The page runs only its own files and Office.js: no inline script, no eval, no plugins, nothing
 * fetched from another origin (the service is reached through this server's /service/ routes).
 * Office.js needs nothing more: it talks to Excel by postMessage (no directive), its inline
 * styling uses the CSSOM (`style.cssText`, which style-src does not govern), its loader never
 * fetches MicrosoftAjax from ajax.aspnetcdn.com (`requiresMsAjax` is a constant false in
 * office.debug.js), and the one frame it may open is its own "is this Office trusted" page
 * (AgaveErrorUX) beside office.js, hence frame-src. Its telemetry posts to
 * *.pipe.aria.microsoft.com are refused by connect-src unless added with --csp-connect-src.
 */
export function contentSecurityPolicy(sources: PolicySources): Record<string, string[]> {
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...sources.scriptOrigins],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'"],
    "img-src": ["'self'"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...sources.connectSources],
    "frame-src": ["'self'", ...sources.scriptOrigins],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'self'", ...sources.frameAncestors],
    "upgrade-insecure-requests": [],
  };
}

export function helmetOptions(sources: PolicySources): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(sources) },
    // Excel on the web shows the pane in a frame of its own origin: X-Frame-Options cannot name
    // another origin, and frame-ancestors above says who may frame it.
    frameguard: false,
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: "no-referrer" },
    // Answers stay readable by this origin only; office-metadata.ts opens the files Office's own
    // pages load (icons, functions.json, manifest.xml).
    crossOriginResourcePolicy: { policy: "same-origin" },
  };
}

/**
 * Headers this server sets on every answer of its origin (the policy above, helmet's others, and
 * the request id of access-log.ts): the service's own must not replace them on proxied answers,
 * and answers written below fastify (parser-refusals.ts) carry the same.
 */
export const HOST_OWNED_HEADERS: ReadonlySet<string> = new Set([
  "content-security-policy",
  "content-security-policy-report-only",
  "cross-origin-embedder-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "origin-agent-cluster",
  "referrer-policy",
  "strict-transport-security",
  "x-content-type-options",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
  "x-request-id",
]);
