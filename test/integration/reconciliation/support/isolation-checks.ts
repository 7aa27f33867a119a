import type { FilterName, StatsRequest } from "../../../../src/api";
import { isReportingError } from "../../../../src/client";
import { cellErrorOf } from "../../functions/support/functions-bundle";
import { attempt, type CheckContext } from "./context";
import { rawExport, rawStats } from "./raw";
import { plainRows } from "./shapes";
import type { BearerIdentity } from "./world";

/**
 * Each narrower credential asked, through every route and surface, for what belongs to another
 * organization: named organizations are refused without a word about them, named assets and ad
 * units find nothing, and the reference lists and functions hold only its own.
 */

async function refusedEverywhere(
  context: CheckContext,
  identity: BearerIdentity,
  label: string,
  organization: string,
): Promise<void> {
  const { ledger, world, endpoint, addIn } = context;
  const filters = { from: world.period.from, to: world.period.to, organizations: [organization] };
  const raw = await rawStats(endpoint, identity, { filters, groups: ["organization"] });
  ledger.sameCount("isolation", label, "/stats refuses another organization with 403", raw.status, 403);
  ledger.check(
    "isolation",
    label,
    "the refusal names nothing of it",
    !("error" in raw) || !raw.error.includes(organization),
    () => ("error" in raw ? raw.error : ""),
  );
  for (const route of ["csv", "xlsx"] as const) {
    const exported = await rawExport(endpoint, identity, { filters }, route);
    ledger.sameCount(
      "isolation",
      label,
      `/stats/${route === "csv" ? "csv" : "xls"} refuses another organization with 403`,
      exported.status,
      403,
    );
  }
  const runtime = addIn.runtime();
  await runtime.ready;
  const client = runtime.clients(identity.label).reporting!;
  const request: StatsRequest = { filters };
  for (const [what, work] of [
    [
      "STATS (core)",
      () =>
        runtime.functions.stats(
          world.period.from,
          world.period.to,
          "organization",
          null,
          `organizations=${organization}`,
          null,
          `profile=${identity.label}; cache=0`,
        ),
    ],
    [
      "VALUE (core)",
      () =>
        runtime.functions.value(
          "revenues",
          world.period.from,
          world.period.to,
          `organizations=${organization}`,
          `profile=${identity.label}; cache=0`,
        ),
    ],
    ["Export CSV", () => client.statsCsv(request)],
    ["Export Excel", () => client.statsXlsx(request)],
  ] as const) {
    let outcome: unknown;
    try {
      outcome = await work();
    } catch (error) {
      outcome = error;
    }
    ledger.check(
      "isolation",
      label,
      `${what} is refused as access the account lacks, naming nothing of it`,
      isReportingError(outcome) && outcome.kind === "access" && !outcome.cellMessage.includes(organization),
      () =>
        isReportingError(outcome)
          ? `${outcome.kind}: ${outcome.cellMessage}`
          : `got ${JSON.stringify(outcome)?.slice(0, 200)}`,
    );
  }
  if (!context.bundle) return;
  const bundle = addIn.bundle("double");
  for (const [what, call] of [
    [
      "STATS (functions.js)",
      () =>
        bundle.call("STATS", [
          world.period.from,
          world.period.to,
          [["organization"]],
          null,
          [[`organizations=${organization}`]],
          null,
          [[`profile=${identity.label}; cache=0`]],
        ]),
    ],
    [
      "VALUE (functions.js)",
      () =>
        bundle.call("VALUE", [
          "impressions",
          world.period.from,
          world.period.to,
          [[`organizations=${organization}`]],
          [[`profile=${identity.label}; cache=0`]],
        ]),
    ],
  ] as const) {
    const error = await attempt(context, "isolation", label, what, () => cellErrorOf(call()));
    ledger.check(
      "isolation",
      label,
      `${what} shows #N/A "not allowed", naming nothing of it`,
      error?.code === "#N/A" && /not allowed/.test(error.message) && !error.message.includes(organization),
      () => JSON.stringify(error),
    );
  }
}

