import { elementTable, spec } from "../../widgets/element-table";

/** Every element of taskpane.html the Legacy tab's code looks up by id, and the tag each must have. */
export const LEGACY_ELEMENTS = {
  actionProgress: spec("legacy-action-progress", "p"),
  applications: spec("legacy-applications", "div"),
  cancel: spec("legacy-cancel", "button"),
  content: spec("legacy-content", "div"),
  customRange: spec("legacy-custom-range", "div"),
  dateGroup: spec("legacy-date-group", "select"),
  dateOptions: spec("legacy-date-options", "div"),
  exportCsv: spec("legacy-export-csv", "button"),
  exportNote: spec("legacy-export-note", "p"),
  exportXlsx: spec("legacy-export-xlsx", "button"),
  exports: spec("legacy-exports", "span"),
  form: spec("legacy-form", "form"),
  formula: spec("legacy-formula", "textarea"),
  from: spec("legacy-from", "input"),
  groupAdd: spec("legacy-group-add", "select"),
  groupAddButton: spec("legacy-group-add-button", "button"),
  groups: spec("legacy-groups", "ol"),
  headers: spec("legacy-headers", "select"),
  headersNote: spec("legacy-headers-note", "p"),
  insertFormula: spec("legacy-insert-formula", "button"),
  insertGroup: spec("legacy-insert-group", "span"),
  insertTable: spec("legacy-insert-table", "button"),
  insertTableHint: spec("legacy-insert-table-hint", "p"),
  loadApplications: spec("legacy-load-applications", "button"),
  period: spec("legacy-period", "select"),
  periodDates: spec("legacy-period-dates", "p"),
  preview: spec("legacy-preview", "button"),
  previewSection: spec("legacy-preview-section", "section"),
  previewSummary: spec("legacy-preview-summary", "p"),
  previewTable: spec("legacy-preview-table", "div"),
  signedOut: spec("legacy-signed-out", "p"),
  to: spec("legacy-to", "input"),
} as const;

/** The Legacy tab's elements, looked up in the page once, typed by their tags. */
export const legacyElements = elementTable(LEGACY_ELEMENTS);
