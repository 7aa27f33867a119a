// Stands in for src/taskpane/taskpane.ts: records which instance of the shared module it got.
const { instance } = require("./shared");

(globalThis.entriesRun ??= []).push({ entry: "taskpane", instance });
