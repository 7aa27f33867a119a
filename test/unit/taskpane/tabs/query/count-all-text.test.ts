import { countAllOffer, countProgressText } from "../../../../../src/taskpane/tabs/query/count-all-text";

describe("Count all rows", () => {
  it("is not offered when the preview read the whole answer", () => {
    expect(countAllOffer({ complete: true, countExact: true, dataRowCount: 1_234 }, 10_000)).toBeUndefined();
  });

  it("is Count all rows when the service did not say how many rows there are", () => {
    expect(countAllOffer({ complete: false, countExact: false, dataRowCount: 10_000 }, 10_000)).toEqual({
      button: "Count all rows",
      note: "The service did not say how many rows there are. Count all rows reads every page to count and total them; you can cancel it.",
    });
  });

  it("is Total all rows, naming the pages it reads, when the count is known", () => {
    const offer = countAllOffer({ complete: false, countExact: true, dataRowCount: 392_596 }, 10_000);
    expect(offer?.button).toBe("Total all rows");
    expect(offer?.note).toBe("Totals need every row: Total all rows reads all 40 pages; you can cancel it.");
  });

  it("warns when rows shown may lack their comparison", () => {
    expect(
      countAllOffer({ complete: false, countExact: false, dataRowCount: 20, comparisonPartial: true }, 10_000)?.note,
    ).toMatch(/Some rows shown may lack their comparison figures until then\.$/);
  });

  it("says pages read of pages known, and that more may follow without a count", () => {
    expect(countProgressText({ pagesDone: 3, pagesKnown: 40, pagesExact: true, rowsRead: 30_000 })).toBe(
      "Page 3 of 40 read (30,000 rows).",
    );
    expect(countProgressText({ pagesDone: 1, pagesKnown: 2, pagesExact: false, rowsRead: 10_000 })).toBe(
      "1 page read (10,000 rows); at least 2 in all.",
    );
  });
});
