import { lazyPart } from "./lazy-part";

/**
 * The tabs the pane's first view does not show, each fetched when first selected. Only the shell
 * (taskpane.ts) opens tabs; the actions a tab fetches on demand are in action-parts.ts, so that no
 * tab imports the module that imports it. Each import() is a chunk of its own (named here, hashed
 * by the build), loaded through the page's one webpack runtime.
 */
export const queryTabPart = lazyPart(() => import(/* webpackChunkName: "query-tab" */ "../tabs/query/query-tab"));
export const legacyTabPart = lazyPart(() => import(/* webpackChunkName: "legacy-tab" */ "../tabs/legacy/legacy-tab"));
export const queriesTabPart = lazyPart(
  () => import(/* webpackChunkName: "queries-tab" */ "../tabs/queries/queries-tab"),
);
