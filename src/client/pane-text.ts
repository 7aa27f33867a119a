/**
 * The task pane's wording of errors. A cell has 255 characters and no context, so its message
 * names routes and statuses; the pane has room and sits beside the Connect tab, so it speaks
 * of the profile's fields and keeps technical terms for a last "Reference for support: …".
 */

/** Where the user fixes a profile, as the pane names it. */
export const IN_PROFILE = "in the profile on the Connect tab";

/**
 * A service's words without the internal terms it may hold: a parameter name in parentheses,
 * `(maxPeriodDays)`, or an `(HTTP 404)`. Plain words in parentheses stay.
 */
export function withoutInternalTerms(text: string): string {
  return text
    .replace(/\s*\((?:HTTP \d{3}|[a-z]+(?:[A-Z_][A-Za-z0-9_]*)+)\)/g, "")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/**
 * The final part of a pane message, for a support ticket: what the user cannot act on but
 * support can (a status, a route, a code, the service's request id). Empty without parts.
 */
export function supportReference(parts: readonly (string | undefined | false)[]): string {
  const kept = parts.filter((part): part is string => typeof part === "string" && part.trim() !== "");
  return kept.length === 0 ? "" : ` Reference for support: ${kept.join(", ")}.`;
}

/** `HTTP 404 on /details`: the part of a reference every answered request has. */
export function answeredReference(status: number, route: string): string {
  return `HTTP ${status} on ${route}`;
}

/** `request abc-123`, when the service sent its id of the request. */
export function requestReference(requestId: string | undefined): string | undefined {
  return requestId === undefined ? undefined : `request ${requestId}`;
}
