import { ECPM_PIVOT_NOTE } from "../../../../../src/core/workbook-queries/pivot-plan";
import { insertedTableText } from "../../../../../src/taskpane/tabs/query/insert-text";

const TABLE = { rows: 392_596, name: "Stats_by_Date_Country", sheet: "Reporting" };
const sentences = (text: string) => text.split(/(?<=\.)\s+(?=[A-Z])/).length;

describe("what Insert as table says", () => {
  it("in two sentences: what is where, then where to refresh it; eCPM's note stays on the PivotTable's sheet", () => {
    const text = insertedTableText(TABLE, { added: true }, { kept: true });
    expect(text).toBe(
      `${(392_596).toLocaleString()} rows inserted as the table Stats_by_Date_Country on Reporting, with a PivotTable. Refresh both from the Queries tab.`,
    );
    expect(sentences(text)).toBe(2);
    expect(text).not.toContain(ECPM_PIVOT_NOTE.slice(0, 20));
  });

  it("without a PivotTable asked for, the table alone", () => {
    expect(insertedTableText({ ...TABLE, rows: 1 }, { added: false }, { kept: true })).toBe(
      "1 row inserted as the table Stats_by_Date_Country on Reporting. Refresh it from the Queries tab.",
    );
  });

  it("adds the reason only when something went wrong", () => {
    expect(
      insertedTableText(
        TABLE,
        { added: false, why: "The PivotTable could not be added: the sheet is protected." },
        { kept: false, why: "The settings are full." },
      ),
    ).toMatch(
      /on Reporting\. The PivotTable could not be added: the sheet is protected\. Its query could not be kept in the workbook, so it will not refresh: The settings are full\.$/,
    );
  });
});
