// Types of feed-proxy.js for the TypeScript that imports it (its tests).
import type { Options } from "http-proxy-middleware";

export const FEED_TARGET_ENV: "REPORTING_FEED_TARGET";

export function feedProxyConfig(env?: NodeJS.ProcessEnv): (Options & { context: string[] })[];
