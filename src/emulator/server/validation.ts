import type { z } from "zod";
import { badRequest, type Problem } from "./errors";

function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === "number") return `${text}[${key}]`;
    return text === "" ? String(key) : `${text}.${String(key)}`;
  }, "");
}

export function problemsOf(error: z.ZodError): Problem[] {
  return error.issues.map((issue) => ({ path: pathText(issue.path) || "(request)", message: issue.message }));
}

/** The parsed value, or a 400 listing every problem the shared schema found, each with its path. */
export function parseOrRefuse<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  what: string,
): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = problemsOf(parsed.error);
  const summary = problems.map((problem) => `${problem.path}: ${problem.message}`).join("; ");
  const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
  throw badRequest(
    `The ${what} has ${count}: ${summary}. Correct ${problems.length === 1 ? "it" : "them"} and send it again.`,
    problems,
  );
}
