import { lazyPart } from "./lazy-part";

/**
 * The pane's parts that its first view does not need, each fetched when first used: a tab when
 * it is first selected, an action when its button is first pressed. Each import() is a chunk of
 * its own (named here, hashed by the build), loaded through the page's one webpack runtime.
 */
export const queryTabPart = lazyPart(() => import(/* webpackChunkName: "query-tab" */ "./query-tab"));
export const legacyTabPart = lazyPart(() => import(/* webpackChunkName: "legacy-tab" */ "./legacy-tab"));
export const queriesTabPart = lazyPart(() => import(/* webpackChunkName: "queries-tab" */ "./queries-tab"));
export const tableEditPart = lazyPart(() => import(/* webpackChunkName: "table-edit" */ "./table-edit"));
export const tableInsertPart = lazyPart(() => import(/* webpackChunkName: "table-insert" */ "./table-insert"));
export const freezePart = lazyPart(() => import(/* webpackChunkName: "freeze" */ "./freeze-action"));
export const formulaEditPart = lazyPart(() => import(/* webpackChunkName: "formula-edit" */ "./formula-edit"));
