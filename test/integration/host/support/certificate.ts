import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface TestCertificate {
  certFile: string;
  keyFile: string;
  /** The certificate itself, which clients trust as their only authority. */
  pem: Buffer;
}

/** A self-signed certificate for 127.0.0.1 and localhost, made by openssl as scripts/dev-cert.mjs does. */
export function makeCertificate(): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), "reporting-host-cert-"));
  const certFile = join(dir, "cert.pem");
  const keyFile = join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-sha256",
      "-days",
      "2",
      "-keyout",
      keyFile,
      "-out",
      certFile,
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
    ],
    { stdio: "pipe" },
  );
  return { certFile, keyFile, pem: readFileSync(certFile) };
}
