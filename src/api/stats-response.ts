import { z } from "zod";
import { nonNegativeInteger } from "./primitives";

// A group value the service could not attribute (an unknown country, say) may come as null.
const groupValue = z.string().nullable().optional();
const metricValue = z.number().optional();

/**
 * Group keys are listed rather than a record: zod compiles a fixed-key object into one fast
 * function, which keeps 100,000-row answers near the cost of JSON.parse (see bench/).
 * Unknown keys are dropped, never fatal.
 */
export const statsGroup = z.object({
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

export const statsMetrics = z.object({
  impressions: metricValue,
  revenues: metricValue,
  ecpm: metricValue,
  requests: metricValue,
});

export const statsEntry = z.object({
  group: statsGroup,
  metrics: statsMetrics,
});

/** Response of POST /stats (known-facts: `params`, `stats`, `total`). */
export const statsResponse = z.object({
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
