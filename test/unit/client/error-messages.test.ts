import { ReportingError } from "../../../src/client/errors";
import {
  errorInitOf,
  MESSAGES,
  wordingsOf,
  type MessageFacts,
  type MessageId,
} from "../../../src/client/errors/messages";
import { createRedactor, patternRedactor } from "../../../src/client/redact";

/**
 * The catalogue of messages (src/client/errors/messages.ts) holds every wording of the client's
 * errors, so one pass over it checks them all: each tells a finance analyst what to do next, and
 * none can carry a credential to a cell, the pane or a command line.
 */

const IDS = Object.keys(MESSAGES) as MessageId[];

/** Cancelling is the user's own act: the message only confirms it. */
const NOTHING_TO_DO: readonly MessageId[] = ["aborted"];

/** An imperative at the start of a sentence or clause: "Check the service address…", "…, then try again". */
const NEXT_STEP =
  /(?:^|[.;:,]\s+|\b(?:or|then|and|so)\s+)(?:check|try|wait|refresh|contact|copy|paste|enter|use|choose|remove|correct|connect|export|download|tell|ask|run)\b/i;

/** The facts each entry may quote: none, then all of them (every optional branch of a wording). */
const FACT_SETS: [string, MessageFacts][] = [
  ["no facts but the route", { route: "/stats" }],
  [
    "every fact",
    {
      route: "/stats",
      status: 503,
      serviceMessage: "The period may span at most 1096 days (maxPeriodDays).",
      retryAfterSeconds: 90,
      limitBytes: 64 * 1024 * 1024,
      timeoutMs: 45_000,
      target: "https://elsewhere.test",
      scheme: "javascript:",
      hops: 5,
      issues: [
        { path: "stats.0.day", message: "expected a date" },
        { path: "stats.1", message: "missing" },
      ],
      issueCount: 40,
    },
  ],
];

const SECRET = "Zq9-arbitrary.token~value";
/** Every fact a wording quotes holds the credential, as a hostile or careless service could make it. */
const LEAKY_FACTS: MessageFacts = {
  route: `/stats/${SECRET}`,
  status: 400,
  serviceMessage: `token=${SECRET} is not valid; Authorization: Bearer ${SECRET}`,
  retryAfterSeconds: 30,
  limitBytes: 1024,
  timeoutMs: 1_000,
  target: `https://${SECRET}.test`,
  scheme: `${SECRET}:`,
  hops: 2,
  issues: [{ path: `filters.${SECRET}`, message: `${SECRET} is wrong` }],
};

describe("the catalogue of error messages", () => {
  const cases = IDS.flatMap((id) => FACT_SETS.map(([label, facts]) => [id, label, facts] as const));

  it.each(cases.filter(([id]) => !NOTHING_TO_DO.includes(id)))(
    "%s, with %s, says what to do next on every surface",
    (id, _label, facts) => {
      const { cell, pane, command } = wordingsOf(id, facts);
      expect(cell).toMatch(NEXT_STEP);
      expect(pane).toMatch(NEXT_STEP);
      expect(command).toMatch(NEXT_STEP);
    },
  );

  it("exempts only what the user did on purpose", () => {
    expect(NOTHING_TO_DO.map((id) => MESSAGES[id].kind)).toEqual(["cancelled"]);
    // The check above can fail: a message that only describes the failure does not pass it.
    expect("The service failed.").not.toMatch(NEXT_STEP);
  });

  it.each(cases)("%s, with %s, holds nothing that looks like a credential", (id, _label, facts) => {
    const { cell, pane, command } = wordingsOf(id, facts);
    for (const text of [cell, pane, command]) expect(patternRedactor.redact(text)).toBe(text);
  });

  it.each(IDS)("%s carries no credential a service put into its facts to any surface", (id) => {
    const error = new ReportingError({ ...errorInitOf(id, LEAKY_FACTS), redactor: createRedactor([SECRET]) });
    for (const text of [error.message, error.cellMessage, error.paneMessage, error.commandMessage])
      expect(text).not.toContain(SECRET);
  });

  it("gives each code one kind and one retry decision, whatever the variant", () => {
    const byCode = new Map<string, Set<string>>();
    for (const id of IDS) {
      const { code, kind, retryable } = MESSAGES[id];
      byCode.set(code, (byCode.get(code) ?? new Set()).add(`${kind}/${retryable}`));
    }
    // http_error's kind follows the status (413 too large, 5xx unavailable, others refused).
    byCode.delete("http_error");
    for (const [code, variants] of byCode) expect([code, variants.size]).toEqual([code, 1]);
  });
});
