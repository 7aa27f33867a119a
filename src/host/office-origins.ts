/**
 * The origins of Office's own pages. Excel on the web frames the pane from them (CSP
 * frame-ancestors must name every ancestor, up to the top page) and fetches functions.json from
 * them (office-js issue 3970: `https://excel.officeapps.live.com`; Excel-Custom-Functions issue
 * 212: `https://inc-excel.officeapps.live.com`). Microsoft publishes no complete list and the
 * names change (office-js-docs-pr issue 2956), so the list is a setting; these cover the commercial
 * cloud, personal OneDrive, the cloud.microsoft domain Microsoft is moving to (office-js-docs-pr
 * issue 4911) and the national clouds Office.js itself trusts (its OfficeOnlineDomainList).
 * Excel inside Teams on the web frames Excel on the web, which frames the pane, so Teams' pages
 * are ancestors too: Microsoft's frame-ancestors list for apps Teams and Microsoft 365 host
 * (https://learn.microsoft.com/microsoftteams/platform/tabs/how-to/tab-requirements) names
 * teams.microsoft.com, *.teams.microsoft.com, *.microsoft365.com, *.office.com and
 * *.cloud.microsoft (teams.cloud.microsoft, m365.cloud.microsoft).
 */
export const DEFAULT_OFFICE_ORIGINS: readonly string[] = [
  "https://*.officeapps.live.com",
  "https://onedrive.live.com",
  "https://*.office.com",
  "https://*.office365.com",
  "https://*.sharepoint.com",
  "https://*.cloud.microsoft",
  "https://*.online.office365.us",
  "https://*.partner.officewebapps.cn",
  "https://teams.microsoft.com",
  "https://*.teams.microsoft.com",
  "https://*.microsoft365.com",
];

/** `https://host[:port]`, where the host may start with `*.` for any subdomain, as in CSP. */
const ORIGIN_PATTERN = /^https:\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*)(:\d{1,5})?$/;
const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

/** Why `origin` cannot be an allowed origin, or undefined when it can. */
export function originProblem(origin: string): string | undefined {
  if (ORIGIN_PATTERN.test(origin) || LOOPBACK_ORIGIN.test(origin)) return undefined;
  return `${origin} is not an origin: write https://host (or https://*.domain for its subdomains), without a path`;
}

/** True when `origin` (an Origin header) is one of `allowed`, wildcards included. */
export function originAllowed(origin: string, allowed: readonly string[]): boolean {
  const lower = origin.toLowerCase();
  return allowed.some((rule) => {
    if (!rule.includes("*")) return rule === lower;
    const [scheme, rest] = rule.split("://*.") as [string, string];
    const [domain, port] = rest.split(":") as [string, string | undefined];
    const match = /^(https?):\/\/([^/:]+)(?::(\d+))?$/.exec(lower);
    if (!match || match[1] !== scheme || (match[3] ?? undefined) !== port) return false;
    return match[2]!.endsWith(`.${domain}`);
  });
}
