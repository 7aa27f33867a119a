import { ArgumentError } from "../../../src/core/arguments/argument-error";
import { spillTable } from "../../../src/core/rows/spill-table";
import { numberCall, spillCall } from "../../../src/office/custom-function-calls";
import { CUSTOM_FUNCTIONS, officeSupporting, withGlobals } from "./office-globals";

describe("custom function calls", () => {
  let restore: () => void;
  beforeEach(() => {
    restore = withGlobals({
      CustomFunctions: CUSTOM_FUNCTIONS,
      Office: officeSupporting(["CustomFunctionsRuntime 1.4", "ExcelApi 1.19"]),
    });
  });
  afterEach(() => restore());

  it("spills a table with its dates formatted", async () => {
    const rows = await spillCall({}, async () => spillTable([["Date"], [46174]], [0], 1, 1));
    expect(rows).toEqual([["Date"], [{ type: "Double", basicValue: 46174, numberFormat: "yyyy-mm-dd" }]]);
  });

  it("aborts the work when Excel cancels the call", async () => {
    const invocation: { onCanceled?: () => void } = {};
    let signal: AbortSignal | undefined;
    const call = numberCall(invocation, (given) => {
      signal = given;
      return new Promise<number>((_resolve, reject) =>
        given.addEventListener("abort", () => reject(new ArgumentError("x", "cancelled"))),
      );
    });
    await Promise.resolve();
    expect(signal?.aborted).toBe(false);
    invocation.onCanceled?.();
    await expect(call).rejects.toMatchObject({ code: "#VALUE!" });
    expect(signal?.aborted).toBe(true);
  });

  it("rejects with the cell's Excel error", async () => {
    await expect(
      numberCall(undefined, async () => Promise.reject(new ArgumentError("metric", '"profit" is not a metric'))),
    ).rejects.toMatchObject({
      code: "#VALUE!",
      message: 'metric: "profit" is not a metric',
    });
  });
});
