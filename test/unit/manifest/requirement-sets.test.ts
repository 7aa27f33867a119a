import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { REQUIRED_SETS } from "../../../scripts/manifest-checks";

const projectRoot = join(__dirname, "..", "..", "..");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

const minor = (version: string) => Number(version.split(".")[1]);

/**
 * The manifest admits only hosts with these sets (Microsoft 365, Office 2021), so a feature check
 * at or below them is always true: its other branch is dead code no host can reach.
 */
describe("the requirement sets the code checks", () => {
  const manifest = readFileSync(join(projectRoot, "manifest.xml"), "utf8");

  it("are those the manifest requires, Office 2021's included", () => {
    for (const { name, minVersion } of REQUIRED_SETS)
      expect(manifest).toContain(`<Set Name="${name}" MinVersion="${minVersion}"/>`);
    expect(REQUIRED_SETS).toEqual(
      expect.arrayContaining([
        { name: "ExcelApi", minVersion: "1.14" },
        { name: "CustomFunctionsRuntime", minVersion: "1.3" },
      ]),
    );
  });

  it("never ask for a set every admitted host has", () => {
    const needless: string[] = [];
    for (const file of sourceFiles(join(projectRoot, "src"))) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/isSetSupported\(\s*"(\w+)",\s*"(\d+\.\d+)"\s*\)/g)) {
        // SharedRuntime 1.1 is asked for to tell Excel from a plain page, where no set is there.
        const required = REQUIRED_SETS.find((set) => set.name === match[1] && set.name !== "SharedRuntime");
        if (required && minor(match[2]!) <= minor(required.minVersion))
          needless.push(`${relative(projectRoot, file)}: ${match[1]} ${match[2]}`);
      }
    }
    expect(needless).toEqual([]);
  });
});
