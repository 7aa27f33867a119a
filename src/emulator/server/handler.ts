import type { IncomingMessage, ServerResponse } from "node:http";
import type { ReportingStore } from "../store/types";
import { bearerCaller, legacyCaller } from "./auth";
import { applyCors, isAllowedOrigin, isPreflight, preflightHeaders } from "./cors";
import { HttpError, forbidden, internalError, methodNotAllowed, notFound } from "./errors";
import type { ResolvedOptions } from "./options";
import { RateLimiter } from "./rate-limit";
import { sendError, sendNoContent } from "./respond";
import { matchRoute, normalisePath, type Route, type RouteContext } from "./router";

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function simulatedFailure(): HttpError {
  return new HttpError(
    500,
    "internal_error",
    "The service failed to answer (a failure simulated by the emulator's fail rate). Try again.",
    {
      simulated: true,
    },
  );
}

/**
 * The order of the checks is part of the contract: preflights never need a credential, an
 * unknown route or method is said before the credential is checked, and the rate limit and
 * simulated failures only ever count authenticated requests.
 */
export function createRequestHandler(
  routes: readonly Route[],
  store: ReportingStore,
  options: ResolvedOptions,
): RequestHandler {
  const limiter = new RateLimiter(options.rateLimitPerMinute, options.now);

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    applyCors(req, res, options.allowedOrigins);
    const url = new URL(req.url ?? "/", "http://emulator.invalid");
    const path = normalisePath(url.pathname);
    const method = req.method ?? "GET";

    if (isPreflight(req)) {
      const match = matchRoute(routes, "OPTIONS", path);
      if (match.kind === "unknown_path") throw notFound(path);
      if (!isAllowedOrigin(req.headers.origin ?? "", options.allowedOrigins)) {
        throw forbidden("This origin may not call the emulator. Start it with its address among the allowed origins.");
      }
      const allowed = match.kind === "wrong_method" ? match.allowed : [];
      return sendNoContent(res, preflightHeaders(req, allowed));
    }

    if (options.latencyMs > 0) await sleep(options.latencyMs);

    const match = matchRoute(routes, method, path);
    if (match.kind === "unknown_path") throw notFound(path);
    if (match.kind === "wrong_method") {
      if (method === "OPTIONS") return sendNoContent(res, { Allow: [...match.allowed, "OPTIONS"].join(", ") });
      throw methodNotAllowed(method, match.allowed);
    }

    const { route } = match;
    const context: RouteContext = { req, res, url, store, today: options.today };
    if (route.auth === "bearer") {
      const caller = bearerCaller(req, store.credentials);
      limiter.take(caller.key);
      if (options.random() < options.failRate) throw simulatedFailure();
      await route.handle(context, caller.credential);
    } else {
      const caller = legacyCaller(req, store.credentials);
      limiter.take(caller.key);
      if (options.random() < options.failRate) throw simulatedFailure();
      await route.handle(context, caller.credential);
    }
  }

  return (req, res) => {
    answer(req, res).catch((error: unknown) => {
      if (!(error instanceof HttpError)) options.onError(error);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      // Unread request bodies are drained by Node once the answer ends, keeping the connection usable.
      sendError(res, error instanceof HttpError ? error : internalError());
    });
  };
}
