import { ConnectionError } from "../../../src/client/errors";
import { createTransport } from "../../../src/client/transport";
import { classifyUnanswered, failureCodeOf, probeAddress } from "../../../src/client/unanswered";
import { fakeTransportOptions, scriptedFetch } from "./fakes";

const PAGE = "https://addin.example.org";

describe("classifyUnanswered: why a request got no answer", () => {
  it.each([
    [
      "no network at all, whatever the address",
      { url: "https://reporting.example.com/api", pageOrigin: PAGE, online: false, failureCode: "ECONNREFUSED" },
      "offline",
    ],
    [
      "http:// from an https:// page (mixed content)",
      { url: "http://reporting.example.com/api", pageOrigin: PAGE },
      "insecure_address",
    ],
    [
      "a refused connection named by the runtime",
      { url: "https://reporting.example.com/api", pageOrigin: undefined, failureCode: "ECONNREFUSED" },
      "refused",
    ],
    [
      "an unknown host named by the runtime",
      { url: "https://reporting.example.com/api", pageOrigin: undefined, failureCode: "ENOTFOUND" },
      "unknown_host",
    ],
    [
      "a DNS failure that may pass",
      { url: "https://reporting.example.com/api", pageOrigin: PAGE, failureCode: "EAI_AGAIN" },
      "unknown_host",
    ],
    [
      "a connection timeout",
      { url: "https://reporting.example.com/api", pageOrigin: undefined, failureCode: "UND_ERR_CONNECT_TIMEOUT" },
      "unreachable",
    ],
    [
      "a connection the system gave up on (the host's upstream_timeout)",
      { url: "https://reporting.example.com/api", pageOrigin: undefined, failureCode: "ETIMEDOUT" },
      "unreachable",
    ],
    ["the page's own origin", { url: `${PAGE}/service/bearer/details`, pageOrigin: PAGE }, "network"],
    ["no page origin and no code", { url: "https://reporting.example.com/api", pageOrigin: undefined }, "network"],
    [
      "an unknown code on the page's origin",
      { url: `${PAGE}/x`, pageOrigin: PAGE, failureCode: "ESOMETHING" },
      "network",
    ],
    [
      "another origin, where only a probe can tell",
      { url: "https://reporting.example.com/api", pageOrigin: PAGE, online: true },
      "probe",
    ],
    [
      "an http:// loopback address from an https:// page (allowed by browsers)",
      { url: "http://127.0.0.1:3001/api", pageOrigin: "https://localhost:3000" },
      "probe",
    ],
    [
      "a code that names an Object property",
      { url: "https://reporting.example.com/api", pageOrigin: undefined, failureCode: "constructor" },
      "network",
    ],
  ] as const)("%s", (_name, facts, verdict) => {
    expect(classifyUnanswered(facts)).toBe(verdict);
  });

  it("finds the code under fetch's TypeError, and none on a browser's bare failure", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(failureCodeOf(new TypeError("fetch failed", { cause: refused }))).toBe("ECONNREFUSED");
    expect(failureCodeOf(new TypeError("Failed to fetch"))).toBeUndefined();
    expect(failureCodeOf(new DOMException("aborted", "AbortError"))).toBeUndefined();
  });

  it("probes only the origin's root: no path, query or credential travels", () => {
    expect(probeAddress("https://user:pw@reporting.example.com:8443/api/v1/stats?key=1")).toBe(
      "https://reporting.example.com:8443/",
    );
    expect(probeAddress("not a url")).toBeUndefined();
  });
});

describe("the transport's connection errors, with the page's network facts injected", () => {
  const url = "https://reporting.example.com/api/details";

  async function failure(
    options: Parameters<typeof fakeTransportOptions>[1],
    thrown: Error = new TypeError("Failed to fetch"),
  ): Promise<ConnectionError> {
    const fetch = scriptedFetch(thrown);
    const error = await createTransport(fakeTransportOptions(fetch, { maxRetries: 0, ...options }))
      .request({ method: "GET", url, route: "/details" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    return error as ConnectionError;
  }

  it("tells CORS (something answers the probe) from a dead address (nothing does)", async () => {
    const probed: string[] = [];
    const answers = await failure({
      pageOrigin: PAGE,
      probeReachable: async (address) => (probed.push(address), true),
    });
    const silent = await failure({ pageOrigin: PAGE, probeReachable: async () => false });
    const broken = await failure({
      pageOrigin: PAGE,
      probeReachable: async () => Promise.reject(new TypeError("Failed to fetch")),
    });
    expect(probed).toEqual(["https://reporting.example.com/"]);
    expect(answers.likelyCause).toBe("cross_origin");
    expect(silent.likelyCause).toBe("unreachable");
    expect(broken.likelyCause).toBe("unreachable");
    expect(answers.paneMessage).not.toBe(silent.paneMessage);
  });

  it("probes once per request, however many of its attempts fail", async () => {
    const probe = jest.fn(async () => false);
    const fetch = scriptedFetch(new TypeError("Failed to fetch"));
    const error = await createTransport(
      fakeTransportOptions(fetch, { maxRetries: 3, pageOrigin: PAGE, probeReachable: probe }),
    )
      .request({ method: "GET", url, route: "/details" })
      .catch((caught: unknown) => caught);
    expect(fetch.calls).toHaveLength(4);
    expect(probe).toHaveBeenCalledTimes(1);
    expect((error as ConnectionError).likelyCause).toBe("unreachable");
  });

  it("gives up a probe that hangs, and calls it unreachable", async () => {
    jest.useFakeTimers({ doNotFake: ["queueMicrotask", "nextTick", "setImmediate"] });
    try {
      const pending = failure({
        pageOrigin: PAGE,
        probeReachable: (_address, signal) =>
          new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(new Error("aborted")))),
      });
      await jest.advanceTimersByTimeAsync(5_000);
      expect((await pending).likelyCause).toBe("unreachable");
    } finally {
      jest.useRealTimers();
    }
  });

  it("says the computer is offline when the page says so, without probing", async () => {
    const probe = jest.fn(async () => true);
    const offline = await failure({ pageOrigin: PAGE, isOnline: () => false, probeReachable: probe });
    expect(offline.likelyCause).toBe("offline");
    expect(offline.paneMessage).toMatch(/not connected to the internet/);
    expect(probe).not.toHaveBeenCalled();
  });

  it("reads a refused connection from Node's fetch without a probe", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" });
    const probe = jest.fn(async () => true);
    const error = await failure(
      { pageOrigin: PAGE, probeReachable: probe },
      new TypeError("fetch failed", { cause: refused }),
    );
    expect(error.likelyCause).toBe("refused");
    expect(probe).not.toHaveBeenCalled();
  });

  it("without a probe keeps taking another origin's failure for the browser's refusal", async () => {
    expect((await failure({ pageOrigin: PAGE })).likelyCause).toBe("cross_origin");
  });
});
