import { CONNECT_FAILURES, connectFailureOf } from "../../../src/client/connect-failure";
import SYSTEM_CODES from "../../../src/client/connect-failure-codes.json";

describe("connectFailureOf: why a connection got no answer, by the system's code (client, host and dev server alike)", () => {
  it.each([
    ["ECONNREFUSED", "refused"],
    ["ENOTFOUND", "unknown_host"],
    ["EAI_AGAIN", "unknown_host"],
    ["ETIMEDOUT", "timeout"],
    ["UND_ERR_CONNECT_TIMEOUT", "timeout"],
    ["EHOSTUNREACH", "unreachable"],
    ["ENETUNREACH", "unreachable"],
  ])("%s is %s", (code, failure) => {
    expect(connectFailureOf(code)).toBe(failure);
  });

  it("names no cause for a code it does not know, for none, or for a name of Object's own properties", () => {
    for (const code of [undefined, "", "ECONNRESET", "econnrefused", "constructor", "toString", "__proto__"])
      expect(connectFailureOf(code)).toBeUndefined();
  });

  it("the JSON the dev server reads holds only causes the client and host know", () => {
    expect(
      Object.values(SYSTEM_CODES).filter((failure) => !(CONNECT_FAILURES as readonly string[]).includes(failure)),
    ).toEqual([]);
  });
});
