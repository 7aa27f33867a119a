/**
 * What Preview costs against the emulator over HTTP, as a ratio to one `/stats` page of the same
 * query (10,000 rows, the page the client reads), measured in one run: the pane's preview path
 * (the runtime the pane uses, its shared cache emptied each round, then the preview model) for a
 * query of about 392,000 rows. Goal: at most 1.2x. Before the preview read one page, it read all
 * 40 pages to count and total them: 24x to 28x here, on a loaded machine (222 s and 249 s against
 * pages of 6 to 11 s). Reading one page: 0.97x (7.2 s against 7.4 s, same load).
 */
import { SERVICE_LIMITS, type StatsRequest } from "../src/api";
import { ReportingClient } from "../src/client";
import { memoryStorage } from "../src/core/profiles/memory-storage";
import { PROFILES_KEY, ProfileStore } from "../src/core/profiles/profile-store";
import { previewModel, statsPreviewFacts } from "../src/core/preview";
import type { StatsQuery } from "../src/core/arguments/stats-query";
import { createReportingRuntime } from "../src/core/runtime/reporting-runtime";
import { startEmulator } from "../src/emulator";
import { interleavedMedians } from "./support/timing";
import { widestBearer } from "./support/widest-bearer";

const TODAY = "2026-06-30";
const GOAL = 1.2;
/** Day, asset, country and format over 315 days: about 392,000 rows, 40 pages. */
const REQUEST: StatsRequest = {
  filters: { from: "2025-08-19", to: "2026-06-29" },
  groups: ["date", "asset", "country", "format"],
};

export async function run(): Promise<void> {
  const emulator = await startEmulator({ today: TODAY, seed: 1 });
  try {
    const credential = widestBearer(emulator.credentials);
    const profile = {
      name: "Bench",
      kind: "bearer",
      baseUrl: emulator.baseUrl,
      legacyBaseUrl: emulator.legacyBaseUrl,
      token: credential.token,
    };
    const runtime = createReportingRuntime({
      store: new ProfileStore({
        storage: memoryStorage({ [PROFILES_KEY]: JSON.stringify({ profiles: [profile], active: "Bench" }) }),
      }),
      today: () => TODAY,
    });
    await runtime.ready;
    const client = new ReportingClient({ baseUrl: emulator.baseUrl, token: credential.token });
    const query: StatsQuery = { request: REQUEST, headers: "readable" };
    const total = (await client.stats({ ...REQUEST, limit: 1 })).total ?? 0;

    const medians = await interleavedMedians(
      {
        page: () => client.stats({ ...REQUEST, offset: 0, limit: SERVICE_LIMITS.maxLimit }),
        preview: async () => {
          runtime.functions.clearCache();
          const answer = await runtime.functions.statsPreview(query);
          const reach = {
            complete: answer.complete,
            ...(answer.rowCount !== undefined ? { rowCount: answer.rowCount } : {}),
          };
          return previewModel(answer.table, { ...statsPreviewFacts(query), reach });
        },
      },
      { warmUp: 1, measured: 5 },
    );
    const ratio = medians.preview / medians.page;
    console.log(
      `query: ${REQUEST.groups!.join(", ")} from ${REQUEST.filters.from} to ${REQUEST.filters.to}: ${total.toLocaleString("en-US")} rows`,
    );
    console.log(
      `one /stats page (${SERVICE_LIMITS.maxLimit.toLocaleString("en-US")} rows) ${medians.page.toFixed(0)} ms | preview ${medians.preview.toFixed(0)} ms | ratio ${ratio.toFixed(2)}x (goal <= ${GOAL}x) ${ratio <= GOAL ? "met" : "NOT MET"}`,
    );
  } finally {
    await emulator.close();
  }
}
