import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { BearerCredential, DemoCredentials, LegacyCredential } from "../store/types";
import { unauthorized } from "./errors";

const BEARER_CHALLENGE = 'Bearer realm="reporting"';

function digest(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

// Comparing digests of equal length keeps the time taken independent of how much matched.
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export interface Caller<Credential> {
  credential: Credential;
  /** Identifies the credential for rate limiting without keeping the secret itself around. */
  key: string;
}

export function bearerCaller(req: IncomingMessage, credentials: DemoCredentials): Caller<BearerCredential> {
  const authorization = header(req, "authorization");
  if (!authorization) {
    throw unauthorized(
      "This request carries no credential. Send the header Authorization: Bearer <your access token>.",
      BEARER_CHALLENGE,
    );
  }
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
  if (!match) {
    throw unauthorized("The Authorization header must read Bearer followed by your access token.", BEARER_CHALLENGE);
  }
  const token = match[1]!;
  const credential = credentials.bearer.find((candidate) => sameSecret(token, candidate.token));
  if (!credential) {
    throw unauthorized(
      "The access token was not recognised. Check that it was copied whole, or ask for a new one.",
      BEARER_CHALLENGE,
    );
  }
  return { credential, key: `bearer:${digest(token).toString("hex")}` };
}

export function legacyCaller(req: IncomingMessage, credentials: DemoCredentials): Caller<LegacyCredential> {
  const apiKey = header(req, "x-auth-apikey");
  const apiSecret = header(req, "x-auth-secret");
  if (!apiKey || !apiSecret) {
    throw unauthorized(
      "This request needs both headers x-auth-apikey and x-auth-secret, with your API key and secret.",
    );
  }
  const credential = credentials.legacy.find(
    // Both comparisons always run, so a known key with a wrong secret takes as long as an unknown key.
    (candidate) => Number(sameSecret(apiKey, candidate.apiKey)) & Number(sameSecret(apiSecret, candidate.apiSecret)),
  );
  if (!credential) {
    throw unauthorized("The API key and secret were not recognised. Check that both were copied whole.");
  }
  return { credential, key: `legacy:${digest(apiKey).toString("hex")}` };
}
