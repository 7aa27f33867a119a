import { z } from "zod";

// Runs before any schema of src/api is built (webpack puts this module first in both entries): zod
// decides at construction whether an object schema may compile a fast path, probing
// `new Function("")`. The host's CSP refuses eval, so the probe would only log a violation; the
// page checks answers with the generated validator and runs zod only to name a refused field.
z.config({ jitless: true });
