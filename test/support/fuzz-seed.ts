/** The seed of every property test, so that CI sees the same inputs; FUZZ_SEED=<n> explores others. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_260_630);
