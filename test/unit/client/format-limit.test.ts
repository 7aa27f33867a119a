import { formatLimit } from "../../../src/client/errors";
import { DeadlineError } from "../../../src/core/deadline";

/** A limit read back in a message is the limit as it was set, in the unit a person would set it in. */
describe("formatLimit", () => {
  it("says whole hours, whole minutes, else seconds, never rounded to a larger unit", () => {
    expect([7_200_000, 1_800_000, 150_000, 120_000, 90_000, 2_000, 1_000, 400].map(formatLimit)).toEqual([
      "2 hours",
      "30 minutes",
      "150 seconds",
      "2 minutes",
      "90 seconds",
      "2 seconds",
      "1 second",
      "1 second",
    ]);
  });

  it("is how a cell's deadline is quoted: 90 seconds is not 2 minutes", () => {
    expect(new DeadlineError(90_000).userMessage).toContain("(more than 90 seconds)");
    expect(new DeadlineError(120_000).userMessage).toContain("(more than 2 minutes)");
  });
});
