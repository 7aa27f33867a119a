import { functionNamespaceOf } from "../../core/formula-namespace";

/**
 * The functions' namespace the manifest of this build registers, set by webpack.config.js
 * (REPORTINGDEV in development builds, REPORTING in production ones): the namespace the pane
 * writes into formulas, so that they call the add-in that wrote them.
 */
export const BUILD_NAMESPACE = functionNamespaceOf(process.env.REPORTING_FUNCTIONS_NAMESPACE);
