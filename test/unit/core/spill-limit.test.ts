import {
  DEFAULT_SPILL_BUDGET_BYTES,
  jsonBytes,
  omittedRowsMessage,
  omittedRowsNote,
  utf8Bytes,
} from "../../../src/core/spill-limit";

/** What Excel receives, measured independently of the code under test. */
const sentBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), "utf8");

describe("spill budget", () => {
  it("leaves about 1 MB of Excel's 5 MB for its own envelope", () => {
    expect(DEFAULT_SPILL_BUDGET_BYTES).toBeLessThanOrEqual(4_000_000);
    expect(DEFAULT_SPILL_BUDGET_BYTES).toBeGreaterThanOrEqual(3_500_000);
  });

  it("writes counts with thousands separators and a singular for one row", () => {
    expect(omittedRowsMessage(12_345)).toBe(
      "12,345 more rows not shown: use Insert as table in the Reporting task pane to bring them all.",
    );
    expect(omittedRowsMessage(1)).toMatch(/^1 more row not shown/);
  });

  it("puts the message in the first cell of a note row as wide as the table", () => {
    expect(omittedRowsNote(3, 3)).toEqual([omittedRowsMessage(3), "", ""]);
    expect(omittedRowsNote(3, 0)).toEqual([omittedRowsMessage(3)]);
  });

  it("counts UTF-8 bytes as Node does, escapes included", () => {
    for (const text of ["", "abc", "é", "広告", "🚀", "a\u0001b", '"\\', "\ud800", "\udc00x", "plain ASCII, then é"]) {
      expect(utf8Bytes(JSON.stringify(text))).toBe(sentBytes(text));
      expect(jsonBytes(text)).toBe(sentBytes(text));
    }
  });
});
