import {
  bearerScope,
  demoLoginLines,
  legacyScope,
  type DemoLoginNames,
} from "../../../../src/emulator/server/demo-logins";

const names: DemoLoginNames = {
  organizations: new Map([
    ["org-1", "Northwind"],
    ["org-2", "Contoso"],
    ["org-3", "Fabrikam"],
  ]),
  publishers: new Map([
    [11, "Northwind Labs"],
    [12, "Northwind Labs"],
    [21, "Contoso Publishing"],
  ]),
};

describe("the demo logins npm start prints: each credential under what it sees", () => {
  it("names the organizations a token sees, and says when it sees them all", () => {
    expect(bearerScope(["org-2"], names, 3)).toBe("sees Contoso only");
    expect(bearerScope(["org-1", "org-2"], names, 3)).toBe("sees 2 organizations: Northwind and Contoso");
    expect(bearerScope(["org-1", "org-2", "org-3"], names, 3)).toBe(
      "sees all 3 organizations: Northwind, Contoso and Fabrikam",
    );
  });

  it("counts a legacy key's applications and names their publishers once each", () => {
    expect(legacyScope([11, 12], names)).toBe("sees 2 applications, of Northwind Labs");
    expect(legacyScope([21], names)).toBe("sees 1 application, of Contoso Publishing");
    expect(legacyScope([11, 21], names)).toBe("sees 2 applications, of Northwind Labs and Contoso Publishing");
  });

  it("puts each credential on a line of its own under its label", () => {
    const lines = demoLoginLines(
      {
        bearer: [{ token: "t-1", organizations: ["org-1"] }],
        legacy: [{ apiKey: "k-1", apiSecret: "s-1", applications: [21] }],
      },
      names,
    );
    expect(lines).toEqual([
      "Demo logins (paste one in the task pane's Connect tab):",
      "  Reporting access tokens:",
      "    sees Northwind only:",
      "      t-1",
      "  Legacy API keys and secrets:",
      "    sees 1 application, of Contoso Publishing:",
      "      API key k-1",
      "      API secret s-1",
    ]);
  });
});
