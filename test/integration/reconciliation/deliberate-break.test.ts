/**
 * The suite can fail: the proxy in front of the emulator changes one number of one answer, and
 * the very check functions of reconciliation.test.ts, run against that source, report it, naming
 * the query. Each break is run first without the change, so that its failure is the change's.
 */
import type { LegacyStatsResponse, StatsResponse } from "../../../src/api";
import { START_TIMEOUT_MS } from "../emulator/support/emulator";
import { checkBearerCase } from "./support/bearer-checks";
import { describeLegacy, describeModel, type BearerCase, type LegacyCase } from "./support/cases";
import { checkLegacyCase } from "./support/legacy-checks";
import { Ledger } from "./support/ledger";
import { openSession, type Session } from "./support/run";
import type { Perturbation, TappedRequest } from "./support/tap-proxy";

let session: Session;

beforeAll(async () => {
  // Every request of the checks and of the add-in goes through the proxy.
  session = await openSession(undefined, { referenceThroughTap: true });
}, START_TIMEOUT_MS);

afterAll(() => session?.close());

function bearerCase(): BearerCase {
  const { world } = session.context;
  const identity = world.bearer.indexOf(world.widest);
  const model: BearerCase["model"] = {
    period: { from: "2028-02-20", to: "2028-03-05" },
    groups: ["date", "country"],
    metrics: [],
    filters: { formats: ["interstitial"] },
    orders: ["date", "country"],
    headers: "readable",
    profile: world.widest.label,
  };
  return {
    label: `BREAK ${world.widest.label} ${describeModel(model)}`,
    identity,
    model,
    window: "none",
    cellArguments: "cells",
    dateStyle: "double",
    pageShare: 0.1,
    spillBudget: 6_000,
    table: true,
    exports: true,
    value: true,
    foreignAsset: false,
  };
}

function legacyCase(): LegacyCase {
  const { world } = session.context;
  const partial = {
    identity: world.legacy.length - 1,
    period: { from: "2028-02-01", to: "2028-03-10" },
    groupBy: ["month", "application"],
    headers: "api",
    cellArguments: "texts",
    dateStyle: "serial",
  } as const;
  return {
    ...partial,
    groupBy: [...partial.groupBy],
    label: `BREAK ${describeLegacy({ ...partial, groupBy: [...partial.groupBy] }, 0, world)}`,
  };
}

const isJsonStats = (request: TappedRequest) => {
  if (!request.path.endsWith("/stats")) return false;
  const body = JSON.parse(request.body) as { groups?: string[]; limit?: number };
  // The suite's own probe (limit 1) only sizes the query.
  return (body.groups?.length ?? 0) > 0 && body.limit !== 1;
};

const BREAKS: { name: string; area: string; kind: "bearer" | "legacy"; perturbation: Perturbation }[] = [
  {
    name: "one impression more in one row of a grouped /stats answer",
    area: "totals|paging|spill",
    kind: "bearer",
    perturbation: {
      matches: (request, status) => status === 200 && isJsonStats(request),
      change(body) {
        const answer = JSON.parse(body.toString("utf8")) as StatsResponse;
        const row = answer.stats[1];
        if (!row || row.metrics.impressions === undefined) return undefined;
        row.metrics.impressions += 1;
        return Buffer.from(JSON.stringify(answer));
      },
    },
  },
  {
    name: "one cent more in one cell of /stats/csv",
    area: "exports",
    kind: "bearer",
    perturbation: {
      matches: (request, status) => status === 200 && request.path.endsWith("/stats/csv"),
      change(body) {
        const lines = body.toString("utf8").split("\r\n");
        const cells = lines[2]?.split(",");
        if (!cells || cells.length < 4) return undefined;
        // Columns: date, country, impressions, revenues, ecpm, requests.
        cells[3] = String(Number(cells[3]) + 0.01);
        lines[2] = cells.join(",");
        return Buffer.from(lines.join("\r\n"));
      },
    },
  },
  {
    name: "one leaf's revenue changed in a legacy answer",
    area: "totals|legacy",
    kind: "legacy",
    perturbation: {
      matches: (request, status) =>
        status === 200 && request.path.includes("/reporting/v1/stats?") && request.path.includes("group_by="),
      change(body) {
        const answer = JSON.parse(body.toString("utf8")) as LegacyStatsResponse;
        const month = Object.values(answer.aggregation ?? {})[0];
        const leaf = Object.values(month?.aggregation ?? {})[0];
        if (!leaf?.stats) return undefined;
        leaf.stats.revenue += 0.5;
        return Buffer.from(JSON.stringify(answer));
      },
    },
  },
];

async function check(kind: "bearer" | "legacy", ledger: Ledger): Promise<string> {
  const context = { ...session.context, ledger };
  if (kind === "bearer") {
    const each = bearerCase();
    await checkBearerCase(context, each);
    return each.label;
  }
  const each = legacyCase();
  await checkLegacyCase(context, each);
  return each.label;
}

test.each(BREAKS.map((each) => [each.name, each] as const))(
  "the suite reports %s, naming the query",
  async (_name, { kind, area, perturbation }) => {
    // Answers are cached per profile for a minute: each run starts from the service.
    session.context.addIn.clearCaches();
    const untouched = new Ledger();
    await check(kind, untouched);
    expect(untouched.problems).toEqual([]);
    expect(untouched.checkCount()).toBeGreaterThan(10);

    session.context.addIn.clearCaches();
    const broken = new Ledger();
    session.tap.perturbOnce(perturbation);
    const perturbedBefore = session.tap.perturbed.length;
    const label = await check(kind, broken);
    session.tap.perturbOnce(undefined);

    expect(session.tap.perturbed.length - perturbedBefore).toBe(1);
    expect(broken.problems.length).toBeGreaterThan(0);
    for (const problem of broken.problems) expect(problem).toContain(label);
    expect(broken.problems.some((problem) => new RegExp(`^(${area}): `).test(problem))).toBe(true);
  },
  60_000,
);
