/**
 * Keeps tokens, API keys and secrets out of messages, bodies and logs. Two layers, because
 * either alone leaks: exact values the caller registers (the credentials it holds), and
 * patterns that catch credentials the caller does not know about (a proxy echoing another
 * user's token, a header dump in an HTML error page, a password in a URL).
 */

export const REDACTED = "[REDACTED]";

const HEX64_UUID_TOKEN =
  /\b[0-9a-fA-F]{64}_[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b/g;
const BEARER = /\b(Bearer)(\s+)[^\s"',;<>]+/gi;
// `x-auth-secret: v`, `"x-auth-secret":"v"`, `apiKey=v` (header dumps, JSON bodies, query strings).
const NAMED_VALUE = new RegExp(
  `(["']?\\b(?:x-auth-apikey|x-auth-secret|access_token|api_?key|api_?secret|client_secret|password|token)["']?\\s*[:=]\\s*["']?)([^\\s"'&,;<>}]+)`,
  "gi",
);
// `Authorization: <scheme> <credentials>` whatever the scheme (Basic carries a password): the
// whole value goes, up to its closing quote or the end of the line.
const AUTHORIZATION_VALUE = /(["']?\bauthorization["']?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\r\n"'&,;<>}]+)/gi;
// `https://user:password@host`: fetch quotes the whole URL when it refuses one with credentials.
// The user name goes too: with some proxies it is itself the key.
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>]+@/gi;

/**
 * A leaked run of at least this many characters of a registered secret is hidden, wherever it
 * starts: a proxy that wraps long header values, or a log line cut at its width, shows half a
 * token. Shorter runs would hide ordinary words of short secrets.
 */
const MIN_PIECE_LENGTH = 12;
/** Shorter base64 pieces (of a secret set among other bytes) would match ordinary text. */
const MIN_BASE64_PIECE_LENGTH = 8;

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

const BASE64_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Base64 without padding, written here because `btoa` refuses characters beyond Latin-1. */
function base64(bytes: Uint8Array): string {
  let out = "";
  for (let index = 0; index < bytes.length; index += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[index], bytes[index + 1], bytes[index + 2]];
    const triple = (a << 16) | (b << 8) | c;
    const chars = Math.ceil((Math.min(3, bytes.length - index) * 8) / 6);
    for (let char = 0; char < chars; char += 1) out += BASE64_ALPHABET[(triple >> (18 - 6 * char)) & 63];
  }
  return out;
}

/**
 * What base64 (and base64url) makes of `secret`: its whole encoding, and wherever it sits in
 * the encoded bytes, at each of the three alignments, the characters that depend on the
 * secret's bytes alone. Basic auth encodes `user:secret`, which does not contain the secret's
 * own encoding unless the user name happens to be a multiple of three bytes long.
 */
function base64Pieces(secret: string): string[] {
  const bytes = new TextEncoder().encode(secret);
  const padded = `${base64(bytes)}${"=".repeat((3 - (bytes.length % 3)) % 3)}`;
  const pieces = [padded];
  for (let offset = 0; offset < 3; offset += 1) {
    const shifted = new Uint8Array(offset + bytes.length);
    shifted.set(bytes, offset);
    const first = Math.ceil((offset * 8) / 6);
    const end = Math.floor(((offset + bytes.length) * 8) / 6);
    const piece = base64(shifted).slice(first, end);
    if (piece.length >= MIN_BASE64_PIECE_LENGTH) pieces.push(piece);
  }
  return pieces.flatMap((piece) => [piece, piece.replace(/\+/g, "-").replace(/\//g, "_")]);
}

/** Where a window of MIN_PIECE_LENGTH characters occurs in a registered secret. */
interface PieceOwner {
  secret: string;
  at: number;
}

function sameLetter(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();
}

export function createRedactor(secrets: readonly (string | undefined)[] = []): Redactor {
  const known = new Set<string>();
  const pieceOwners = new Map<string, PieceOwner[]>();
  let whole: RegExp | undefined;
  let pieces: RegExp | undefined;
  // A secret is worked into the patterns when a text is first redacted after it was added, not
  // when it is added: every client registers its credentials, most never redact anything (a
  // request that succeeds), and the feed makes a client per request (its variants, windows and
  // patterns cost about 0.3 ms of a 1,440-row page).
  const pending: string[] = [];

  const learn = (secret: string) => {
    const variants = [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1), ...base64Pieces(secret)];
    for (const variant of variants) known.add(variant);
    for (let at = 0; at + MIN_PIECE_LENGTH <= secret.length && secret.length > MIN_PIECE_LENGTH; at += 1) {
      const window = secret.slice(at, at + MIN_PIECE_LENGTH).toLowerCase();
      pieceOwners.set(window, [...(pieceOwners.get(window) ?? []), { secret, at }]);
    }
  };

  const rebuild = () => {
    for (const secret of pending.splice(0)) learn(secret);
    // Longest first, so that a secret containing another is hidden whole.
    const alternatives = [...known].sort((a, b) => b.length - a.length).map(escapeRegExp);
    // Case-insensitive: services and proxies echo header values upper-cased or lower-cased.
    whole = alternatives.length > 0 ? new RegExp(alternatives.join("|"), "gi") : undefined;
    const windows = [...pieceOwners.keys()].map(escapeRegExp);
    pieces = windows.length > 0 ? new RegExp(windows.join("|"), "gi") : undefined;
  };

  const addSecret = (untrimmed: string | undefined) => {
    // Headers are sent trimmed; and a blank "secret" would hide every space of every message.
    const secret = untrimmed?.trim();
    if (secret) pending.push(secret);
  };

  /** Hides each run of 12+ characters of a secret, grown to all of the run, not just the 12 matched. */
  const hidePieces = (text: string): string => {
    if (!pieces) return text;
    let out = "";
    let done = 0;
    pieces.lastIndex = 0;
    for (let match = pieces.exec(text); match !== null; match = pieces.exec(text)) {
      let start = match.index;
      let end = start + match[0].length;
      for (const owner of pieceOwners.get(match[0].toLowerCase()) ?? []) {
        let from = match.index;
        let to = match.index + match[0].length;
        for (let at = owner.at; from > done && at > 0 && sameLetter(text[from - 1], owner.secret[at - 1]); at -= 1)
          from -= 1;
        for (let at = owner.at + match[0].length; to < text.length && sameLetter(text[to], owner.secret[at]); at += 1)
          to += 1;
        if (to - from > end - start) [start, end] = [from, to];
      }
      out += `${text.slice(done, start)}${REDACTED}`;
      done = end;
      pieces.lastIndex = end;
    }
    return out + text.slice(done);
  };

  const redact = (text: string): string => {
    if (pending.length > 0) rebuild();
    let result = whole ? text.replace(whole, REDACTED) : text;
    result = hidePieces(result);
    result = result
      .replace(URL_USERINFO, `$1${REDACTED}@`)
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
