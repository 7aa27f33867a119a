import { exportRouteOf, type ExportRouteFacts } from "../../../../../src/taskpane/tabs/query/export-route";

const ORIGIN = "https://addin.example.com";
const OFFER = { path: "/host/exports", bearerRoute: "/service/bearer" };
const MAC: ExportRouteFacts = {
  downloadsWork: false,
  hostExports: OFFER,
  canOpenInBrowser: true,
  baseUrl: `${ORIGIN}/service/bearer/`,
  origin: ORIGIN,
};

describe("where an export goes", () => {
  it("is a download wherever downloads work, whatever the host offers", () => {
    expect(exportRouteOf({ ...MAC, downloadsWork: true })).toBe("download");
    expect(exportRouteOf({ ...MAC, downloadsWork: true, hostExports: undefined, baseUrl: undefined })).toBe("download");
  });

  it("goes by way of the host only when the query's profile reaches the service through it", () => {
    expect(exportRouteOf(MAC)).toBe("host");
    expect(exportRouteOf({ ...MAC, baseUrl: "https://reporting.example.com" })).toBe("none");
    expect(exportRouteOf({ ...MAC, baseUrl: undefined })).toBe("none");
  });

  it("is nowhere without the host's offer or a browser to open", () => {
    expect(exportRouteOf({ ...MAC, hostExports: undefined })).toBe("none");
    expect(exportRouteOf({ ...MAC, canOpenInBrowser: false })).toBe("none");
  });
});
