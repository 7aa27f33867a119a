// Stands in for src/functions/functions.ts: records which instance of the shared module it got.
const { instance } = require("./shared");

(globalThis.entriesRun ??= []).push({ entry: "functions", instance });
