import { UpstreamGate, type Release } from "../../../src/host/upstream-gate";

describe("the gate to the service's connections", () => {
  it("keeps a client within its share, and gives a freed connection to the client holding fewest", async () => {
    const gate = new UpstreamGate({ connections: 3, perClient: 2 });
    const a1 = (await gate.acquire("a", 1000))!;
    const a2 = (await gate.acquire("a", 1000))!;
    const order: string[] = [];
    const waiting = (client: string) => gate.acquire(client, 1000).then((release) => (order.push(client), release!));
    const a3 = waiting("a");
    // "a" holds its share: "b" gets the third connection at once, though "a" asked first.
    const b1 = (await gate.acquire("b", 1000))!;
    const b2 = waiting("b");
    const c1 = waiting("c");
    b1();
    await b2;
    a1();
    await c1;
    a2();
    await a3;
    expect(order).toEqual(["b", "c", "a"]);
    for (const release of [await a3, await b2, await c1]) release();
    expect((await gate.acquire("d", 0)) as Release).toBeInstanceOf(Function);
  });

  it("gives up after the wait it was given, and a release never counts twice", async () => {
    const gate = new UpstreamGate({ connections: 1, perClient: 1 });
    const first = (await gate.acquire("a", 10))!;
    expect(await gate.acquire("b", 20)).toBeUndefined();
    first();
    first();
    const second = (await gate.acquire("b", 10))!;
    expect(await gate.acquire("c", 10)).toBeUndefined();
    second();
  });
});
