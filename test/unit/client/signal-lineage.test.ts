import { markServes, servesCaller } from "../../../src/client/signal-lineage";

const signal = () => new AbortController().signal;

describe("whose work a request is", () => {
  it("is its caller's when it runs with the caller's signal, or with one made for it, however deep", () => {
    const action = signal();
    const sharedLoad = signal();
    const page = signal();
    markServes(sharedLoad, action);
    markServes(page, sharedLoad);
    expect(servesCaller(action, action)).toBe(true);
    expect(servesCaller(sharedLoad, action)).toBe(true);
    expect(servesCaller(page, action)).toBe(true);
  });

  it("is not a caller's when the load serves only others, or the request has no signal", () => {
    const action = signal();
    const formula = signal();
    const formulaLoad = signal();
    markServes(formulaLoad, formula);
    expect(servesCaller(formulaLoad, action)).toBe(false);
    expect(servesCaller(undefined, action)).toBe(false);
    // The action's signal is not made for the load: the relation has a direction.
    markServes(signal(), action);
    expect(servesCaller(action, formulaLoad)).toBe(false);
  });

  it("serves every caller of a shared load, and ends on a loop", () => {
    const [first, second, load] = [signal(), signal(), signal()];
    markServes(load, first);
    markServes(load, second);
    markServes(first, load);
    expect([servesCaller(load, first), servesCaller(load, second)]).toEqual([true, true]);
    expect(servesCaller(load, signal())).toBe(false);
  });
});
