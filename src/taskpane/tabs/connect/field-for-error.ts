import { isReportingError } from "../../../client/errors";
import { addressField, credentialFields, isProfileField, type ProfileField, type Side } from "./profile-fields";

/**
 * The fields of the profile form an error points to, the one to focus first: a refused
 * credential points to it; a wrong address (nothing found, a web page, a redirect, nothing
 * listening, a browser's refusal) to the address; a service that is merely down or slow to none.
 */

/** Failures to connect that the address causes, or that another address (the proxy's) avoids. */
const ADDRESS_CAUSES = new Set(["refused", "unknown_host", "unreachable", "cross_origin", "insecure_address"]);
/** Answers that are not the service's: the address leads somewhere else. */
const NOT_THE_SERVICE = new Set(["not_json", "empty"]);
const ADDRESS_CODES = new Set(["redirect_loop", "redirected_elsewhere", "not_found"]);

export function fieldsToFix(error: unknown, side: Side): ProfileField[] {
  if (!isReportingError(error)) return [];
  const details = error as unknown as {
    fields?: unknown;
    likelyCause?: unknown;
    unreadable?: unknown;
    serviceCode?: unknown;
  };
  if (Array.isArray(details.fields))
    return details.fields.filter((field): field is ProfileField => typeof field === "string" && isProfileField(field));
  if (error.kind === "sign_in" || error.kind === "access") return credentialFields(side);
  if (error.kind === "not_found" || ADDRESS_CODES.has(error.code)) return [addressField(side)];
  if (typeof details.likelyCause === "string" && ADDRESS_CAUSES.has(details.likelyCause)) return [addressField(side)];
  if (typeof details.unreadable === "string" && NOT_THE_SERVICE.has(details.unreadable)) return [addressField(side)];
  // The add-in server's proxy has no service behind the address the profile names.
  if (details.serviceCode === "proxy_not_configured") return [addressField(side)];
  return [];
}
