import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { REFRESH_NODE_FLAGS } from "../../../src/headless/node-flags";
import { refreshCommand, refreshCommandOf } from "../../../src/headless/refresh-child";

const REPO = path.resolve(__dirname, "../../..");

/** The scheduled refresh's child runs the command `npm run refresh-workbook` runs, with its heap settings. */
describe("the refresh command the host's child runs", () => {
  it("is the bundle's refresh-workbook.js beside build/host/server.js when the host runs from its bundle", () => {
    expect(refreshCommandOf("/opt/reporting-addin/build/host/server.js")).toEqual({
      args: [...REFRESH_NODE_FLAGS, "/opt/reporting-addin/build/host/refresh-workbook.js"],
    });
  });

  it("is src/headless/cli.ts through tsx, from the repository, when the host runs from the sources", () => {
    expect(refreshCommandOf("/repo/src/headless/refresh-child.ts")).toEqual({
      args: [...REFRESH_NODE_FLAGS, "--import", "tsx", "/repo/src/headless/cli.ts"],
      cwd: "/repo",
    });
  });

  it("from this checkout's sources, names the entry of npm run refresh-workbook", () => {
    const command = refreshCommand();
    const script = (
      JSON.parse(readFileSync(path.join(REPO, "package.json"), "utf8")) as { scripts: Record<string, string> }
    ).scripts["refresh-workbook"]!;
    expect(command.cwd).toBe(REPO);
    expect(`node ${command.args.join(" ")}`).toBe(
      script.replace("src/headless/cli.ts", path.join(REPO, "src/headless/cli.ts")),
    );
    expect(existsSync(command.args.at(-1)!)).toBe(true);
  });
});
