import { elementTable, spec } from "../../widgets/element-table";

/** Every element of taskpane.html the Queries tab's code looks up by id, and the tag each must have. */
export const QUERIES_ELEMENTS = {
  cancel: spec("queries-cancel", "button"),
  changeThreshold: spec("queries-change-threshold", "input"),
  checkFrozen: spec("queries-check-frozen", "button"),
  empty: spec("queries-empty", "p"),
  formulas: spec("queries-formulas", "p"),
  formulasTitle: spec("queries-formulas-title", "h2"),
  frozenResults: spec("queries-frozen-results", "ul"),
  panel: spec("panel-queries", "section"),
  progress: spec("queries-progress", "div"),
  progressBar: spec("queries-progress-bar", "progress"),
  progressText: spec("queries-progress-text", "p"),
  refreshAll: spec("queries-refresh-all", "button"),
  refreshOnOpen: spec("queries-refresh-on-open", "input"),
  reload: spec("queries-reload", "button"),
  results: spec("queries-results", "ul"),
  saved: spec("queries-saved", "ul"),
  savedEmpty: spec("queries-saved-empty", "p"),
  tables: spec("queries-tables", "ul"),
  unreadable: spec("queries-unreadable", "p"),
} as const;

/** The Queries tab's elements, looked up in the page once, typed by their tags. */
export const queriesElements = elementTable(QUERIES_ELEMENTS);
