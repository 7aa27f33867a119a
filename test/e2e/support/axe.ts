import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** WCAG 2.1 A and AA, and axe's best practices (landmarks, one main, list structure). */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

type Result = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

const HTML_EXCERPT = 160;
const NODES_LISTED = 5;

function excerpt(html: string): string {
  const flat = html.replace(/\s+/g, " ").trim();
  return flat.length > HTML_EXCERPT ? `${flat.slice(0, HTML_EXCERPT)}…` : flat;
}

/** One paragraph per rule broken: id, impact, how many elements, and the first few of them. */
function describeViolations(violations: readonly Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, NODES_LISTED)
        .map((node) => `    ${node.target.join(" ")}\n      ${excerpt(node.html)}`);
      const more =
        violation.nodes.length > NODES_LISTED ? [`    … and ${violation.nodes.length - NODES_LISTED} more`] : [];
      return [
        `- ${violation.id} (${violation.impact ?? "no impact given"}) x${violation.nodes.length}: ${violation.help}`,
        ...nodes,
        ...more,
      ].join("\n");
    })
    .join("\n");
}

/** The axe-core violations of the page as it is now. */
async function accessibilityViolations(page: Page): Promise<Result[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations;
}

/** Fails with a readable list of what axe-core finds wrong in `stateName`, the state on screen. */
export async function expectAccessible(page: Page, stateName: string): Promise<void> {
  const violations = await accessibilityViolations(page);
  if (violations.length > 0) {
    throw new Error(`Accessibility violations in "${stateName}" (axe-core):\n${describeViolations(violations)}`);
  }
}
