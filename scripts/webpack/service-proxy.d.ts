// Types of service-proxy.js for the TypeScript that imports it (its tests).
import type { Options } from "http-proxy-middleware";

export interface ProxyTarget {
  prefix: "/service/bearer" | "/service/legacy";
  targetEnv: "REPORTING_PROXY_TARGET" | "REPORTING_LEGACY_PROXY_TARGET";
  target: string | undefined;
}

/** The status and code the dev server answers when the service gives no answer. */
export function upstreamFailure(systemCode: string | undefined): { status: 502 | 504; code: string };

export function proxyTargets(env?: NodeJS.ProcessEnv): ProxyTarget[];

export function serviceProxyConfig(env?: NodeJS.ProcessEnv): (Options & { context: string[] })[];

export function unconfiguredProxyMiddlewares(
  env?: NodeJS.ProcessEnv,
): { name: string; path: string; middleware: (request: unknown, response: unknown) => void }[];
