import type { ProfileClients } from "../../../core/runtime/profile-clients";
import { elapsedText } from "../../widgets/elapsed-text";
import { fieldsToFix } from "./field-for-error";
import type { ProfileField, Side } from "./profile-fields";

/** What one interface of a profile answered when tried. */
export type SideResult = { side: Side; ok: true; reached: string[] } | { side: Side; ok: false; error: unknown };

/**
 * Tries every interface a profile has credentials for, at once: /details for the bearer
 * interface (the organizations reached), the applications for the legacy one. Never throws:
 * each side's failure is in its result.
 */
export async function checkConnection(clients: ProfileClients, signal: AbortSignal): Promise<SideResult[]> {
  const checks: Promise<SideResult>[] = [];
  const { reporting, legacy } = clients;
  if (reporting) {
    checks.push(
      reporting.details({ signal }).then(
        (details): SideResult => ({
          side: "reporting",
          ok: true,
          reached: details.organizations.map((organization) => organization.label),
        }),
        (error: unknown): SideResult => ({ side: "reporting", ok: false, error }),
      ),
    );
  }
  if (legacy) {
    checks.push(
      legacy.applications({ signal }).then(
        (answer): SideResult => ({
          side: "legacy",
          ok: true,
          reached: answer.applications.map((application) => `${application.name} (${application.platform})`),
        }),
        (error: unknown): SideResult => ({ side: "legacy", ok: false, error }),
      ),
    );
  }
  return Promise.all(checks);
}

export interface CheckProblem {
  side: Side;
  error: unknown;
  fields: ProfileField[];
}

/** The failed sides, each with the fields its error points to. */
export function problemsOf(results: readonly SideResult[]): CheckProblem[] {
  return results.flatMap((result) =>
    result.ok ? [] : [{ side: result.side, error: result.error, fields: fieldsToFix(result.error, result.side) }],
  );
}

/** Every field to mark, in the form's order of importance: the first is focused. */
export function fieldsToMark(problems: readonly CheckProblem[]): ProfileField[] {
  return [...new Set(problems.flatMap((problem) => problem.fields))];
}

export const SIDE_NAMES: Record<Side, string> = { reporting: "Reporting", legacy: "Legacy" };

/**
 * The time a test has taken, once it takes long enough to wonder ("4 s"); empty before. Kept
 * apart from the test's label, which is announced once, so that a screen reader does not read
 * out every tick.
 */
export function checkElapsedText(elapsedMs: number): string {
  return elapsedMs < 1_000 ? "" : elapsedText(elapsedMs);
}
