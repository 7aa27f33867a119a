import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_OFFICE_ORIGINS, originAllowed } from "../../../src/host/office-origins";
import { contentSecurityPolicy } from "../../../src/host/security-headers";

const NGINX_HEADERS = join(__dirname, "..", "..", "..", "deploy", "nginx", "reporting-addin-headers.conf");

function defaultFrameAncestors(): string[] {
  return contentSecurityPolicy({ frameAncestors: DEFAULT_OFFICE_ORIGINS, scriptOrigins: [], connectSources: [] })[
    "frame-ancestors"
  ]!;
}

describe("the Office origins allowed by default", () => {
  // Excel inside Teams on the web: Teams' page frames Excel on the web, which frames the pane, and
  // frame-ancestors must allow every ancestor up to the top page.
  it.each([
    "https://teams.microsoft.com",
    "https://gov.teams.microsoft.com",
    "https://www.microsoft365.com",
    "https://teams.cloud.microsoft",
  ])("let %s frame the pane (Microsoft's list for Teams and Microsoft 365 hosts)", (origin) => {
    expect(originAllowed(origin, defaultFrameAncestors())).toBe(true);
  });

  it("still refuse look-alike and plain-HTTP origins", () => {
    for (const origin of [
      "https://teams.microsoft.com.evil.example",
      "https://evilteams.microsoft.com",
      "http://teams.microsoft.com",
    ]) {
      expect([origin, originAllowed(origin, DEFAULT_OFFICE_ORIGINS)]).toEqual([origin, false]);
    }
  });

  it("are the frame-ancestors of the nginx configuration that spells out the host's headers", () => {
    const policy = /Content-Security-Policy "([^"]+)"/.exec(readFileSync(NGINX_HEADERS, "utf8"))?.[1] ?? "";
    const directive = policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .find(([name]) => name === "frame-ancestors");
    expect(directive?.slice(1)).toEqual(defaultFrameAncestors());
  });
});
