import { lazyPart } from "../../shell/lazy-part";

/**
 * The actions a tab fetches when their button is first pressed: the first view does not need
 * them. Tabs import this module, and the shell imports the tabs (tab-parts.ts): kept apart so
 * that no import cycle runs through the pane. Each import() is a chunk of its own.
 */
export const tableEditPart = lazyPart(() => import(/* webpackChunkName: "table-edit" */ "./table-edit"));
export const tableInsertPart = lazyPart(() => import(/* webpackChunkName: "table-insert" */ "./table-insert"));
export const freezePart = lazyPart(() => import(/* webpackChunkName: "freeze" */ "./freeze-action"));
export const formulaEditPart = lazyPart(() => import(/* webpackChunkName: "formula-edit" */ "./formula-edit"));
