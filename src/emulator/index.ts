export { startEmulator, BEARER_PREFIX, type RunningEmulator } from "./server/start";
export type { EmulatorOptions } from "./server/options";
export type { OriginRule } from "./server/cors";
export type { DemoCredentials, BearerCredential, LegacyCredential } from "./store/types";
