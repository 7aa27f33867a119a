import { readFileSync } from "node:fs";
import path from "node:path";
import { REFRESH_NODE_FLAGS } from "../../../src/headless/node-flags";

const REPO = path.resolve(__dirname, "../../..");
const read = (file: string) => readFileSync(path.join(REPO, file), "utf8");
const node = `node ${REFRESH_NODE_FLAGS.join(" ")} `;

/** The memory the bench measures is the command's only if every way of running it uses its heap settings. */
describe("the headless refresh's V8 heap settings", () => {
  it("are those of the npm script, which the docs' cron line runs", () => {
    const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
    expect(scripts["refresh-workbook"]).toBe(`${node}--import tsx src/headless/cli.ts`);
    const cron = read("docs/headless-refresh.md")
      .split("\n")
      .filter((line) => /^[\d*]+ [\d*]+ .*refresh-workbook/.test(line));
    expect(cron.length).toBeGreaterThan(0);
    for (const line of cron) expect(line).toContain("npm run -s refresh-workbook --");
  });

  it("are those of the systemd service", () => {
    const exec = read("deploy/reporting-refresh.service")
      .split("\n")
      .find((line) => line.startsWith("ExecStart="));
    expect(exec).toContain(`/usr/bin/${node}build/host/refresh-workbook.js`);
  });
});
