import {
  REFERENCE_ROUTES,
  SERVICE_LIMITS,
  STATS_ROUTES,
  type ReferenceResult,
  type ReferenceRouteName,
} from "../api/routes";
import { statsRequest, type StatsRequest } from "../api/stats-request";
import type { StatsEntry, StatsResponse } from "../api/stats-response";
import { isTransport, type RequestOptions } from "./client-options";
import { InvalidRequestError, ResponseValidationError } from "./errors";
import { parseJsonAnswer, readStatsResponse } from "./read-response";
import { createRedactor, type Redactor } from "./redact";
import { connectionProblems, credentialsInAddress, joinUrl, validateRequest } from "./request-checks";
import { fetchAllPages, type AllStats, type PagesProgress } from "./stats-pages";
import { createTransport, type Transport, type TransportOptions } from "./transport";

export interface ReportingClientOptions {
  /** The bearer interface's base URL, e.g. `https://reporting.example.com/api` or a same-origin proxy. */
  baseUrl: string;
  token: string;
  /** Options for a transport of this client's own, or a transport to share. */
  transport?: TransportOptions | Transport;
}

export interface StatsAllOptions extends RequestOptions {
  /** Rows per request; default `SERVICE_LIMITS.maxLimit`. */
  pageSize?: number;
  /** Requests in flight at once when `total` tells how many pages remain; default 3. */
  concurrency?: number;
  /** Refuse listings longer than this many pages; default 1,000. */
  maxPages?: number;
  /** Hears each page read: pages done of pages known. */
  onProgress?: (progress: PagesProgress) => void;
  /** Takes each page's entries in order; the answer then keeps none (see fetchAllPages). */
  onPage?: (entries: StatsEntry[]) => void;
}

const XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
// Every .xlsx is a zip archive, and every zip starts with these bytes.
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** The bearer interface: statistics as JSON, Excel or CSV, and the reference lists. */
export class ReportingClient {
  private readonly baseUrl: string;
  private readonly token: string;
  private readonly transport: Transport;
  private readonly redactor: Redactor;

  constructor(options: ReportingClientOptions) {
    this.baseUrl = options.baseUrl;
    // A token pasted with a trailing newline would make fetch refuse the header outright.
    this.token = (options.token ?? "").trim();
    this.redactor = createRedactor([options.token, ...credentialsInAddress(options.baseUrl)]);
    this.transport = isTransport(options.transport) ? options.transport : createTransport(options.transport);
  }

  async stats(request: StatsRequest, options: RequestOptions = {}): Promise<StatsResponse> {
    const body = this.checked(request);
    const text = await this.post(STATS_ROUTES.json, body, "application/json", options.signal);
    return readStatsResponse(text, this.redactor, body);
  }

