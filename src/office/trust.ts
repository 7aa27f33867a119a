/**
 * A workbook that holds the add-in's functions, or loads it when it opens, shows colleagues who
 * lack the add-in a trust prompt or "ADD-IN ERROR" (office-js issues 1542, 3558). The document
 * setting `Office.DisableTrustUX`, saved with the file, stops the prompt: it is set the first
 * time the add-in makes the workbook depend on it (a formula, a table that refreshes, refresh on
 * open, a freeze), never read back as a choice of the user's.
 */
export const DISABLE_TRUST_UX = "Office.DisableTrustUX";

export async function quietForColleaguesWithoutAddin(): Promise<void> {
  if (typeof Office === "undefined") return;
  const settings = Office.context?.document?.settings;
  if (!settings || settings.get(DISABLE_TRUST_UX) === true) return;
  settings.set(DISABLE_TRUST_UX, true);
  await new Promise<void>((resolve, reject) =>
    // "failed" is Office.AsyncResultStatus.Failed, compared as text as in query-store.ts.
    settings.saveAsync((result) => (String(result.status) === "failed" ? reject(new Error(result.error?.message)) : resolve())),
  );
}
