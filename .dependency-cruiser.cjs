/**
 * Import cycles (npm run lint). The layer rules live in eslint.config.mjs; this checks what ESLint
 * cannot see across files: a module that, through others, imports itself. Type-only imports count
 * too (tsPreCompilationDeps), because a cycle of types is still two modules that cannot be read,
 * moved or tested apart. test/unit/lint/import-cycles.test.ts plants a cycle to show this fails.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A module imports itself through others: move the shared piece into a module both can import.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
  },
};
