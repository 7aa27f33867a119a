import { errorBody } from "../../api/stats-response";
import type { CredentialKind } from "./contract";
import type { Redactor } from "../redact";
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  type ApiErrorInit,
} from "./api-errors";

/**
 * The reading of an answer outside 2xx, whatever its body: the service's error shape, the shapes
 * of other services and gateways (the legacy interface, a proxy), text, an HTML page, nothing.
 */

/** The service's code and message from an error body: our `errorBody` first, then common shapes. */
export function readServiceError(body: string | undefined): { serviceCode?: string; serviceMessage?: string } {
  if (!body || !/^\s*[{[]/.test(body)) return {};
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return {};
  }
  const ours = errorBody.safeParse(json);
  if (ours.success) return { serviceCode: ours.data.error.code, serviceMessage: ours.data.error.message };
  if (typeof json !== "object" || json === null) return {};
  const record = json as Record<string, unknown>;
  const nested =
    typeof record.error === "object" && record.error !== null ? (record.error as Record<string, unknown>) : {};
  const message = [record.message, nested.message, record.error, record.detail, record.error_description].find(
    (value): value is string => typeof value === "string" && value.trim() !== "",
  );
  const code = [nested.code, record.code].find((value): value is string => typeof value === "string");
  return {
    ...(code === undefined ? {} : { serviceCode: code }),
    ...(message === undefined ? {} : { serviceMessage: message }),
  };
}

export interface ErrorContext {
  credentials?: CredentialKind | undefined;
  retryAfterSeconds?: number | undefined;
  requestId?: string | undefined;
  redactor?: Redactor | undefined;
}

/** The error for a non-2xx answer; copes with any body (JSON, text, HTML, empty). */
export function errorFromResponse(
  status: number,
  body: string | undefined,
  route: string,
  context: ErrorContext = {},
): ApiError {
  const init: ApiErrorInit = { status, route, body, ...readServiceError(body), ...context };
  if (status === 400 || status === 422) return new BadRequestError(init);
  if (status === 401) return new AuthenticationError(init);
  if (status === 403) return new PermissionDeniedError(init);
  if (status === 404) return new NotFoundError(init);
  if (status === 429) return new RateLimitError(init);
  if (status >= 500 && status <= 599) return new ServerError(init);
  return new ApiError(init);
}
