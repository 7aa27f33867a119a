import { entryAfterRemoval } from "../../../../src/taskpane/widgets/ordered-list";

describe("focus after removing an entry of an ordered list", () => {
  it("goes to the entry that took the removed one's place, or the one before when the last went", () => {
    expect(entryAfterRemoval(0, 2)).toBe(0);
    expect(entryAfterRemoval(1, 2)).toBe(1);
    expect(entryAfterRemoval(2, 2)).toBe(1);
  });

  it("leaves the list when it is empty (the caller's Add control takes focus)", () => {
    expect(entryAfterRemoval(0, 0)).toBeUndefined();
  });
});
