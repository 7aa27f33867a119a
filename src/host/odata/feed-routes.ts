import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isReportingError } from "../../client/errors";
import { LegacyClient } from "../../client/legacy-client";
import { ReportingClient } from "../../client/reporting-client";
import { createTransport, type Transport } from "../../client/transport";
import { serviceGroupBy } from "../../core/legacy/group-by";
import { entitiesJson, nextLinkOf } from "../../core/odata/feed-page";
import { ENTITY_SETS, FEED_PAGE_SIZE, FEED_ROOT, LEGACY_STATS_SET, STATS_SET } from "../../core/odata/feed-model";
import { readQueryOptions, type QueryOptions } from "../../core/odata/query-options";
import { legacyEntities, needsApplications, readLegacyStatsQuery } from "../../core/odata/legacy-stats-query";
import { FeedRefusal } from "../../core/odata/refusal";
import { readCount, readSent, rowsOption } from "../../core/odata/shared-options";
import { pageWindow, readStatsQuery, withExclusions, type FeedStatsQuery } from "../../core/odata/stats-query";
import { readSelect } from "../../core/odata/select-read";
import { feedMetadata } from "./csdl";
import { readFeedCredentials, type FeedCredentials } from "./feed-credentials";
import { sendFeedError, sendFeedFailure, SIGN_IN_HELP } from "./feed-errors";
import { checkFormat, JSON_TYPE, XML_TYPE } from "./feed-format";
import { filterValues, isReferenceSet, REFERENCE_PROPERTIES, referenceEntities } from "./reference-sets";
import { createUpstreamFetch } from "./upstream-fetch";
import { FEED_UPSTREAM_LIMITS, gatedTransport, type FeedUpstreamLimits } from "./upstream-limits";

export interface FeedOptions {
  /** The bearer interface's base URL. */
  serviceUrl: string;
  /** The legacy interface's base URL: with it, the feed also serves LegacyStats. */
  legacyServiceUrl?: string | undefined;
  upstreamTimeoutMs: number;
  /** Rows of one page (default FEED_PAGE_SIZE); tests make it small to see many pages. */
  pageSize?: number;
  /** How the service is called; one per server by default (upstream-fetch.ts), shared by every request. */
  transport?: Transport;
  /** Connections to the service at once, one credential's share, and the wait for one (upstream-limits.ts). */
  upstreamLimits?: FeedUpstreamLimits;
}

/** The sets this feed serves: LegacyStats only with a legacy interface behind it. */
function servedSets(legacy: boolean): string[] {
  return ENTITY_SETS.filter((name) => legacy || name !== LEGACY_STATS_SET);
}

const LEGACY_SIGN_IN_HELP =
  "In Excel or Power BI: Data source settings > this feed > Edit permissions, then choose Basic and enter your legacy API key as the user name and its secret as the password.";

/** Where this server is, as the caller reached it: the base of every link it writes. */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function rawQueryOf(url: string): string {
  const mark = url.indexOf("?");
  return mark < 0 ? "" : url.slice(mark + 1);
}

/** The path under /odata/, decoded; undefined when it does not decode. */
function feedPath(url: string): string | undefined {
  const path = url.split("?", 1)[0] ?? "";
  try {
    return decodeURIComponent(path.slice(FEED_ROOT.length)).replace(/^\/+/, "").replace(/\/+$/, "");
  } catch {
    return undefined;
  }
}

function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.code(200).header("odata-version", "4.0").header("cache-control", "no-store").type(JSON_TYPE).send(text);
}

function sendJson(reply: FastifyReply, body: unknown): FastifyReply {
  return sendJsonText(reply, JSON.stringify(body));
}

function sendCount(reply: FastifyReply, count: number): FastifyReply {
  return reply
    .code(200)
    .header("odata-version", "4.0")
    .header("cache-control", "no-store")
    .type("text/plain;charset=utf-8")
    .send(String(count));
}

