import { ConnectionError, errorFromResponse, type ConnectionCause } from "../../../src/client/errors";
import { MissingCredentialsError } from "../../../src/core/missing-credentials";
import { commandFailureReason } from "../../../src/core/xlsx/package-refresh";

/**
 * The headless refresh's run log speaks to an operator at a command line: the error contract's
 * command wording names the credentials file, never a tab of the pane or an add-in to reload.
 */

const PANE_WORDS = /task pane|Connect tab\b|Query tab\b|Legacy tab\b|reload the add-in|sign in again|connect again/i;

const BODY = JSON.stringify({ error: { code: "some_code", message: "Something the service said" } });
const answered = [400, 401, 403, 404, 408, 413, 418, 422, 429, 500, 502, 503, 504].map((status) =>
  errorFromResponse(status, BODY, "/stats"),
);
const CAUSES: ConnectionCause[] = [
  "network",
  "offline",
  "refused",
  "unknown_host",
  "unreachable",
  "cross_origin",
  "insecure_address",
  "interrupted",
];
const unanswered = CAUSES.map((cause) => new ConnectionError({ route: "/stats", likelyCause: cause }));
const credentials = [
  new MissingCredentialsError(),
  new MissingCredentialsError({ profile: "Finance", needs: "bearer" }),
  new MissingCredentialsError({ profile: "Legacy", needs: "legacy" }),
  new MissingCredentialsError({ profile: "Nope", unknownProfile: true }),
  new MissingCredentialsError({ needs: "bearer" }),
];

describe("the command line's wording of errors", () => {
  it.each([...answered, ...unanswered, ...credentials].map((error) => [error.name, error.code, error] as const))(
    "%s (%s) names no place of the pane",
    (_name, _code, error) => {
      expect(error.paneMessage).toBeTruthy();
      expect(commandFailureReason(error)).not.toMatch(PANE_WORDS);
    },
  );

  it("points a missing token at the credentials file and its field", () => {
    expect(commandFailureReason(new MissingCredentialsError({ profile: "Finance", needs: "bearer" }))).toBe(
      'The profile "Finance" has no "token". Add it to that profile in the credentials file (--credentials), then run the refresh again.',
    );
    expect(commandFailureReason(errorFromResponse(401, BODY, "/stats"))).toMatch(
      /the credentials file \(--credentials\)/,
    );
  });

  it("words an unexpected failure for an operator too", () => {
    expect(commandFailureReason(new Error("boom"))).toBe(
      "Something unexpected went wrong. Try again; if it keeps happening, contact support.",
    );
  });
});
