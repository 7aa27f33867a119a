import { ConnectionError, errorFromResponse } from "../../../../../src/client/errors";
import type { ProfileClients } from "../../../../../src/core/runtime/profile-clients";
import {
  checkConnection,
  checkElapsedText,
  fieldsToMark,
  problemsOf,
} from "../../../../../src/taskpane/tabs/connect/connection-check";

function clients(
  reporting: () => Promise<unknown>,
  legacy?: () => Promise<unknown>,
): ProfileClients & { signals: AbortSignal[] } {
  const signals: AbortSignal[] = [];
  return {
    signals,
    reporting: { details: (options: { signal: AbortSignal }) => (signals.push(options.signal), reporting()) },
    ...(legacy
      ? { legacy: { applications: (options: { signal: AbortSignal }) => (signals.push(options.signal), legacy()) } }
      : {}),
  } as unknown as ProfileClients & { signals: AbortSignal[] };
}

const organizations = async () => ({ organizations: [{ value: "1", label: "Acme" }] });
const applications = async () => ({ applications: [{ name: "Game", platform: "ANDROID" }] });

describe("checkConnection", () => {
  it("tries both interfaces of a profile that has both, with the test's signal, and names what each reached", async () => {
    const fake = clients(organizations, applications);
    const signal = new AbortController().signal;
    expect(await checkConnection(fake, signal)).toEqual([
      { side: "reporting", ok: true, reached: ["Acme"] },
      { side: "legacy", ok: true, reached: ["Game (ANDROID)"] },
    ]);
    expect(fake.signals).toEqual([signal, signal]);
  });

  it("keeps each side's failure, and points every failure to its field, the first one first", async () => {
    const refused = errorFromResponse(401, "", "/reporting/v1/applications", { credentials: "apiKey" });
    const results = await checkConnection(
      clients(
        async () => Promise.reject(new ConnectionError({ route: "/details", likelyCause: "refused" })),
        async () => Promise.reject(refused),
      ),
      new AbortController().signal,
    );
    const problems = problemsOf(results);
    expect(problems.map((problem) => [problem.side, problem.fields])).toEqual([
      ["reporting", ["baseUrl"]],
      ["legacy", ["apiKey", "apiSecret"]],
    ]);
    expect(fieldsToMark(problems)).toEqual(["baseUrl", "apiKey", "apiSecret"]);
  });

  it("finds no problem when every side connects, and tries nothing without clients", async () => {
    expect(problemsOf(await checkConnection(clients(organizations), new AbortController().signal))).toEqual([]);
    expect(await checkConnection({}, new AbortController().signal)).toEqual([]);
  });
});

describe("checkElapsedText", () => {
  it("shows the time once a test takes a second or more, as the Query tab's waits say it", () => {
    expect(checkElapsedText(400)).toBe("");
    expect(checkElapsedText(1_000)).toBe("1 s");
    expect(checkElapsedText(12_900)).toBe("12 s");
    expect(checkElapsedText(65_000)).toBe("1 min 05 s");
  });
});
