import { movedAnnouncement, removedAnnouncement } from "../../../../src/taskpane/widgets/ordered-list-text";

describe("ordered list announcements", () => {
  it("says where a moved entry now stands, counting from 1", () => {
    expect(movedAnnouncement("Country", 1, 3)).toBe("Country is now 1 of 3.");
  });

  it("says what is left after a removal, and when nothing is", () => {
    expect(removedAnnouncement("Format", 2)).toBe("Format removed; 2 left.");
    expect(removedAnnouncement("Date", 0)).toBe("Date removed; the list is empty.");
  });
});
