import fc from "fast-check";
import { FUZZ_SEED } from "./fuzz-seed";

// Every property test draws from one seed, so a CI failure replays as it happened (fast-check
// prints the seed and path of a failure); FUZZ_SEED=<n> explores other inputs.
fc.configureGlobal({ seed: FUZZ_SEED });
