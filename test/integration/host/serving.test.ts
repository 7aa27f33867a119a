import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { externalScriptOrigins } from "../../../src/host/security-headers";
import { buildPane } from "../../e2e/support/build-pane";
import { makeCertificate } from "./support/certificate";
import { startTestHost, type TestHost } from "./support/running-host";

jest.setTimeout(180_000);

const OFFICE_ORIGIN = "https://excel.officeapps.live.com";

/** Directive name to its sources, as a browser reads the header. */
function policyOf(header: string | string[] | undefined): Map<string, string[]> {
  const text = Array.isArray(header) ? header.join(";") : (header ?? "");
  return new Map(
    text
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0] !== "")
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe("the production host serving the built add-in over HTTPS", () => {
  let host: TestHost;
  let dist: string;
  let scripts: string[];

  beforeAll(async () => {
    dist = await buildPane();
    host = await startTestHost(makeCertificate(), ["--static-dir", dist]);
    const page = readFileSync(join(dist, "taskpane.html"), "utf8");
    scripts = [...page.matchAll(/<script\b[^>]*\bsrc=["']?([^"'\s>]+)/g)].map((match) => match[1]!);
  });

  afterAll(async () => {
    await host?.stop();
  });

  /** The access-log record of a request, once written (just after the answer). */
  async function loggedRequest(requestId: string): Promise<Record<string, unknown>> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const record = host.accessLog().find((entry) => entry.requestId === requestId);
      if (record) return record;
      if (Date.now() > deadline) throw new Error(`no access-log line for request ${requestId}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it("serves taskpane.html and every script it names; / is the pane too", async () => {
    const page = await host.send("/taskpane.html");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.text()).toBe(readFileSync(join(dist, "taskpane.html"), "utf8"));
    expect((await host.send("/")).text()).toBe(page.text());
    expect(scripts).toContain("functions.js");
    for (const script of scripts.filter((src) => !src.startsWith("https://"))) {
      expect([script, (await host.send(`/${script}`)).status]).toEqual([script, 200]);
    }
  });

  it("the built page has no inline script, so its policy needs neither 'unsafe-inline' nor a nonce", () => {
    const page = readFileSync(join(dist, "taskpane.html"), "utf8");
    const inline = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes, body]) => !/\bsrc=/.test(attributes!) || body!.trim() !== "",
    );
    expect(inline).toEqual([]);
    expect(page).not.toMatch(/\son[a-z]+=/i);
  });

  it("sends a Content-Security-Policy that runs the page's own scripts and Office.js, and nothing else", async () => {
    const policy = policyOf((await host.send("/taskpane.html")).headers["content-security-policy"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    // This build carries Office.js under /office-js/: no other origin may run a script.
    expect(policy.get("script-src")).toEqual(["'self'", ...externalScriptOrigins(dist)]);
    expect(policy.get("script-src-attr")).toEqual(["'none'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(
      expect.arrayContaining([
        "'self'",
        "https://*.officeapps.live.com",
        "https://*.sharepoint.com",
        "https://*.office.com",
      ]),
    );
    for (const sources of policy.values()) {
      expect(sources).not.toContain("'unsafe-eval'");
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources).not.toContain("*");
    }
  });

  it("takes Microsoft's CDN into script-src only when the build loads Office.js from it", () => {
    const cdnBuild = mkdtempSync(join(tmpdir(), "reporting-cdn-build-"));
    writeFileSync(
      join(cdnBuild, "taskpane.html"),
      '<script src="https://appsforoffice.microsoft.com/lib/1/hosted/office.js"></script><script src=runtime.0123abcd.js></script>',
    );
    expect(externalScriptOrigins(cdnBuild)).toEqual(["https://appsforoffice.microsoft.com"]);
    expect(externalScriptOrigins(dist)).toEqual(
      readFileSync(join(dist, "taskpane.html"), "utf8").includes("appsforoffice")
        ? ["https://appsforoffice.microsoft.com"]
        : [],
    );
  });

  it("sends HSTS, nosniff and no referrer, and lets Office frame the pane (no X-Frame-Options)", async () => {
    const { headers } = await host.send("/taskpane.html");
    expect(headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("no-referrer");
    expect(headers["x-frame-options"]).toBeUndefined();
    expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("caches hashed bundles for good and revalidates the files named from outside the build", async () => {
    const hashed = scripts.filter((src) => /\.[0-9a-f]{8}\.js$/.test(src));
    expect(hashed.length).toBeGreaterThanOrEqual(3);
    for (const script of hashed) {
      expect([script, (await host.send(`/${script}`)).headers["cache-control"]]).toEqual([
        script,
        "public, max-age=31536000, immutable",
      ]);
    }
    for (const path of ["/taskpane.html", "/functions.js", "/functions.json", "/manifest.xml", "/assets/icon-32.png"]) {
      const answer = await host.send(path);
      expect([path, answer.status, answer.headers["cache-control"]]).toEqual([path, 200, "no-cache"]);
      expect(answer.headers.etag).toBeDefined();
    }
  });

  it("compresses with brotli or gzip, as the browser asks", async () => {
    const raw = readFileSync(join(dist, "functions.js"));
    const brotli = await host.send("/functions.js", { headers: { "accept-encoding": "br, gzip" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.body.length).toBeLessThan(raw.length / 2);
    expect(brotliDecompressSync(brotli.body).equals(raw)).toBe(true);
    const gzip = await host.send("/functions.js", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(raw)).toBe(true);
    expect((await host.send("/functions.js")).headers["content-encoding"]).toBeUndefined();
    // The access log counts what was sent: the compressed body and the headers.
    const logged = await loggedRequest(brotli.headers["x-request-id"] as string);
    expect(logged.bytes).toBeGreaterThan(brotli.body.length);
    expect(logged.bytes).toBeLessThan(brotli.body.length + 2_000);
  });

  it("lets Excel on the web read functions.json, manifest.xml and the icons: CORS for an Office origin only", async () => {
    for (const path of ["/functions.json", "/manifest.xml", "/assets/icon-32.png"]) {
      const fromOffice = await host.send(path, { headers: { origin: OFFICE_ORIGIN } });
      expect([path, fromOffice.status, fromOffice.headers["access-control-allow-origin"]]).toEqual([
        path,
        200,
        OFFICE_ORIGIN,
      ]);
      expect(fromOffice.headers.vary).toMatch(/origin/i);
      expect(fromOffice.headers["cross-origin-resource-policy"]).toBe("cross-origin");
      const fromElsewhere = await host.send(path, { headers: { origin: "https://attacker.example" } });
      expect([path, fromElsewhere.status, fromElsewhere.headers["access-control-allow-origin"]]).toEqual([
        path,
        200,
        undefined,
      ]);
    }
    const sharePoint = await host.send("/functions.json", { headers: { origin: "https://contoso.sharepoint.com" } });
    expect(sharePoint.headers["access-control-allow-origin"]).toBe("https://contoso.sharepoint.com");
    // A look-alike that only ends with the same letters is not a subdomain.
    const lookalike = await host.send("/functions.json", { headers: { origin: "https://evilsharepoint.com" } });
    expect(lookalike.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("opens no other file to other origins: the pane and its scripts stay same-origin", async () => {
    const page = await host.send("/taskpane.html", { headers: { origin: OFFICE_ORIGIN } });
    expect(page.headers["access-control-allow-origin"]).toBeUndefined();
    expect(page.headers["cross-origin-resource-policy"]).toBe("same-origin");
  });

  it("answers /healthz without the service, what it offers at /host/capabilities, and 404 in the service's error shape", async () => {
    const health = await host.send("/healthz");
    expect([health.status, health.json()]).toEqual([200, { status: "ok" }]);
    // Started without service URLs: no proxy and no exports to offer.
    expect((await host.send("/host/capabilities")).json()).toEqual({ services: {} });
    const missing = await host.send("/no/such/file.js?token=abc");
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ error: { code: "not_found", message: "Nothing is served at /no/such/file.js." } });
    const unconfigured = await host.send("/service/bearer/stats", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(unconfigured.status).toBe(503);
    expect((unconfigured.json() as { error: { code: string } }).error.code).toBe("proxy_not_configured");
  });
});
