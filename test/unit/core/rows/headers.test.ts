import { knownReadableName, readableColumnName } from "../../../../src/core/rows/headers";

describe("readable column names", () => {
  it("names groups and metrics as the readable header row does", () => {
    expect(readableColumnName("ad_unit")).toBe("Ad unit");
    expect(readableColumnName("device_types")).toBe("Device type");
    expect(readableColumnName("ecpm")).toBe("eCPM");
    expect(readableColumnName("revenues")).toBe("Revenues");
  });

  it("keeps a name it does not know, including names of Object's prototype", () => {
    expect(readableColumnName("odd name")).toBe("odd name");
    expect(readableColumnName("constructor")).toBe("constructor");
    expect(readableColumnName("toString")).toBe("toString");
    expect(knownReadableName("revenue")).toBeUndefined();
    expect(knownReadableName("__proto__")).toBeUndefined();
  });
});
