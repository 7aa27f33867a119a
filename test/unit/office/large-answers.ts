import type { GroupName, StatsEntry } from "../../../src/api";
import type { StatsSource } from "../../../src/core/data-sources";
import { createReportingFunctions, type ReportingFunctions } from "../../../src/core/reporting-functions";

/**
 * Large /stats answers for the payload tests and `npm run report:reliability`: many rows, every
 * group and metric, long names that cost the most bytes per character (4-byte emoji, 3-byte
 * CJK, characters JSON escapes), and the service texts Excel would read as formulas.
 */

export const WORST_CASE_NAMES = [
  "🚀📈 Fusée 🚀📈 広告ユニット 🚀📈 インタースティシャル 🚀📈",
  "広告収益レポート「東京」アプリ 広告ユニット バナー 広告収益レポート",
  'Name with "quotes" and \\backslashes\\ and \u0001 control',
  '=HYPERLINK("http://x")',
  "+33 6 12 34 56 78",
  "-foo",
  "@sum",
  "Plain ASCII application name that is rather long, as some are",
];

export const ALL_GROUPS: GroupName[] = [
  "date",
  "organization",
  "asset",
  "asset_type",
  "country",
  "ad_unit",
  "format",
  "integration_type",
  "device_types",
];

const FIRST_DAY = Date.UTC(2020, 0, 1);

function isoDay(offset: number): string {
  return new Date(FIRST_DAY + offset * 86_400_000).toISOString().slice(0, 10);
}

/** `count` entries grouped by `groups`, names taken in turn from `names`, metrics with long decimals. */
export function largeStats(
  count: number,
  groups: readonly GroupName[] = ALL_GROUPS,
  names: readonly string[] = WORST_CASE_NAMES,
): StatsEntry[] {
  const entries: StatsEntry[] = new Array(count);
  for (let index = 0; index < count; index++) {
    const group: StatsEntry["group"] = {};
    groups.forEach((name, position) => {
      group[name] = name === "date" ? isoDay(index % 2000) : names[(index + position) % names.length]!;
    });
    entries[index] = {
      group,
      metrics: {
        impressions: 1_000_000 + index,
        revenues: 1234.5678901234567 + index / 7,
        ecpm: 0.1 + index / 3,
        requests: 9_000_000 + index,
      },
    };
  }
  return entries;
}

/** The REPORTING functions over a bearer source that answers every /stats query with `entries`. */
export function functionsAnswering(entries: StatsEntry[]): ReportingFunctions {
  const unused = async () => {
    throw new Error("not used by these tests");
  };
  const bearer: StatsSource = {
    statsAll: async () => ({ stats: entries, total: entries.length }),
    stats: unused,
    details: unused,
    dates: unused,
    countries: unused,
    formats: unused,
    integrationTypes: unused,
    deviceTypes: unused,
    assetTypes: unused,
    assets: unused,
  };
  return createReportingFunctions({
    connect: () => ({ key: "large", bearer }),
    today: () => "2026-06-30",
    cacheTtlMs: 0,
  });
}
