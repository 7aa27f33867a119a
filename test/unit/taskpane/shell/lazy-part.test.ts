import { isReportingError, ReportingError } from "../../../../src/client/errors";
import { toCellError } from "../../../../src/core/cell-errors";
import { lazyPart, PART_NOT_LOADED } from "../../../../src/taskpane/shell/lazy-part";
import { plainMessage } from "../../../../src/taskpane/shell/status";

/** webpack's error when a chunk's script does not arrive (its words, with the chunk's address). */
const chunkFailure = () =>
  Object.assign(new Error("Loading chunk 394 failed.\n(error: https://addin.example.com/394.beef1ee9.js)"), {
    name: "ChunkLoadError",
  });

describe("a part of the pane loaded on first use", () => {
  it("loads once, however often and however concurrently it is asked for", async () => {
    const load = jest.fn(async () => ({ setUp: "tab" }));
    const part = lazyPart(load);
    expect(load).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([part(), part()]);
    expect(await part()).toBe(first);
    expect(second).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("says a failed load in the error contract's words: what to do, for the pane, without the chunk's address", async () => {
    const part = lazyPart(() => Promise.reject(chunkFailure()));
    const error = await part().catch((failure: unknown) => failure);
    expect(isReportingError(error)).toBe(true);
    expect(error).toMatchObject({ kind: "host", code: "part_not_loaded", retryable: true });
    expect(plainMessage(error)).toBe(PART_NOT_LOADED);
    expect(PART_NOT_LOADED).toBe("The add-in could not load part of itself: reload the pane.");
    expect((error as ReportingError).paneMessage).not.toContain("394");
    // Were it ever to reach a cell, it would read as data not available, not as a wrong input.
    expect(toCellError(error).code).toBe("#N/A");
  });

  it("tries again on the next use after a failed load, then keeps what loaded", async () => {
    const load = jest.fn<Promise<string>, []>().mockRejectedValueOnce(chunkFailure()).mockResolvedValue("loaded");
    const part = lazyPart(load);
    await expect(part()).rejects.toMatchObject({ kind: "host" });
    await expect(part()).resolves.toBe("loaded");
    await expect(part()).resolves.toBe("loaded");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("passes on as it is the contract's error of a part it is built from, rather than wrapping it again", async () => {
    const moduleError = await lazyPart(() => Promise.reject(chunkFailure()))().catch((failure: unknown) => failure);
    const built = lazyPart(async () => {
      throw moduleError;
    });
    await expect(built()).rejects.toBe(moduleError);
  });
});