/** Another organization's assets or ad units in a filter: no row, no number, nothing in a file. */
async function findsNothing(
  context: CheckContext,
  identity: BearerIdentity,
  label: string,
  filter: FilterName,
  values: string[],
): Promise<void> {
  const { ledger, world, endpoint, addIn } = context;
  const group = filter === "assets" ? "asset" : "ad_unit";
  const filters = { from: world.period.from, to: world.period.to, [filter]: values };
  const grouped = await rawStats(endpoint, identity, { filters, groups: [group] });
  ledger.check(
    "isolation",
    label,
    "/stats finds no row",
    grouped.status === 200 && "stats" in grouped && grouped.stats.length === 0,
    () => JSON.stringify(grouped).slice(0, 200),
  );
  const total = await rawStats(endpoint, identity, { filters });
  ledger.check(
    "isolation",
    label,
    "/stats totals are zero",
    "stats" in total && total.stats[0]?.metrics.impressions === 0 && total.stats[0]?.metrics.revenues === 0,
    () => JSON.stringify(total).slice(0, 200),
  );
  const csv = await rawExport(endpoint, identity, { filters, groups: [group] }, "csv");
  ledger.check(
    "isolation",
    label,
    "/stats/csv holds the header only",
    csv.status === 200 && csv.bytes.toString("utf8").trim().split("\r\n").length === 1,
    () => csv.bytes.toString("utf8").slice(0, 200),
  );
  const filterText = `${filter}=${values.join(",")}`;
  const options = `profile=${identity.label}; cache=0`;
  const runtime = addIn.runtime();
  const spill = await attempt(context, "isolation", label, "STATS (core)", () =>
    runtime.functions.stats(world.period.from, world.period.to, group, "impressions", filterText, null, options),
  );
  if (spill) ledger.sameCount("isolation", label, "STATS (core) spills no row", spill.dataRowCount, 0);
  const value = await attempt(context, "isolation", label, "VALUE (core)", () =>
    runtime.functions.value("revenues", world.period.from, world.period.to, filterText, options),
  );
  if (value !== undefined) ledger.sameCount("isolation", label, "VALUE (core) is 0", value, 0);
  if (!context.bundle) return;
  const bundle = addIn.bundle("serial");
  const built = await attempt(context, "isolation", label, "VALUE (functions.js)", () =>
    bundle.call("VALUE", ["impressions", world.period.from, world.period.to, [[filterText]], [[options]]]),
  );
  if (built !== undefined) ledger.sameCount("isolation", label, "VALUE (functions.js) is 0", built, 0);
}

export async function checkIsolation(context: CheckContext): Promise<void> {
  const { world, ledger, addIn } = context;
  for (const identity of world.bearer) {
    const foreignAssets = world.everyAsset.filter((asset) => !identity.organizations.includes(asset.organization));
    const foreignOrganizations = world.widest.organizations.filter(
      (organization) => !identity.organizations.includes(organization),
    );
    for (const organization of foreignOrganizations)
      await refusedEverywhere(context, identity, `I ${identity.label} organizations=${organization}`, organization);
    if (foreignAssets.length > 0) {
      await findsNothing(
        context,
        identity,
        `I ${identity.label} assets of other organizations`,
        "assets",
        foreignAssets.slice(0, 4).map((asset) => asset.id),
      );
      await findsNothing(
        context,
        identity,
        `I ${identity.label} ad units of other organizations`,
        "ad_units",
        foreignAssets.slice(0, 2).flatMap((asset) => asset.adUnits.map((unit) => unit.id)),
      );
    }
    if (!context.bundle) continue;
    // The reference functions list only the credential's own.
    const bundle = addIn.bundle("double");
    const label = `I ${identity.label} reference functions`;
    const assets = await attempt(context, "isolation", label, "ASSETS", async () =>
      plainRows((await bundle.call("ASSETS", [[[`headers=api; profile=${identity.label}`]]])) as unknown[][]),
    );
    const own = new Set(identity.assets.map((asset) => asset.id));
    if (assets)
      ledger.check(
        "isolation",
        label,
        "ASSETS lists only its own assets",
        assets.slice(1).every((row) => own.has(String(row[0]))) && assets.length > 1,
        () => JSON.stringify(assets.slice(1, 4)),
      );
    const details = await attempt(context, "isolation", label, "DETAILS", async () =>
      plainRows((await bundle.call("DETAILS", [[[`headers=none; profile=${identity.label}`]]])) as unknown[][]),
    );
    if (details)
      ledger.check(
        "isolation",
        label,
        "DETAILS lists only its own organizations",
        JSON.stringify(details.map((row) => String(row[0])).sort()) ===
          JSON.stringify([...identity.organizations].sort()),
        () => JSON.stringify(details),
      );
  }
  if (!context.bundle) return;
  for (const identity of world.legacy) {
    const label = `I ${identity.label} applications`;
    const rows = await attempt(context, "isolation", label, "APPLICATIONS", async () =>
      plainRows(
        (await addIn
          .bundle("double")
          .call("APPLICATIONS", [[[`headers=api; profile=${identity.label}`]]])) as unknown[][],
      ),
    );
    const own = new Set(identity.applications.map((app) => app.app_key));
    if (rows)
      ledger.check(
        "isolation",
        label,
        "APPLICATIONS lists only the key's own applications",
        rows.length > 1 && rows.slice(1).every((row) => own.has(Number(row[1]))),
        () => JSON.stringify(rows.slice(1, 3)),
      );
  }
}
