import { readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";

// What `npm ci` on a clean clone (CI, and a team's IT deploying with `npm ci --omit=dev`) needs
// from package-lock.json, checked without the network: npm ci refuses a lock file that lacks an
// optional package of another platform, and a package whose engines exclude the Node the README
// promises prints EBADENGINE and may not run.

interface LockedPackage {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  engines?: { node?: string } | string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

interface PackageJson {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

const projectRoot = join(__dirname, "..", "..", "..");
const lock = JSON.parse(readFileSync(join(projectRoot, "package-lock.json"), "utf8")) as {
  lockfileVersion: number;
  packages: Record<string, LockedPackage>;
};
const packageJson = JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8")) as PackageJson;

/** Where Node would find `name` from the package installed at `fromPath` (nested first, then up). */
function resolveLocked(packages: Record<string, LockedPackage>, fromPath: string, name: string): string | undefined {
  let base = fromPath;
  for (;;) {
    const candidate = base === "" ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (base === "") return undefined;
    const parent = base.lastIndexOf("/node_modules/");
    base = parent === -1 ? "" : base.slice(0, parent);
  }
}

/** The lowest Node version of each alternative of a range (`^20.19.0 || >=24` gives 20.19.0 and 24.0.0). */
function lowestVersionsOf(range: string): string[] {
  return new semver.Range(range).set.map(
    (comparators) => semver.minVersion(comparators.map((c) => c.value).join(" "))!.version,
  );
}

describe("package-lock.json", () => {
  it("is a lockfile npm 7 and later read in full (v3)", () => {
    expect(lock.lockfileVersion).toBe(3);
  });

  it("lists every optional package of every platform, so npm ci accepts it on any machine", () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolveLocked(lock.packages, path, name)) missing.push(`${name} (wanted by ${path || "the project"})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("locks every dependency of package.json at a version its range admits", () => {
    const wanted = { ...packageJson.dependencies, ...packageJson.devDependencies };
    const outOfStep = Object.entries(wanted).filter(([name, range]) => {
      const locked = lock.packages[`node_modules/${name}`]?.version;
      return !locked || !semver.satisfies(locked, range, { includePrerelease: true });
    });
    expect(outOfStep).toEqual([]);
  });

  it("keeps the runtime dependencies out of the development-only set (npm ci --omit=dev installs them)", () => {
    const devOnly = Object.keys(packageJson.dependencies).filter((name) => lock.packages[`node_modules/${name}`]?.dev);
    expect(devOnly).toEqual([]);
  });

  it("holds no package whose engines exclude a Node version package.json promises", () => {
    const promised = lowestVersionsOf(packageJson.engines.node);
    expect(promised.length).toBeGreaterThan(0);
    const refusing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!path || !range) continue;
      const excluded = promised.filter((version) => !semver.satisfies(version, range));
      if (excluded.length > 0)
        refusing.push(`${path}@${entry.version} wants node ${range}, not ${excluded.join(", ")}`);
    }
    expect(refusing).toEqual([]);
  });
});

describe("the helpers of this test", () => {
  it("resolves a nested copy before the hoisted one, as Node does", () => {
    const packages = { "node_modules/a": {}, "node_modules/b": {}, "node_modules/a/node_modules/b": {} };
    expect(resolveLocked(packages, "node_modules/a", "b")).toBe("node_modules/a/node_modules/b");
    expect(resolveLocked(packages, "node_modules/b", "a")).toBe("node_modules/a");
    expect(resolveLocked(packages, "", "c")).toBeUndefined();
  });

  it("finds the lowest version of each alternative of a range", () => {
    expect(lowestVersionsOf("^20.19.0 || ^22.13.0 || >=24")).toEqual(["20.19.0", "22.13.0", "24.0.0"]);
    expect(lowestVersionsOf(">=20")).toEqual(["20.0.0"]);
  });
});
