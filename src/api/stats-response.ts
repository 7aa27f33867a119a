import { z } from "zod";
import { nonNegativeInteger } from "./primitives";

// A group value the service could not attribute (an unknown country, say) may come as null.
const groupValue = z.string().nullable().optional();
const metricValue = z.number().optional();

/**
 * Group keys are listed rather than a record, so that each known key is checked for its type.
 * The objects are loose (unknown keys kept, never fatal) so that a valid answer parses to
 * exactly its own JSON: the client can then validate a 100,000-row answer with a validator
 * that ajv generates from these schemas (scripts/generate-validators.ts, into
 * src/client/generated/) and return the parsed JSON as is, instead of letting zod copy every
 * row (see bench/stats-parse.bench.ts). After changing them, run `npm run generate:validators`.
 */
export const statsGroup = z.looseObject({
  date: groupValue,
  organization: groupValue,
  asset: groupValue,
  asset_type: groupValue,
  country: groupValue,
  ad_unit: groupValue,
  format: groupValue,
  integration_type: groupValue,
  device_types: groupValue,
});

export const statsMetrics = z.looseObject({
  impressions: metricValue,
  revenues: metricValue,
  ecpm: metricValue,
  requests: metricValue,
});

export const statsEntry = z.looseObject({
  group: statsGroup,
  metrics: statsMetrics,
});

/** Response of POST /stats (known-facts: `params`, `stats`, `total`). */
export const statsResponse = z.looseObject({
  // The request as the server understood it; kept as-is for diagnostics, never relied upon.
  params: z.unknown().optional(),
  stats: z.array(statsEntry),
  // Counts entries before offset/limit; inferred from the documentation, so optional.
  total: nonNegativeInteger.optional(),
});

export type StatsGroup = z.infer<typeof statsGroup>;
export type StatsMetrics = z.infer<typeof statsMetrics>;
export type StatsEntry = z.infer<typeof statsEntry>;
export type StatsResponse = z.infer<typeof statsResponse>;

/** The error body this project's emulator sends, and the one the client reads when present. */
export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;
