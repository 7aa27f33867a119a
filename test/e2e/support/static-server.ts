import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { listenOnLoopback, type LoopbackServer } from "../../support/loopback";

const MEDIA_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".png": "image/png",
  ".xml": "application/xml; charset=utf-8",
};

export type StaticServer = LoopbackServer;

/** Serves a built add-in directory on 127.0.0.1, as the dev server would (without HTTPS). */
export async function serveDirectory(root: string): Promise<StaticServer> {
  const base = normalize(root);
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
      const file = normalize(join(base, path === "/" ? "taskpane.html" : path));
      if (!file.startsWith(base + sep)) {
        res.writeHead(403).end();
        return;
      }
      try {
        const info = await stat(file);
        if (!info.isFile()) throw new Error("not a file");
        res.writeHead(200, {
          "Content-Type": MEDIA_TYPES[extname(file)] ?? "application/octet-stream",
          "Cache-Control": "no-store",
        });
        createReadStream(file).pipe(res);
      } catch {
        res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
      }
    })();
  });
  return listenOnLoopback(server);
}