  /**
   * Every row of a listing, reading it page by page within the caller's own offset/limit.
   * An error on any page rejects the whole call and cancels the pages still in flight.
   */
  async statsAll(request: StatsRequest, options: StatsAllOptions = {}): Promise<AllStats> {
    const body = this.checked(request);
    const pageSize = options.pageSize ?? SERVICE_LIMITS.maxLimit;
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > SERVICE_LIMITS.maxLimit) {
      throw new InvalidRequestError({
        issues: [{ path: "pageSize", message: `pageSize must be a whole number from 1 to ${SERVICE_LIMITS.maxLimit}` }],
        redactor: this.redactor,
      });
    }
    return fetchAllPages(
      async (offset, limit, signal) => {
        const text = await this.post(STATS_ROUTES.json, { ...body, offset, limit }, "application/json", signal);
        return readStatsResponse(text, this.redactor, body);
      },
      {
        offset: body.offset,
        limit: body.limit,
        pageSize,
        concurrency: Math.max(1, Math.floor(options.concurrency ?? 3)),
        maxPages: options.maxPages ?? 1_000,
        signal: options.signal,
        onProgress: options.onProgress,
        onPage: options.onPage,
      },
    );
  }

  /** The statistics as an Excel workbook (the bytes of an .xlsx file). */
  async statsXlsx(request: StatsRequest, options: RequestOptions = {}): Promise<Uint8Array> {
    const body = this.checked(request);
    const response = await this.transport.request({
      ...this.postRequest(STATS_ROUTES.xlsx, body, `${XLSX_MEDIA_TYPE}, application/octet-stream`, options.signal),
      responseType: "bytes",
    });
    if (!ZIP_SIGNATURE.every((byte, index) => response.body[index] === byte)) {
      throw new ResponseValidationError({
        route: STATS_ROUTES.xlsx,
        issues: [{ path: "", message: "expected an Excel (.xlsx) file" }],
        redactor: this.redactor,
      });
    }
    return response.body;
  }

  /** The statistics as CSV text. */
  async statsCsv(request: StatsRequest, options: RequestOptions = {}): Promise<string> {
    const response = await this.transport.request({
      ...this.postRequest(STATS_ROUTES.csv, this.checked(request), "text/csv, text/plain", options.signal),
      isExport: true,
    });
    return response.body;
  }

  /** The caller's organizations, read from whichever shape /details answers. */
  details(options: RequestOptions = {}): Promise<ReferenceResult<"details">> {
    return this.reference("details", options);
  }

  /** The period for which statistics exist. */
  dates(options: RequestOptions = {}): Promise<ReferenceResult<"dates">> {
    return this.reference("dates", options);
  }

  countries(options: RequestOptions = {}): Promise<ReferenceResult<"countries">> {
    return this.reference("countries", options);
  }

  formats(options: RequestOptions = {}): Promise<ReferenceResult<"formats">> {
    return this.reference("formats", options);
  }

  integrationTypes(options: RequestOptions = {}): Promise<ReferenceResult<"integrationTypes">> {
    return this.reference("integrationTypes", options);
  }

  deviceTypes(options: RequestOptions = {}): Promise<ReferenceResult<"deviceTypes">> {
    return this.reference("deviceTypes", options);
  }

  assetTypes(options: RequestOptions = {}): Promise<ReferenceResult<"assetTypes">> {
    return this.reference("assetTypes", options);
  }

  /** The organization's assets with their ad units. */
  assets(options: RequestOptions = {}): Promise<ReferenceResult<"assets">> {
    return this.reference("assets", options);
  }

  private async reference<Name extends ReferenceRouteName>(
    name: Name,
    options: RequestOptions,
  ): Promise<ReferenceResult<Name>> {
    const route = REFERENCE_ROUTES[name];
    this.checkConnection();
    const response = await this.transport.request({
      method: "GET",
      url: joinUrl(this.baseUrl, route.path),
      route: route.path,
      headers: { authorization: `Bearer ${this.token}`, accept: "application/json" },
      signal: options.signal,
      credentials: "token",
      redactor: this.redactor,
    });
    return parseJsonAnswer(response.body, route.response, route.path, this.redactor) as ReferenceResult<Name>;
  }

  private checked(request: StatsRequest): StatsRequest {
    return validateRequest(statsRequest, request, this.redactor, this.connectionProblems());
  }

  private connectionProblems() {
    return connectionProblems(this.baseUrl, [{ name: "access token", value: this.token }]);
  }

  private checkConnection(): void {
    const problems = this.connectionProblems();
    if (problems.length > 0) throw new InvalidRequestError({ issues: problems, redactor: this.redactor });
  }

  private postRequest(route: string, body: StatsRequest, accept: string, signal: AbortSignal | undefined) {
    return {
      method: "POST" as const,
      url: joinUrl(this.baseUrl, route),
      route,
      headers: { authorization: `Bearer ${this.token}`, accept, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal,
      credentials: "token" as const,
      redactor: this.redactor,
    };
  }

  private async post(
    route: string,
    body: StatsRequest,
    accept: string,
    signal: AbortSignal | undefined,
  ): Promise<string> {
    const response = await this.transport.request(this.postRequest(route, body, accept, signal));
    return response.body;
  }
}
