import { createProxyMiddleware } from "http-proxy-middleware";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { serviceProxyConfig } from "../../../scripts/webpack/service-proxy";
import { closedPort, listenOnLoopback, type LoopbackServer } from "../../support/loopback";

/** The dev server's proxy route as webpack-dev-server mounts it (http-proxy-middleware 2), on a plain HTTP server. */
async function startDevProxy(target: string): Promise<LoopbackServer> {
  const [config] = serviceProxyConfig({ REPORTING_PROXY_TARGET: target });
  const proxy = createProxyMiddleware(config!.context, { ...config, logLevel: "silent" });
  const handle = proxy as unknown as (request: IncomingMessage, response: ServerResponse, next: () => void) => void;
  return listenOnLoopback(
    createServer((request, response) => handle(request, response, () => response.writeHead(404).end())),
  );
}

describe("the dev server's proxy when the service gives no answer", () => {
  it("answers a refused connection with the add-in server's code, so the pane says the same behind either", async () => {
    const proxy = await startDevProxy(`http://127.0.0.1:${await closedPort()}/api`);
    try {
      const answer = await fetch(`${proxy.origin}/service/bearer/dates`);
      expect(answer.status).toBe(502);
      expect(await answer.json()).toEqual({
        error: { code: "upstream_refused", message: expect.stringContaining("(ECONNREFUSED)") },
      });
    } finally {
      await proxy.close();
    }
  });

  it("answers a host name that names no computer with upstream_unknown_host", async () => {
    // .invalid never resolves (RFC 2606): the lookup fails whether or not this machine has a network.
    const proxy = await startDevProxy("https://reporting.invalid/api");
    try {
      const answer = await fetch(`${proxy.origin}/service/bearer/dates`);
      expect(answer.status).toBe(502);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe("upstream_unknown_host");
    } finally {
      await proxy.close();
    }
  });
});
