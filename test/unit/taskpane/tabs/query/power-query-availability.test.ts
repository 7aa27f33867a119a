import { isODataAnswer, powerQueryAvailability } from "../../../../../src/taskpane/tabs/query/power-query-availability";

describe("whether Open in Power Query can work here", () => {
  it("needs the page's server to answer as an OData v4 feed, with or without a credential", () => {
    expect(isODataAnswer(200, "4.0")).toBe(true);
    expect(isODataAnswer(401, "4.0")).toBe(true);
    expect(isODataAnswer(200, "4.01")).toBe(true);
    // A static host or the dev server: no feed.
    expect(isODataAnswer(404, null)).toBe(false);
    expect(isODataAnswer(200, null)).toBe(false);
    expect(isODataAnswer(200, "3.0")).toBe(false);
    expect(isODataAnswer(500, "4.0")).toBe(false);
  });

  it("says why not, in words a user can act on", () => {
    expect(powerQueryAvailability({ feed: "feed", downloadsWork: true, hostMakesFiles: false })).toEqual({
      ready: true,
      route: "download",
    });
    // Excel for Mac: the add-in's server makes the file and the browser saves it, as for the exports.
    expect(powerQueryAvailability({ feed: "feed", downloadsWork: false, hostMakesFiles: true })).toEqual({
      ready: true,
      route: "host",
    });
    const none = powerQueryAvailability({ feed: "none", downloadsWork: true, hostMakesFiles: true });
    expect(none).toEqual({
      ready: false,
      reason: expect.stringMatching(/needs the add-in to come from its own server.*ask whoever installed the add-in/),
    });
    const mac = powerQueryAvailability({ feed: "feed", downloadsWork: false, hostMakesFiles: false });
    expect(mac).toEqual({
      ready: false,
      reason: expect.stringMatching(/Excel for Mac does not let add-ins save files/),
    });
    expect(powerQueryAvailability({ feed: "checking", downloadsWork: true, hostMakesFiles: false }).ready).toBe(false);
  });
});
