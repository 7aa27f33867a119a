import { lockProblem } from "../../../src/headless/refresh-schedule";

const failure = (code: string) => Object.assign(new Error(`${code}: /srv/workbooks/.book.xlsx.refresh-lock`), { code });

describe("lockProblem (a scheduled refresh's lock that could not be written)", () => {
  it("says what to do for a folder the server may not write in, as systemd's ProtectSystem=strict leaves it", () => {
    for (const code of ["EROFS", "EACCES", "EPERM"])
      expect(lockProblem(failure(code))).toMatch(
        /^The lock file beside this workbook could not be written, so it was not refreshed: .+ Give the server's user write access to the folder of workbooks \(with systemd, ReadWritePaths=\); the next run refreshes it\.$/,
      );
    expect(lockProblem(failure("EROFS"))).toContain("the folder is read-only for the server.");
    expect(lockProblem(failure("ENOSPC"))).toContain("the disk is full. Free some space");
  });

  it("names an error it has no words for by its code, and never the server's paths", () => {
    expect(lockProblem(failure("EIO"))).toContain("the system said EIO. Check the folder of workbooks");
    expect(lockProblem(new Error("no code"))).toContain("written, so it was not refreshed: an unexpected error. Check");
    for (const code of ["EROFS", "EIO", "ENAMETOOLONG"]) expect(lockProblem(failure(code))).not.toContain("/srv");
  });
});
