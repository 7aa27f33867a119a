/**
 * A few scenarios of the fault table through the BUILT functions bundle, as Excel would run a
 * STATS cell: against the hostile server, every cell settles, to its numbers or to a cell error
 * with the contract's message, and none stays #BUSY!.
 */
import {
  buildFunctionsBundle,
  cellErrorOf,
  loadFunctionsBundle,
  type BuiltBundle,
  type LoadedBundle,
} from "../functions/support/functions-bundle";
import { startHostileServer, type HostileServer, type Mount } from "./support/hostile-server";
import { answerWell, htmlPage, redirectTo, status, tooManyRequests, TOKEN } from "./support/scenarios";

const PROFILES_KEY = "reporting.profiles.v1";
/** Far below the cell's own 2-minute deadline: a cell that settles only at the deadline has hung. */
const SETTLES_WITHIN_MS = 15_000;

let built: BuiltBundle;
let server: HostileServer;
let bundle: LoadedBundle;
const mounts: Record<string, Mount> = {};

const SCENARIOS = {
  Burst: [status(500), status(500), answerWell],
  Limited: [tooManyRequests(() => "3600")],
  Elsewhere: [redirectTo(({ collectorOrigin, route }) => `${collectorOrigin}${route}`, 307)],
  Loop: [redirectTo(({ baseUrl, route }) => `${baseUrl}${route}`)],
  Html: [htmlPage(200)],
};

beforeAll(async () => {
  [built, server] = await Promise.all([buildFunctionsBundle(), startHostileServer(answerWell)]);
  const profiles = Object.entries(SCENARIOS).map(([name, faults]) => {
    mounts[name] = server.mount(`bundle ${name}`, faults);
    return { name, kind: "bearer", baseUrl: mounts[name]!.baseUrl, legacyBaseUrl: mounts[name]!.baseUrl, token: TOKEN };
  });
  bundle = loadFunctionsBundle(built, {
    storage: { [PROFILES_KEY]: JSON.stringify({ profiles, active: "Burst" }) },
    localNow: { year: 2026, month: 6, day: 30 },
  });
}, 240_000);

afterAll(() => server?.close());

/** A STATS cell over the hostile server's four days, through the profile named. */
function statsCell(profile: string): Promise<unknown> {
  const cell = bundle.call("STATS", [
    "2026-06-01",
    "2026-06-04",
    [["date"]],
    [["revenues, impressions"]],
    null,
    null,
    [[`profile=${profile}; cache=0`]],
  ]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise(
    (_resolve, reject) =>
      (timer = setTimeout(
        () => reject(new Error(`the ${profile} cell did not settle within ${SETTLES_WITHIN_MS} ms`)),
        SETTLES_WITHIN_MS,
      )),
  );
  return Promise.race([cell, hung]).finally(() => clearTimeout(timer));
}

it("a 500 burst, then success: the cell shows the numbers after the retries", async () => {
  const result = (await statsCell("Burst")) as unknown[][];
  expect(result[0]).toEqual(["Date", "Revenues", "Impressions"]);
  expect(result.slice(1).map((row) => row.slice(1))).toEqual([
    [1.25, 100],
    [2.5, 200],
    [3.75, 300],
    [5, 400],
  ]);
  expect(mounts.Burst!.requests).toBe(3);
}, 30_000);

it("429 with Retry-After: 3600: #N/A at once, saying how long to wait", async () => {
  const error = await cellErrorOf(statsCell("Limited"));
  expect(error.code).toBe("#N/A");
  expect(error.message).toMatch(/^The service is receiving too many requests\. Wait 60 minutes and refresh\./);
  expect(mounts.Limited!.requests).toBe(1);
});

it("a redirect to another origin: #N/A with the redirect error, and nothing sent there", async () => {
  const error = await cellErrorOf(statsCell("Elsewhere"));
  expect(error.code).toBe("#N/A");
  expect(error.message).toMatch(
    /sends the add-in on to another site \(http:\/\/127\.0\.0\.1:\d+\)\. To keep your credentials safe/,
  );
  expect(server.collected).toEqual([]);
});

it("a redirect loop: #N/A after a few hops", async () => {
  const error = await cellErrorOf(statsCell("Loop"));
  expect(error).toMatchObject({ code: "#N/A", message: expect.stringMatching(/keeps redirecting/) });
  expect(mounts.Loop!.requests).toBe(6);
});

it("an HTML page where JSON was expected: #N/A naming the address to check", async () => {
  const error = await cellErrorOf(statsCell("Html"));
  expect(error).toMatchObject({ code: "#N/A", message: expect.stringMatching(/not JSON.*Check the service address/) });
});
