import { ArgumentError } from "../../../../src/core/arguments/argument-error";
import { readDate, readPeriod } from "../../../../src/core/arguments/dates";

const today = () => "2025-05-15";

function errorOf(run: () => unknown): ArgumentError {
  try {
    run();
  } catch (error) {
    if (error instanceof ArgumentError) return error;
    throw error;
  }
  throw new Error("expected an ArgumentError");
}

describe("from and to", () => {
  it("reads Excel serials, date cells with a time, and YYYY-MM-DD texts", () => {
    expect(readPeriod(45658, 45688, today)).toEqual({ from: "2025-01-01", to: "2025-01-31" });
    expect(readPeriod(45658.75, "2025-01-31", today)).toEqual({ from: "2025-01-01", to: "2025-01-31" });
    expect(readPeriod(" 2025-01-01 ", [[45688]], today)).toEqual({ from: "2025-01-01", to: "2025-01-31" });
  });

  it("reads a period word in from when to is left empty, whatever an empty cell passes", () => {
    for (const empty of [null, undefined, "", 0, [[null]], [[""]]]) {
      expect(readPeriod("last month", empty, today)).toEqual({ from: "2025-04-01", to: "2025-04-30" });
    }
    expect(readPeriod([["YTD"]], undefined, today)).toEqual({ from: "2025-01-01", to: "2025-05-15" });
  });

  it("resolves period words with the injected today", () => {
    expect(readPeriod("TODAY", null, () => "2024-02-29")).toEqual({ from: "2024-02-29", to: "2024-02-29" });
  });

  it("refuses a to next to a period word", () => {
    const error = errorOf(() => readPeriod("LAST_MONTH", "2025-05-01", today));
    expect(error.argument).toBe("to");
    expect(error.message).toMatch(/^to: leave it empty when from is the period word LAST_MONTH/);
  });

  it("asks for to when from is a date", () => {
    const error = errorOf(() => readPeriod("2025-01-01", null, today));
    expect(error.argument).toBe("to");
    expect(error.message).toContain("missing");
  });

  it("asks for from when it is missing, listing the period words", () => {
    const error = errorOf(() => readPeriod(null, null, today));
    expect(error.argument).toBe("from");
    expect(error.message).toContain("LAST_QUARTER");
  });

  it("refuses to before from", () => {
    const error = errorOf(() => readPeriod("2025-02-01", "2025-01-31", today));
    expect(error.message).toBe("to: 2025-01-31 is before from (2025-02-01). Give a last day on or after the first");
  });

  it.each([
    ["last week", "from", /"last week" is not a date.*period word/],
    ["2025-02-30", "from", /"2025-02-30" is not a real date/],
    ["01/02/2025", "from", /is not a date/],
    [true, "from", /"true" is not a date/],
    [-3, "from", /-3 is not a date/],
    [3e6, "from", /is not a date/],
    [60, "from", /1900-02-29, a day that did not exist/],
  ])("refuses %j in from", (value, argument, message) => {
    const error = errorOf(() => readPeriod(value, "2025-01-31", today));
    expect(error.argument).toBe(argument);
    expect(error.message).toMatch(message);
  });

  it("refuses a range of several cells", () => {
    expect(errorOf(() => readPeriod([["2025-01-01", "2025-01-02"]], "2025-01-31", today)).message).toBe(
      "from: expects one cell, not a range of 2 cells",
    );
  });

  it("names the argument it reads", () => {
    expect(errorOf(() => readDate("x", "to")).message).toMatch(/^to: "x" is not a date/);
  });
});

describe("point 12: the first and last days Excel can show", () => {
  it.each([
    [1, "1900-01-01"],
    [1.75, "1900-01-01"],
    [59, "1900-02-28"],
    [61, "1900-03-01"],
    [2958465, "9999-12-31"],
    [2958465.999, "9999-12-31"],
  ])("point 12: serial %d is %s", (serial, day) => {
    expect(readDate(serial, "from")).toBe(day);
  });

  it.each([0, 0.5, -1, 2958466, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN, 1e20])(
    "point 12: serial %d is refused, naming the serials Excel shows",
    (serial) => {
      const error = errorOf(() => readDate(serial, "from"));
      expect(error.argument).toBe("from");
      expect(error.message).toBe(
        `from: ${String(serial)} is not a date Excel can show. Use a date from 1900-01-01 to 9999-12-31 (serial numbers 1 to 2958465) or a YYYY-MM-DD text`,
      );
    },
  );

  it.each(["0001-01-01", "0099-12-31", "1899-12-31", "0000-02-29"])(
    "point 12: the text %s is refused in from and in to, saying why",
    (day) => {
      expect(errorOf(() => readPeriod(day, "2025-01-31", today)).message).toBe(
        `from: "${day}" is before 1900-01-01, the first day Excel can show. Use a date from 1900-01-01 to 9999-12-31`,
      );
      expect(errorOf(() => readPeriod("1900-01-01", day, today)).message).toBe(
        `to: "${day}" is before 1900-01-01, the first day Excel can show. Use a date from 1900-01-01 to 9999-12-31`,
      );
    },
  );

  it("point 12: a period word refuses a period that would start before 1900 (a clock set wrong)", () => {
    expect(errorOf(() => readPeriod("LAST_MONTH", null, () => "1900-01-15")).message).toBe(
      "from: LAST_MONTH starts on 1899-12-01, before 1900-01-01, the first day Excel can show. Use a date from 1900-01-01 to 9999-12-31",
    );
    expect(readPeriod("MTD", null, () => "1900-01-15")).toEqual({ from: "1900-01-01", to: "1900-01-15" });
  });

  it("point 12: a period may run from 1900-01-01 to 9999-12-31", () => {
    expect(readPeriod("1900-01-01", "9999-12-31", today)).toEqual({ from: "1900-01-01", to: "9999-12-31" });
    expect(readPeriod(1, 2958465, today)).toEqual({ from: "1900-01-01", to: "9999-12-31" });
  });
});
