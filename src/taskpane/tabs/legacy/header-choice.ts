import { HEADER_STYLES, type HeaderStyle } from "../../../core/arguments/options";
import type { LegacyQueryModel } from "../../../core/formula-text";

/**
 * The Legacy tab's "Column headers" choice, as the Query tab's: the formula, the preview and the
 * exports follow it; Insert as table does not, since an Excel table needs its header row.
 */

/** The select's value as a header style; anything unknown reads as the default. */
export function headerStyleOf(value: string): HeaderStyle {
  return (HEADER_STYLES as readonly string[]).includes(value) ? (value as HeaderStyle) : "readable";
}

/** The form's model with its header choice; readable, the default, is left out of the formula. */
export function withHeaders(model: LegacyQueryModel, headers: HeaderStyle): LegacyQueryModel {
  return headers === "readable" ? model : { ...model, headers };
}

/** The query Insert as table fetches: whatever the choice, with the readable header row a table keeps. */
export function tableModelOf(model: LegacyQueryModel): LegacyQueryModel {
  const { headers: _headers, ...rest } = model;
  return rest;
}

/** The note next to the choice that Insert as table keeps its header is shown for "None" only. */
export function tableHeaderNoteShown(headers: HeaderStyle): boolean {
  return headers === "none";
}
