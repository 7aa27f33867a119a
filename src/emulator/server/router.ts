import type { IncomingMessage, ServerResponse } from "node:http";
import type { BearerCredential, LegacyCredential, ReportingStore } from "../store/types";

export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  store: ReportingStore;
  /** The emulator's today (YYYY-MM-DD), the reference of default periods. */
  today: string;
}

export type Method = "GET" | "POST";

export type Route =
  | {
      path: string;
      method: Method;
      auth: "bearer";
      handle(context: RouteContext, caller: BearerCredential): Promise<void>;
    }
  | {
      path: string;
      method: Method;
      auth: "legacy";
      handle(context: RouteContext, caller: LegacyCredential): Promise<void>;
    };

export type RouteMatch =
  { kind: "found"; route: Route } | { kind: "unknown_path" } | { kind: "wrong_method"; allowed: Method[] };

/** One trailing slash is forgiven: `/api/stats/` is `/api/stats`. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
}

export function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch {
  const samePath = routes.filter((route) => route.path === path);
  if (samePath.length === 0) return { kind: "unknown_path" };
  const route = samePath.find((candidate) => candidate.method === method);
  return route
    ? { kind: "found", route }
    : { kind: "wrong_method", allowed: samePath.map((candidate) => candidate.method) };
}
