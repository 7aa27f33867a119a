import {
  applicationsResponse,
  legacyStatsQuery,
  legacyStatsResponse,
  type ApplicationsResponse,
  type LegacyGroupBy,
  type LegacyStatsResponse,
} from "../api/legacy";
import { LEGACY_ROUTES } from "../api/routes";
import { parseJsonAnswer } from "./read-response";
import { createRedactor, type Redactor } from "./redact";
import { connectionProblems, credentialsInAddress, joinUrl, validateRequest } from "./request-checks";
import { isTransport, type RequestOptions } from "./client-options";
import { InvalidRequestError } from "./errors";
import { createTransport, type Transport, type TransportOptions } from "./transport";

export interface LegacyClientOptions {
  /** The legacy interface's base URL (the part before `/reporting/v1`). */
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  transport?: TransportOptions | Transport;
}

export interface LegacyStatsParams {
  from?: string;
  to?: string;
  groupBy?: LegacyGroupBy[];
}

// Callers name the fields from/to/groupBy; the schema names them as the query does.
const CALLER_NAMES: Record<string, string> = { from_date: "from", to_date: "to", group_by: "groupBy" };
const renameToCallerNames = (text: string) =>
  text.replace(/\b(from_date|to_date|group_by)\b/g, (name) => CALLER_NAMES[name] ?? name);

/** The legacy interface: applications and day/month statistics, with an API key and secret. */
export class LegacyClient {
  private readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly apiSecret: string;
  private readonly transport: Transport;
  private readonly redactor: Redactor;

  constructor(options: LegacyClientOptions) {
    this.baseUrl = options.baseUrl;
    // Pasted credentials often carry a trailing newline, which fetch refuses in a header.
    this.apiKey = (options.apiKey ?? "").trim();
    this.apiSecret = (options.apiSecret ?? "").trim();
    // The pair too: Basic auth would encode `key:secret` as one base64 text.
    this.redactor = createRedactor([
      options.apiKey,
      options.apiSecret,
      this.apiKey && this.apiSecret ? `${this.apiKey}:${this.apiSecret}` : undefined,
      ...credentialsInAddress(options.baseUrl),
    ]);
    this.transport = isTransport(options.transport) ? options.transport : createTransport(options.transport);
  }

  async applications(options: RequestOptions = {}): Promise<ApplicationsResponse> {
    const problems = this.connectionProblems();
    if (problems.length > 0) throw new InvalidRequestError({ issues: problems, redactor: this.redactor });
    const text = await this.get(LEGACY_ROUTES.applications, undefined, options.signal);
    return parseJsonAnswer(text, applicationsResponse, LEGACY_ROUTES.applications, this.redactor);
  }

  async stats(params: LegacyStatsParams = {}, options: RequestOptions = {}): Promise<LegacyStatsResponse> {
    const query = validateRequest(
      legacyStatsQuery,
      { from_date: params.from, to_date: params.to, group_by: params.groupBy },
      this.redactor,
      this.connectionProblems(),
      renameToCallerNames,
    );
    // Built by hand: the spec writes `group_by=day,ad_unit_id`, and the validated values need no escaping.
    const parts: string[] = [];
    if (query.from_date) parts.push(`from_date=${query.from_date}`);
    if (query.to_date) parts.push(`to_date=${query.to_date}`);
    if (query.group_by && query.group_by.length > 0) parts.push(`group_by=${query.group_by.join(",")}`);
    const text = await this.get(LEGACY_ROUTES.stats, parts.join("&"), options.signal);
    return parseJsonAnswer(text, legacyStatsResponse, LEGACY_ROUTES.stats, this.redactor);
  }

  private connectionProblems() {
    return connectionProblems(this.baseUrl, [
      { name: "API key", value: this.apiKey },
      { name: "API secret", value: this.apiSecret },
    ]);
  }

  private async get(route: string, query: string | undefined, signal: AbortSignal | undefined): Promise<string> {
    const response = await this.transport.request({
      method: "GET",
      url: joinUrl(this.baseUrl, route, query),
      route,
      headers: {
        "x-auth-apikey": this.apiKey,
        "x-auth-secret": this.apiSecret,
        "content-type": "application/json",
        accept: "application/json",
      },
      signal,
      credentials: "apiKey",
      redactor: this.redactor,
    });
    return response.body;
  }
}
