import { isReportingError } from "../../../../src/client/errors";
import { withByteOrderMark } from "../../../../src/core/exports/csv-export";
import { checkWorksheetFile, downloadsWork } from "../../../../src/taskpane/widgets/downloads";
import { plainMessage } from "../../../../src/taskpane/shell/status";

/** The largest file whose base64 (4 characters per 3 bytes) is `characters` long. */
const bytesEncodedIn = (characters: number) => Math.floor(characters / 4) * 3;

describe("what the pane can hand over on each platform", () => {
  it("point 4: offers no download on Excel for Mac, whose web view ignores them; everywhere else it does", () => {
    expect(downloadsWork("mac")).toBe(false);
    for (const platform of ["windows", "web", "other", undefined] as const) expect(downloadsWork(platform)).toBe(true);
  });

  it("point 4: on the web, refuses an Excel export whose base64 passes 5 MB, and says what to do instead", () => {
    let caught: unknown;
    try {
      checkWorksheetFile(bytesEncodedIn(5_000_000) + 3, "web"); // 5,000,004 characters
    } catch (error) {
      caught = error;
    }
    expect(isReportingError(caught)).toBe(true);
    expect(plainMessage(caught)).toBe(
      "This Excel export takes 5.1 MB once encoded for Excel, more than the 4.9 MB Excel on the web accepts from an add-in at once. " +
        "Use Export Excel and open the downloaded file, or narrow the query (a shorter period or fewer groups).",
    );
  });

  it("point 4: opens a file within the web's limit, and any size where Excel has no such limit", () => {
    expect(() => checkWorksheetFile(bytesEncodedIn(4_900_000), "web")).not.toThrow();
    expect(() => checkWorksheetFile(bytesEncodedIn(4_900_000) + 3, "web")).toThrow();
    for (const platform of ["mac", "windows"] as const)
      expect(() => checkWorksheetFile(20_000_000, platform)).not.toThrow();
  });
});

describe("file names and text", () => {
  it("adds the byte order mark once", () => {
    expect(withByteOrderMark("a,b")).toBe("\uFEFFa,b");
    expect(withByteOrderMark("\uFEFFa,b")).toBe("\uFEFFa,b");
  });
});
