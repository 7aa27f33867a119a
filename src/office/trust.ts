/**
 * A workbook that holds the add-in's functions, or loads it when it opens, shows colleagues who
 * lack the add-in a trust prompt or "ADD-IN ERROR" (office-js issues 1542, 3558). The document
 * setting `Office.DisableTrustUX`, saved with the file, stops the prompt: it is set the first
 * time the add-in makes the workbook depend on it (a formula, a table that refreshes, refresh on
 * open, a freeze), never read back as a choice of the user's.
 */
export const DISABLE_TRUST_UX = "Office.DisableTrustUX";

/**
 * Best effort, and never an error: it runs after the user's own write has succeeded (a formula,
 * a table), and a file whose settings cannot be saved (opened read-only) must not turn that
 * success into a failure the user would retry, making a second table. The setting stays set in
 * the open document, and Excel writes it with the file when the user saves.
 */
export async function quietForColleaguesWithoutAddin(): Promise<void> {
  if (typeof Office === "undefined") return;
  const settings = Office.context?.document?.settings;
  if (!settings || settings.get(DISABLE_TRUST_UX) === true) return;
  settings.set(DISABLE_TRUST_UX, true);
  // Resolves whatever the outcome: see above.
  await new Promise<void>((resolve) => settings.saveAsync(() => resolve()));
}
