/**
 * The V8 heap settings the headless refresh runs with, wherever it is launched: the
 * `refresh-workbook` npm script (and so the cron line of docs/headless-refresh.md), the systemd
 * service in deploy/, and the bench that measures it. Node's defaults let the young generation
 * grow to semi-spaces of 16 MB and the old one to about four times what it holds alive before a
 * full collection: for a refresh that streams 100,000 rows through small short-lived pieces, that
 * is 50 to 70 MB of garbage not yet collected, against a few MB alive. Semi-spaces of 2 MB and an
 * old generation collected once it grows 30 % keep the peak near what is alive, for more frequent
 * (and cheaper) collections. A 1 MB semi-space does worse: more pieces outlive two young
 * collections and are promoted. Neither flag is a cap: a larger workbook still gets the memory
 * it needs.
 */
export const REFRESH_NODE_FLAGS = ["--max-semi-space-size=2", "--heap-growing-percent=30"] as const;
