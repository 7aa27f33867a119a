import type { FormulaCall } from "./formula-call";

/**
 * The custom functions' namespaces. The development add-in registers its own: two installed
 * add-ins registering one namespace break each other's formulas (#REF!). A formula is read under
 * either, so a workbook made with one add-in stays editable with the other; each build writes
 * the namespace its manifest registers (webpack.config.js, scripts/webpack/manifest.js).
 */
export const FUNCTION_NAMESPACES = Object.freeze({ production: "REPORTING", development: "REPORTINGDEV" } as const);

export type FunctionNamespace = (typeof FUNCTION_NAMESPACES)[keyof typeof FUNCTION_NAMESPACES];

// Longest first, so that REPORTINGDEV is never read as REPORTING followed by DEV.
const NAMESPACES: readonly FunctionNamespace[] = Object.values(FUNCTION_NAMESPACES).sort((a, b) => b.length - a.length);
const ADDIN_CALL = new RegExp(`\\b(?:${NAMESPACES.join("|")})\\.|_xldudf_(?:${NAMESPACES.join("|")})_`, "i");

/** The namespace a build was given (undefined outside a webpack build, as in unit tests: production's). */
export function functionNamespaceOf(value: string | undefined): FunctionNamespace {
  return NAMESPACES.find((namespace) => namespace === value) ?? FUNCTION_NAMESPACES.production;
}

/**
 * The add-in function `call` calls, without its namespace and with dots (`STATS`,
 * `LEGACY.STATS`); undefined when it calls no function of either namespace.
 */
export function addinFunctionOf(call: FormulaCall): string | undefined {
  const separator = call.placeholder ? "_" : ".";
  const namespace = NAMESPACES.find((candidate) => call.name.startsWith(`${candidate}${separator}`));
  if (namespace === undefined) return undefined;
  const rest = call.name.slice(namespace.length + 1);
  return call.placeholder ? rest.replace(/_/g, ".") : rest;
}

/** True when `call` calls the add-in's `name` (`STATS`) under either namespace, registered or still a placeholder. */
export function callsAddinFunction(call: FormulaCall, name: string): boolean {
  const wanted = name.toUpperCase();
  const separator = call.placeholder ? "_" : ".";
  const spelled = call.placeholder ? wanted.replace(/\./g, "_") : wanted;
  return NAMESPACES.some((namespace) => call.name === `${namespace}${separator}${spelled}`);
}

/** True when a formula's text calls a function of either namespace anywhere in it (the Queries tab's count). */
export function mentionsAddinFunction(formula: string): boolean {
  return ADDIN_CALL.test(formula);
}
