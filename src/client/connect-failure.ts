import SYSTEM_CODES from "./connect-failure-codes.json";

/**
 * Why a connection got no answer, read from the system's code of the failure (Node's fetch and
 * HTTP stack name one; a browser names none). One table, a JSON file so that the dev server's
 * proxy (scripts/webpack/service-proxy.js, plain JavaScript) reads it too, for the add-in's
 * client (src/client/unanswered.ts) and its server's proxy and exports (src/host).
 * - `refused`: the computer answered, but nothing listens at the port;
 * - `unknown_host`: the host name resolves to no computer (EAI_AGAIN: not now, maybe later);
 * - `timeout`: the connection was not accepted in time;
 * - `unreachable`: no route to the computer or its network.
 */
export type ConnectFailure = "refused" | "unknown_host" | "timeout" | "unreachable";

export const CONNECT_FAILURES: readonly ConnectFailure[] = ["refused", "unknown_host", "timeout", "unreachable"];

const BY_SYSTEM_CODE: Readonly<Record<string, ConnectFailure>> = SYSTEM_CODES as Record<string, ConnectFailure>;

/** Undefined for a code the table does not name, and for names of Object's own properties (`constructor`). */
export function connectFailureOf(systemCode: string | undefined): ConnectFailure | undefined {
  if (systemCode === undefined || !Object.prototype.hasOwnProperty.call(BY_SYSTEM_CODE, systemCode)) return undefined;
  return BY_SYSTEM_CODE[systemCode];
}
