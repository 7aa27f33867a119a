import type { ServerResponse } from "node:http";
import { SERVICE_LIMITS, STATS_ROUTES } from "../../../api";
import type { StatsAnswer } from "../../store/types";
import { readJsonBody } from "../body";
import { toCsv } from "../csv";
import { sendFile, sendJson, startFile } from "../respond";
import type { Route } from "../router";
import { runStats, understandStatsRequest, type AnswerSize, type UnderstoodStatsRequest } from "../stats-query";
import { exportFileName, statsColumns, statsRows, statsTable } from "../stats-table";
import { XLSX_CONTENT_TYPE, writeXlsx } from "../xlsx";

type Render = (res: ServerResponse, request: UnderstoodStatsRequest, answer: StatsAnswer) => Promise<void>;

/** The envelope of known-facts: the request as understood, the entries, the count before paging. */
const renderJson: Render = async (res, request, answer) => {
  sendJson(res, 200, { params: request, stats: answer.stats, total: answer.total });
};

const renderCsv: Render = async (res, request, answer) => {
  sendFile(res, toCsv(statsTable(request, answer.stats)), "text/csv; charset=utf-8", exportFileName(request, "csv"));
};

const renderXlsx: Render = async (res, request, answer) => {
  startFile(res, XLSX_CONTENT_TYPE, exportFileName(request, "xlsx"));
  await writeXlsx(statsColumns(request), statsRows(request, answer.stats), res);
};

function statsRoute(path: string, render: Render, size: AnswerSize): Route {
  return {
    path,
    method: "POST",
    auth: "bearer",
    async handle(context, caller) {
      const body = await readJsonBody(context.req, SERVICE_LIMITS.maxBodyBytes);
      const request = understandStatsRequest(body, caller, size);
      await render(context.res, request, await runStats(context.store, request, size));
    },
  };
}

export function statsRoutes(prefix: string): Route[] {
  return [
    statsRoute(prefix + STATS_ROUTES.json, renderJson, "page"),
    statsRoute(prefix + STATS_ROUTES.csv, renderCsv, "file"),
    statsRoute(prefix + STATS_ROUTES.xlsx, renderXlsx, "file"),
  ];
}
