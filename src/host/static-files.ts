import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { basename } from "node:path";

/** webpack's `[name].[contenthash:8].js` (and its source map): a new name for every new content. */
const CONTENT_HASHED = /\.[0-9a-f]{8}\.(?:js|css)(?:\.map)?$/;

/**
 * Hashed bundles are cached for good; every other file keeps its name across releases
 * (taskpane.html, functions.js and functions.json named by the manifest, manifest.xml, the icons,
 * Office.js's own files) and is revalidated with its ETag on each use.
 */
export function cacheControlFor(filePath: string): string {
  return CONTENT_HASHED.test(basename(filePath)) ? "public, max-age=31536000, immutable" : "no-cache";
}

export async function registerStaticFiles(app: FastifyInstance, staticDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: staticDir,
    index: ["taskpane.html"],
    cacheControl: false,
    serveDotFiles: false,
    setHeaders(reply, filePath) {
      reply.header("cache-control", cacheControlFor(filePath));
    },
  });
}
