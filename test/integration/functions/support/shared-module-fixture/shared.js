// Imported by both fixture entries. Each evaluation of this module counts itself on the page,
// so the page can tell one shared instance from one copy per entry.
globalThis.sharedModuleEvaluations = (globalThis.sharedModuleEvaluations ?? 0) + 1;

module.exports = { instance: { createdAt: globalThis.sharedModuleEvaluations } };
