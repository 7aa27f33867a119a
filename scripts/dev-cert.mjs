// The HTTPS certificate of the development server. Office only loads add-ins over HTTPS, so
// `npm start` needs one for https://localhost:3000.
//
// 1. office-addin-dev-certs: makes a local CA and asks the OS to trust it (admin rights).
// 2. Where that fails (no sudo, CI, containers): a self-signed localhost certificate made with
//    openssl in .certs/ (git-ignored). Browsers and Office will not trust it until you do.
import { execFileSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const projectRoot = join(dirname(fileURLToPath(import.meta.url)), "..");

export const SELF_SIGNED_DIR = join(projectRoot, ".certs");
const SELF_SIGNED_CERT = join(SELF_SIGNED_DIR, "localhost.crt");
const SELF_SIGNED_KEY = join(SELF_SIGNED_DIR, "localhost.key");
const SELF_SIGNED_DAYS = 365;
/** Regenerate before expiry so a long-running dev server does not fail mid-session. */
const RENEW_WITHIN_MS = 7 * 24 * 60 * 60 * 1000;

/** Env vars through which `npm start` hands the chosen files to `webpack serve`. */
export const CERT_FILE_ENV = "REPORTING_DEV_CERT_FILE";
export const KEY_FILE_ENV = "REPORTING_DEV_KEY_FILE";
export const CA_FILE_ENV = "REPORTING_DEV_CA_FILE";

/**
 * @typedef {{ cert: Buffer, key: Buffer, ca?: Buffer, certFile: string, keyFile: string,
 *   caFile?: string, source: "env" | "office-addin-dev-certs" | "self-signed" }} DevCertificate
 */

/** @returns {DevCertificate | undefined} */
function fromEnv() {
  const certFile = process.env[CERT_FILE_ENV];
  const keyFile = process.env[KEY_FILE_ENV];
  if (!certFile || !keyFile) return undefined;
  const caFile = process.env[CA_FILE_ENV] || undefined;
  return {
    cert: readFileSync(certFile),
    key: readFileSync(keyFile),
    ca: caFile ? readFileSync(caFile) : undefined,
    certFile,
    keyFile,
    caFile,
    source: "env",
  };
}

/** @returns {Promise<DevCertificate>} */
async function fromOfficeAddinDevCerts() {
  const devCerts = require("office-addin-dev-certs");
  const options = await devCerts.getHttpsServerOptions();
  const {
    localhostCertificatePath,
    localhostKeyPath,
    caCertificatePath,
  } = require("office-addin-dev-certs/lib/defaults");
  return {
    cert: options.cert,
    key: options.key,
    ca: options.ca,
    certFile: localhostCertificatePath,
    keyFile: localhostKeyPath,
    caFile: caCertificatePath,
    source: "office-addin-dev-certs",
  };
}

function selfSignedIsFresh() {
  if (!existsSync(SELF_SIGNED_CERT) || !existsSync(SELF_SIGNED_KEY)) return false;
  try {
    const expires = Date.parse(new X509Certificate(readFileSync(SELF_SIGNED_CERT)).validTo);
    return expires - Date.now() > RENEW_WITHIN_MS;
  } catch {
    return false;
  }
}

/** @returns {DevCertificate} */
function selfSigned() {
  if (!selfSignedIsFresh()) {
    mkdirSync(SELF_SIGNED_DIR, { recursive: true });
    // stdio "pipe": openssl's progress dots are noise; its errors are rethrown below.
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
        String(SELF_SIGNED_DAYS),
        "-keyout",
        SELF_SIGNED_KEY,
        "-out",
        SELF_SIGNED_CERT,
        "-subj",
        "/CN=localhost",
        "-addext",
        "subjectAltName=DNS:localhost,IP:127.0.0.1",
      ],
      { stdio: "pipe" },
    );
  }
  return {
    cert: readFileSync(SELF_SIGNED_CERT),
    key: readFileSync(SELF_SIGNED_KEY),
    certFile: SELF_SIGNED_CERT,
    keyFile: SELF_SIGNED_KEY,
    source: "self-signed",
  };
}

/**
 * Finds or makes a certificate for https://localhost. Never throws for a failed trust-store
 * install; throws only when not even openssl can make one.
 * @param {{ log?: (line: string) => void, tryOfficeAddinDevCerts?: boolean }} [options]
 * @returns {Promise<DevCertificate>}
 */
export async function ensureDevCertificate({ log = console.log, tryOfficeAddinDevCerts = true } = {}) {
  const given = fromEnv();
  if (given) return given;
  if (tryOfficeAddinDevCerts) {
    try {
      return await fromOfficeAddinDevCerts();
    } catch (error) {
      log(`office-addin-dev-certs could not install a trusted certificate (${firstLine(error)}).`);
    }
  }
  try {
    const certificate = selfSigned();
    log(`Using a self-signed certificate: ${certificate.certFile}`);
    log("Your browser and Office will not trust it until you do: open https://localhost:3000 once and accept it,");
    log("or run `npx office-addin-dev-certs install` with administrator rights for a trusted one.");
    return certificate;
  } catch (error) {
    throw new Error(
      `Could not create a development certificate with openssl: ${firstLine(error)}. Install openssl and run npm start again.`,
      { cause: error },
    );
  }
}

function firstLine(error) {
  const text = error instanceof Error ? error.message : String(error);
  return (
    text
      .split("\n")
      .find((line) => line.trim() !== "")
      ?.trim() ?? text
  );
}
