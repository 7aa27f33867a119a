import { createRedactor, type Redactor } from "../../client/redact";

/** The query parameter of Power Query's "Web API" key form (its ApiKeyName), documented in docs/power-query.md. */
export const API_KEY_PARAMETER = "access_token";

/** What a request carries, read from wherever Power Query or another client puts it. */
export interface FeedCredentials {
  /** The bearer token: the Basic password, a Bearer header, or the Web API key. */
  token: string | undefined;
  /** The Basic user name: for `LegacyStats`, the legacy API key (the password is then its secret). */
  user: string | undefined;
  /** Hides every form of these credentials from any text the feed answers or logs. */
  redactor: Redactor;
}

function basicPair(value: string): { user: string; password: string } | undefined {
  let decoded: string;
  try {
    decoded = Buffer.from(value, "base64").toString("utf8");
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * The credentials of one request: HTTP Basic (Power Query's "Basic": password = the token, any
 * user name), `Bearer <token>`, or the Web API key as `?access_token=`. A header wins over the
 * query parameter. They are used for this request only: nothing is kept once it is answered.
 */
export function readFeedCredentials(
  authorization: string | undefined,
  custom: ReadonlyMap<string, string>,
): FeedCredentials {
  const secrets: (string | undefined)[] = [authorization];
  let token: string | undefined;
  let user: string | undefined;
  const header = authorization?.trim() ?? "";
  const space = header.indexOf(" ");
  const scheme = space < 0 ? header : header.slice(0, space);
  const value = space < 0 ? "" : header.slice(space + 1).trim();
  if (scheme.toLowerCase() === "basic" && value) {
    const pair = basicPair(value);
    // A user name may be a key pasted in the wrong box; a short one ("x", "me") is any user name,
    // and hiding it would blank out every such word of a message.
    secrets.push(value, pair?.password, pair && pair.user.trim().length >= 6 ? pair.user : undefined);
    if (pair) token = pair.password.trim() || undefined;
    user = pair?.user.trim() || undefined;
  } else if (scheme.toLowerCase() === "bearer" && value) {
    secrets.push(value);
    token = value;
  }
  // Any casing of the parameter's name, so that no spelling of it is sent on or echoed.
  const keys = [...custom].filter(([name]) => name.toLowerCase() === API_KEY_PARAMETER).map(([, key]) => key.trim());
  secrets.push(...keys);
  const key = keys.find((each) => each !== "");
  token ??= key;
  // Built on first use: most requests succeed and never need it.
  let redactor: Redactor | undefined;
  const lazy: Redactor = {
    addSecret: (secret) => (redactor ??= createRedactor(secrets)).addSecret(secret),
    redact: (text) => (redactor ??= createRedactor(secrets)).redact(text),
  };
  return { token, user, redactor: lazy };
}
