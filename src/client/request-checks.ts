import type { z } from "zod";
import { InvalidRequestError } from "./errors";
import { describeRequestIssue, type PlainIssue } from "./issues";
import type { Redactor } from "./redact";

/**
 * Checks made before anything is sent: the request against its schema from src/api, and the
 * connection settings. Every problem is listed at once, so that one correction suffices.
 */

/** `input` as its schema outputs it, or an InvalidRequestError listing every problem, plus `otherProblems`. */
export function validateRequest<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  redactor: Redactor,
  otherProblems: PlainIssue[] = [],
  renameField: (text: string) => string = (text) => text,
): z.output<Schema> {
  const result = schema.safeParse(input);
  const issues = (result.success ? [] : result.error.issues).map((issue) => {
    const plain = describeRequestIssue(issue, input);
    return { path: renameField(plain.path), message: renameField(plain.message) };
  });
  issues.push(...otherProblems);
  if (issues.length > 0 || !result.success) throw new InvalidRequestError({ issues, redactor });
  return result.data;
}

/** Problems with the service address and credentials, in words for the Connect pane. */
export function connectionProblems(
  baseUrl: string,
  credentials: { name: string; value: string | undefined }[],
): PlainIssue[] {
  const problems: PlainIssue[] = [];
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
    problems.push({
      path: "baseUrl",
      message:
        "the service address must be a web address starting with https:// (set it in the Reporting task pane, Connect)",
    });
  } else if (url.username !== "" || url.password !== "") {
    // fetch refuses such an address outright, quoting it (password included) in its error.
    problems.push({
      path: "baseUrl",
      message:
        "the service address must not hold a user name or password (before an @): remove them in the Reporting task pane, Connect",
    });
  }
  for (const { name, value } of credentials) {
    if (!value || value.trim() === "") {
      problems.push({ path: name, message: `the ${name} is missing: enter it in the Reporting task pane (Connect)` });
    }
  }
  return problems;
}

export function joinUrl(baseUrl: string, path: string, query?: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${path}${query ? `?${query}` : ""}`;
}

/** The user name and password written into an address, decoded, so that a redactor can hide them wherever they are echoed. */
export function credentialsInAddress(baseUrl: string): string[] {
  try {
    const url = new URL(baseUrl);
    return [url.username, url.password].filter((part) => part !== "").flatMap((part) => [part, safeDecode(part)]);
  } catch {
    return [];
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
