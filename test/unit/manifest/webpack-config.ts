import { createRequire } from "node:module";
import { join } from "node:path";
import type { Configuration } from "webpack";

export const projectRoot = join(__dirname, "..", "..", "..");
/** The project's own copies of webpack and its plugins, so `instanceof` matches the configuration's. */
export const requireFromProject = createRequire(join(projectRoot, "package.json"));

type ConfigFactory = (env: Record<string, unknown>, argv: { mode: string }) => Promise<Configuration>;
const configure = requireFromProject("./webpack.config.js") as ConfigFactory;

const VARIABLES = ["REPORTING_ADDIN_URL", "REPORTING_OFFICE_JS"] as const;
export type BuildVariables = Partial<Record<(typeof VARIABLES)[number], string>>;

/**
 * webpack.config.js as `webpack --mode <mode>` sees it with exactly these of our variables set
 * (the others unset, whatever the shell running the tests exports).
 */
export async function configWith(variables: BuildVariables, mode = "production"): Promise<Configuration> {
  const saved = VARIABLES.map((name) => [name, process.env[name]] as const);
  for (const name of VARIABLES) {
    if (variables[name] === undefined) delete process.env[name];
    else process.env[name] = variables[name];
  }
  try {
    return await configure({}, { mode });
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
