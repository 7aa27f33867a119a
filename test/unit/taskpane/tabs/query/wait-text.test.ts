import { clockText, waitingText } from "../../../../../src/taskpane/tabs/query/wait-text";

const at = (ms: number) => `t+${ms / 1000}`;

describe("the words of a long wait", () => {
  it("writes the time of day on the user's clock", () => {
    expect(clockText(new Date(2026, 2, 18, 9, 5, 7))).toBe("09:05:07");
  });

  it("shows the time waited", () => {
    expect(waitingText(1_000, 13_000, undefined, at)).toBe("Waiting for the service… 12 s");
  });

  it("says when the service asked to wait and when the next try starts, until it starts", () => {
    const retry = { atMs: 20_000, delayMs: 10_000, askedByService: true };
    expect(waitingText(0, 11_000, retry, at)).toBe(
      "The service asked to wait 10 s; trying again at t+20. Waiting for the service… 11 s",
    );
    expect(waitingText(0, 21_000, retry, at)).toBe("Waiting for the service… 21 s");
  });

  it("tells our own backoff apart from a wait the service asked for", () => {
    const retry = { atMs: 3_000, delayMs: 400, askedByService: false };
    expect(waitingText(0, 2_800, retry, at)).toBe(
      "The service did not answer; trying again at t+3. Waiting for the service… 2 s",
    );
  });
});
