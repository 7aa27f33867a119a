/** Three projects so that `npm test` can run them apart and say which one failed. */
const tsJest = [
  "ts-jest",
  {
    // Type checking is `npm run lint`'s job: with isolatedModules ts-jest only transpiles,
    // which keeps the suite fast.
    tsconfig: { module: "commonjs", moduleResolution: "node10", allowJs: true, isolatedModules: true },
  },
];

const shared = {
  testEnvironment: "node",
  transform: { "^.+\\.[tj]sx?$": tsJest },
  moduleFileExtensions: ["ts", "tsx", "js", "mjs", "json"],
  // strip-bom (loaded by @microsoft/app-manifest, whose schema validation the manifest checks use)
  // ships only as an ES module: transpile it like our own files; every other package stays as is.
  transformIgnorePatterns: ["^(?!.*/node_modules/strip-bom/).*/node_modules/"],
  setupFiles: ["<rootDir>/test/support/fast-check-seed.ts"],
};

module.exports = {
  projects: [
    { ...shared, displayName: "unit", testMatch: ["<rootDir>/test/unit/**/*.test.ts"] },
    { ...shared, displayName: "integration", testMatch: ["<rootDir>/test/integration/**/*.test.ts"] },
    { ...shared, displayName: "e2e", testMatch: ["<rootDir>/test/e2e/**/*.test.ts"] },
  ],
};
