/**
 * Every refusal the emulator sends is one of these, turned into the shared `errorBody` shape
 * in one place, so no route can leak a stack trace or a secret by building its own answer.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export interface Problem {
  path: string;
  message: string;
}

export function badRequest(message: string, problems?: Problem[]): HttpError {
  return new HttpError(400, "invalid_request", message, problems ? { problems } : undefined);
}

/** A documented limit the request goes past; `limit` is its name in SERVICE_LIMITS. */
export interface LimitProblem extends Problem {
  limit: string;
  maximum: number;
  received: number;
}

export function limitExceeded(problems: LimitProblem[]): HttpError {
  return new HttpError(400, "limit_exceeded", problems.map((problem) => problem.message).join(" "), { problems });
}

/** `challenge` is the WWW-Authenticate value (RFC 9110); the legacy headers have no scheme to name. */
export function unauthorized(message: string, challenge?: string): HttpError {
  return new HttpError(401, "unauthorized", message, undefined, challenge ? { "WWW-Authenticate": challenge } : {});
}

export function forbidden(message: string): HttpError {
  return new HttpError(403, "forbidden", message);
}

export function notFound(path: string): HttpError {
  return new HttpError(
    404,
    "not_found",
    `There is no route ${path} here. Check the address against the service's documentation.`,
  );
}

export function methodNotAllowed(method: string, allowed: readonly string[]): HttpError {
  return new HttpError(
    405,
    "method_not_allowed",
    `This route does not answer ${method}; use ${allowed.join(" or ")}.`,
    { allowed },
    { Allow: allowed.join(", ") },
  );
}

export function internalError(message = "The service met an unexpected problem. Try again in a moment."): HttpError {
  return new HttpError(500, "internal_error", message);
}
