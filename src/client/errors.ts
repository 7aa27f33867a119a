/**
 * The one error contract for every surface, from its parts in ./errors/: the contract and its
 * classes, the catalogue of messages, the reading of error bodies and the formatting of facts.
 */
export * from "./errors/contract";
export * from "./errors/api-errors";
export * from "./errors/transport-errors";
export * from "./errors/answer-errors";
export * from "./errors/error-bodies";
export { formatDuration, formatLimit, formatSeconds } from "./errors/formatting";
