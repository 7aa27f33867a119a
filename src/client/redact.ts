/**
 * Keeps tokens, API keys and secrets out of messages, bodies and logs. Two layers, because
 * either alone leaks: exact values the caller registers (the credentials it holds), and
 * patterns that catch credentials the caller does not know about (a proxy echoing another
 * user's token, a header dump in an HTML error page).
 */

export const REDACTED = "[REDACTED]";

const HEX64_UUID_TOKEN = /\b[0-9a-fA-F]{64}_[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b/g;
const BEARER = /\b(Bearer)(\s+)[^\s"',;<>]+/gi;
// `x-auth-secret: v`, `"x-auth-secret":"v"`, `apiKey=v` (header dumps, JSON bodies, query strings).
const NAMED_VALUE = new RegExp(
  `(["']?\\b(?:x-auth-apikey|x-auth-secret|access_token|api_?key|api_?secret|client_secret|password|token)["']?\\s*[:=]\\s*["']?)([^\\s"'&,;<>}]+)`,
  "gi",
);
// `Authorization: <scheme> <credentials>` whatever the scheme (Basic carries a password): the
// whole value goes, up to its closing quote or the end of the line.
const AUTHORIZATION_VALUE = /(["']?\bauthorization["']?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\r\n"'&,;<>}]+)/gi;

function hideAuthorization(_match: string, name: string, value: string): string {
  const quote = value.startsWith('"') || value.startsWith("'") ? value[0]! : "";
  const inner = quote ? value.slice(1, -1) : value;
  // Bearer values were already hidden; keeping the word tells a reader which scheme was sent.
  const hidden = /^\s*Bearer \[REDACTED\]\s*$/.test(inner) ? inner : REDACTED;
  return `${name}${quote}${hidden}${quote}`;
}

export interface Redactor {
  /** Registers an exact value to hide from now on (trimmed); blank values are ignored. */
  addSecret(secret: string | undefined): void;
  redact(text: string): string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function createRedactor(secrets: readonly (string | undefined)[] = []): Redactor {
  const known = new Set<string>();
  let exact: RegExp | undefined;

  const rebuild = () => {
    // Longest first, so that a secret containing another is hidden whole.
    const alternatives = [...known].sort((a, b) => b.length - a.length).map(escapeRegExp);
    exact = alternatives.length > 0 ? new RegExp(alternatives.join("|"), "g") : undefined;
  };

  const addSecret = (untrimmed: string | undefined) => {
    // Headers are sent trimmed; and a blank "secret" would hide every space of every message.
    const secret = untrimmed?.trim();
    if (!secret) return;
    const variants = [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)];
    for (const variant of variants) known.add(variant);
    rebuild();
  };

  const redact = (text: string): string => {
    let result = exact ? text.replace(exact, REDACTED) : text;
    result = result
      .replace(HEX64_UUID_TOKEN, REDACTED)
      .replace(BEARER, `$1$2${REDACTED}`)
      .replace(NAMED_VALUE, `$1${REDACTED}`)
      .replace(AUTHORIZATION_VALUE, hideAuthorization);
    return result;
  };

  for (const secret of secrets) addSecret(secret);
  return { addSecret, redact };
}

/** Pattern-only redaction, for errors raised where no credentials are known. */
export const patternRedactor: Redactor = createRedactor();
