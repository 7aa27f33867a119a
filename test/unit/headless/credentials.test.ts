import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { credentialStore, readCredentials } from "../../../src/headless/credentials";

/** The headless refresh's credentials file: the pane's checks of each profile, a private file, no secret in any message. */

const SECRET = "tok-3f9a-very-secret";
let dir: string;

function file(content: unknown, mode = 0o600): string {
  const at = path.join(dir, `credentials-${Math.random().toString(16).slice(2)}.json`);
  writeFileSync(at, typeof content === "string" ? content : JSON.stringify(content));
  chmodSync(at, mode);
  return at;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "credentials-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const failure = (action: () => unknown): string => {
  try {
    action();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("it did not refuse");
};

describe("readCredentials", () => {
  it("reads each profile with the right interface and makes the default one active", async () => {
    const read = readCredentials(
      file({
        default: "Finance",
        profiles: {
          Finance: { baseUrl: "https://reporting.example.com", token: SECRET },
          Old: { legacyBaseUrl: "https://legacy.example.com", apiKey: "key", apiSecret: "secret" },
          Local: { baseUrl: "http://localhost:3001", token: "t" },
        },
      }),
      "linux",
    );
    expect(read.profiles.map((profile) => [profile.name, profile.kind])).toEqual([
      ["Finance", "bearer"],
      ["Old", "legacy"],
      ["Local", "bearer"],
    ]);
    const state = await credentialStore(read).state();
    expect(state.active?.name).toBe("Finance");
    expect(state.active?.token).toBe(SECRET);
  });

  it("refuses a file other users can read, as ssh does", () => {
    expect(
      failure(() =>
        readCredentials(file({ profiles: { A: { baseUrl: "https://x.example", token: SECRET } } }, 0o640), "linux"),
      ),
    ).toMatch(/can be read by other users of this computer\. Make it private with: chmod 600/);
  });

  it("refuses http:// except for this computer, as the pane does, without echoing the token", () => {
    const message = failure(() =>
      readCredentials(
        file({ profiles: { Finance: { baseUrl: "http://reporting.example.com", token: SECRET } } }),
        "linux",
      ),
    );
    expect(message).toMatch(
      /^The profile "Finance" in .+ cannot be used: The service address must start with https:\/\//,
    );
    expect(message).not.toContain(SECRET);
  });

  it("names unknown fields and a default that is not there, never their values", () => {
    const unknown = failure(() =>
      readCredentials(
        file({ profiles: { Finance: { baseUrl: "https://x.example", token: SECRET, password: SECRET } } }),
        "linux",
      ),
    );
    expect(unknown).toContain("fields this command does not know: password");
    expect(unknown).not.toContain(SECRET);
    expect(
      failure(() =>
        readCredentials(
          file({ default: "Sales", profiles: { Finance: { baseUrl: "https://x.example", token: SECRET } } }),
          "linux",
        ),
      ),
    ).toContain('names "Sales" as its default');
    expect(
      failure(() => readCredentials(file(`{"profiles": {"Finance": {"token": "${SECRET}"`), "linux")),
    ).not.toContain(SECRET);
  });
});