/** Queries read lately: the pages of one listing differ by $skiptoken only, and parsing costs more than a page's JSON. */
const READ_QUERIES_KEPT = 256;

/**
 * readStatsQuery with a small memory of the option texts it read (never credentials: custom
 * options are not part of the key, and no answer is kept). Refusals are not remembered.
 */
function statsQueryReader(): (system: QueryOptions["system"]) => FeedStatsQuery {
  const read = new Map<string, FeedStatsQuery>();
  return (system) => {
    const { $skiptoken, ...rest } = system;
    const key = JSON.stringify(rest);
    let query = read.get(key);
    if (!query) {
      query = readStatsQuery(rest);
      if (read.size >= READ_QUERIES_KEPT) read.delete(read.keys().next().value!);
      read.set(key, query);
    }
    return $skiptoken === undefined ? query : { ...query, sent: readSent($skiptoken) };
  };
}

/** Refuses options a reference set does not read: its whole list is short, and Power Query filters it itself. */
function checkReferenceOptions(options: QueryOptions["system"]): void {
  for (const option of ["$filter", "$orderby", "$apply", "$skiptoken"] as const) {
    if (options[option] !== undefined)
      throw new FeedRefusal(
        option,
        "the reference lists are read whole: leave this option out and filter the list in Power Query.",
      );
  }
}

function noTotal(): FeedRefusal {
  return new FeedRefusal(
    "$count",
    "the Reporting service did not say how many rows match, so the feed cannot count them: leave $count out.",
    { status: 502, code: "count_unavailable" },
  );
}

/**
 * The OData v4 feed (docs/power-query.md, "The feed"): the service's statistics and reference
 * lists for Power Query, Power BI and any OData client, with the caller's own credentials on
 * every request. Each request is one call of the service (two to count, or to read the list a
 * `ne` leaves values out of): the feed never holds, caches or filters rows.
 */
