export * from "./primitives";
export * from "./stats-request";
export * from "./stats-response";
export * from "./reference";
export * from "./legacy";
export * from "./routes";