export function registerFeed(app: FastifyInstance, options: FeedOptions): void {
  const limits = options.upstreamLimits ?? FEED_UPSTREAM_LIMITS;
  const upstream = options.transport ? undefined : createUpstreamFetch({ maxSockets: limits.connections });
  if (upstream) app.addHook("onClose", async () => upstream.close());
  const transport = gatedTransport(
    options.transport ??
      createTransport({ timeoutMs: options.upstreamTimeoutMs, ...(upstream ? { fetch: upstream.fetch } : {}) }),
    limits,
  );
  const pageSize = options.pageSize ?? FEED_PAGE_SIZE;
  const legacy = options.legacyServiceUrl !== undefined;
  const sets = servedSets(legacy);
  const metadata = feedMetadata(legacy);
  const readQuery = statsQueryReader();

  async function stats(
    request: FastifyRequest,
    reply: FastifyReply,
    client: ReportingClient,
    system: QueryOptions["system"],
    counting: boolean,
    signal: AbortSignal,
  ) {
    const query: FeedStatsQuery = readQuery(system);
    const statsRequest = await withExclusions(query, (filter) => filterValues(client, filter, { signal }));
    if (counting) {
      const answer = await client.stats({ ...statsRequest, offset: 0, limit: 1 }, { signal });
      if (answer.total === undefined) throw noTotal();
      return sendCount(reply, answer.total);
    }
    const window = pageWindow(query, pageSize);
    let entries: Awaited<ReturnType<ReportingClient["stats"]>>["stats"] = [];
    let total: number | undefined;
    if (window) {
      const answer = await client.stats({ ...statsRequest, ...window }, { signal });
      entries = answer.stats.slice(0, window.limit);
      total = answer.total;
    } else if (query.count) {
      total = (await client.stats({ ...statsRequest, offset: 0, limit: 1 }, { signal })).total;
    }
    if (query.count && total === undefined) throw noTotal();
    const sent = query.sent + entries.length;
    const more =
      window !== undefined &&
      entries.length === window.limit &&
      (total === undefined || window.offset + entries.length < total) &&
      (query.top === undefined || sent < query.top);
    const origin = originOf(request);
    const select = system.$select !== undefined || system.$apply !== undefined ? `(${query.properties.join(",")})` : "";
    // Written as text around the entities' own text (entitiesJson), in the order OData's JSON format gives.
    const head = JSON.stringify({
      "@odata.context": `${origin}${FEED_ROOT}/$metadata#${STATS_SET}${select}`,
      ...(query.count ? { "@odata.count": total } : {}),
    }).slice(0, -1);
    const link = more
      ? `,"@odata.nextLink":${JSON.stringify(nextLinkOf(`${origin}${FEED_ROOT}/${STATS_SET}`, rawQueryOf(request.url), sent))}`
      : "";
    return sendJsonText(reply, `${head},"value":${entitiesJson(entries, query.properties)}${link}}`);
  }

  async function reference(
    request: FastifyRequest,
    reply: FastifyReply,
    client: ReportingClient,
    set: string,
    system: QueryOptions["system"],
    counting: boolean,
    signal: AbortSignal,
  ) {
    checkReferenceOptions(system);
    const known = REFERENCE_PROPERTIES[set]!;
    const asked = readSelect(system.$select);
    const selected = asked === undefined || asked === "all" ? known : asked;
    const unknown = selected.find((name) => !known.includes(name));
    if (unknown !== undefined)
      throw new FeedRefusal("$select", `${set} has no property ${unknown.slice(0, 60)}: use ${known.join(", ")}.`);
    const top = rowsOption("$top", system.$top);
    const skip = rowsOption("$skip", system.$skip) ?? 0;
    const count = readCount(system.$count);
    const all = await referenceEntities(client, set, { signal });
    if (counting) return sendCount(reply, all.length);
    const rows = all
      .slice(skip, top === undefined || top === Number.POSITIVE_INFINITY ? undefined : skip + top)
      .map((row) => Object.fromEntries(selected.map((name) => [name, row[name] ?? null])));
    return sendJson(reply, {
      "@odata.context": `${originOf(request)}${FEED_ROOT}/$metadata#${set}${system.$select !== undefined ? `(${selected.join(",")})` : ""}`,
      ...(count ? { "@odata.count": all.length } : {}),
      value: rows,
    });
  }

  /**
   * LegacyStats: the legacy service answers a whole period at once, so each page asks it again
   * and sends its own rows of the answer (never a filter of it: the period is the service's).
   */
  async function legacyStats(
    request: FastifyRequest,
    reply: FastifyReply,
    credentials: FeedCredentials,
    system: QueryOptions["system"],
    counting: boolean,
    signal: AbortSignal,
  ) {
    if (!credentials.user || !credentials.token) {
      return sendFeedError(
        reply,
        401,
        "credentials_required",
        `LegacyStats needs your legacy API key and secret. ${LEGACY_SIGN_IN_HELP}`,
      );
    }
    // The key is a user name here: hidden whatever its length.
    credentials.redactor.addSecret(credentials.user);
    const query = readLegacyStatsQuery(system);
    const client = new LegacyClient({
      baseUrl: options.legacyServiceUrl!,
      apiKey: credentials.user,
      apiSecret: credentials.token,
      transport,
    });
    let answer: Awaited<ReturnType<LegacyClient["stats"]>>;
    let applications: Awaited<ReturnType<LegacyClient["applications"]>>["applications"];
    try {
      [answer, applications] = await Promise.all([
        client.stats({ from: query.from, to: query.to, groupBy: serviceGroupBy(query.groups) }, { signal }),
        needsApplications(query)
          ? client.applications({ signal }).then((list) => list.applications)
          : Promise.resolve([]),
      ]);
    } catch (error) {
      // The bearer interface's sign-in help speaks of a token: the legacy one takes a key and secret.
      if (isReportingError(error) && error.kind === "sign_in")
        return sendFeedError(
          reply,
          401,
          error.code,
          `The legacy service refused this API key and secret. ${LEGACY_SIGN_IN_HELP}`,
        );
      throw error;
    }
    const all = legacyEntities(answer, query, applications);
    if (counting) return sendCount(reply, all.length);
    const start = query.skip + query.sent;
    const end = Math.min(
      all.length,
      query.top === undefined ? Number.POSITIVE_INFINITY : query.skip + query.top,
      start + pageSize,
    );
    const rows = all.slice(start, Math.max(start, end));
    const sent = query.sent + rows.length;
    const more = start + rows.length < all.length && (query.top === undefined || sent < query.top);
    const origin = originOf(request);
    return sendJson(reply, {
      "@odata.context": `${origin}${FEED_ROOT}/$metadata#${LEGACY_STATS_SET}${system.$select !== undefined ? `(${query.properties.join(",")})` : ""}`,
      ...(query.count ? { "@odata.count": all.length } : {}),
      value: rows,
      ...(more
        ? { "@odata.nextLink": nextLinkOf(`${origin}${FEED_ROOT}/${LEGACY_STATS_SET}`, rawQueryOf(request.url), sent) }
        : {}),
    });
  }

  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    credentials: FeedCredentials,
    query: QueryOptions,
  ): Promise<unknown> {
    const path = feedPath(request.url);
    if (path === undefined)
      return sendFeedError(reply, 400, "invalid_request", "The address is not valid: check its % escapes.");
    if (path === "$metadata") {
      // CSDL is written as XML whatever Accept prefers (clients such as @odata/client ask every
      // address for JSON): only an explicit $format other than XML is refused.
      checkFormat(query.system.$format, undefined, "xml");
      return reply
        .code(200)
        .header("odata-version", "4.0")
        .header("cache-control", "no-store")
        .type(XML_TYPE)
        .send(metadata);
    }
    checkFormat(query.system.$format, request.headers.accept, "json");
    if (path === "") {
      const origin = originOf(request);
      return sendJson(reply, {
        "@odata.context": `${origin}${FEED_ROOT}/$metadata`,
        value: sets.map((name) => ({ name, kind: "EntitySet", url: name })),
      });
    }
    const [set = "", second, ...rest] = path.split("/");
    const counting = second === "$count";
    if (!sets.includes(set) || rest.length > 0 || (second !== undefined && !counting)) {
      // The path is not echoed: a caller may have put anything in it, a key among others.
      return sendFeedError(
        reply,
        404,
        "not_found",
        `This feed has no such address. Its entity sets are ${sets.join(", ")}, each at /odata/<name>.`,
      );
    }
    // The caller gone, the service is not kept waiting for an answer no one reads.
    const controller = new AbortController();
    reply.raw.once("close", () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    if (set === LEGACY_STATS_SET)
      return legacyStats(request, reply, credentials, query.system, counting, controller.signal);
    if (!credentials.token)
      return sendFeedError(
        reply,
        401,
        "credentials_required",
        `The feed needs your Reporting access token. ${SIGN_IN_HELP}`,
      );
    const client = new ReportingClient({ baseUrl: options.serviceUrl, token: credentials.token, transport });
    if (set === STATS_SET) return stats(request, reply, client, query.system, counting, controller.signal);
    if (isReferenceSet(set)) return reference(request, reply, client, set, query.system, counting, controller.signal);
    return sendFeedError(reply, 404, "not_found", `This feed has no ${set}.`);
  }

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    let credentials = readFeedCredentials(request.headers.authorization, new Map());
    try {
      const query = readQueryOptions(rawQueryOf(request.url));
      credentials = readFeedCredentials(request.headers.authorization, query.custom);
      return await answer(request, reply, credentials, query);
    } catch (error) {
      const sent = sendFeedFailure(reply, error, credentials.redactor);
      if (sent) return sent;
      throw error;
    }
  };
  app.get(FEED_ROOT, handler);
  app.get(`${FEED_ROOT}/*`, handler);
}
