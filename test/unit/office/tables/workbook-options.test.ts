import { readWorkbookOptions } from "../../../../src/office/tables/workbook-options";
import { workbookQueryStore } from "../../../../src/office/tables/query-store";
import { OFFICE_2021 } from "../../../support/office-hosts";
import { installFakeExcel, type FakeExcel } from "../fake-excel";

/**
 * The pane reads "refresh when it opens" at start with readWorkbookOptions, without the store of
 * the workbook's queries (which comes with the Queries tab, loaded on demand): both must read the
 * same flag from the saved file, wherever Excel keeps it.
 */
describe("the workbook's flag read at start", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  it.each([
    ["Microsoft 365", undefined],
    ["Office 2021", OFFICE_2021],
  ])("reads what the store wrote in %s, once the file is reopened", async (_where, requirementSets) => {
    excel = installFakeExcel(requirementSets ? { requirementSets } : {});
    expect(await readWorkbookOptions()).toEqual({ refreshOnOpen: false });
    await workbookQueryStore().setOptions({ refreshOnOpen: true });
    const saved = excel.control.save();
    excel.restore();
    excel = installFakeExcel({ workbook: saved, ...(requirementSets ? { requirementSets } : {}) });
    expect(await readWorkbookOptions()).toEqual({ refreshOnOpen: true });
    await workbookQueryStore().setOptions({ refreshOnOpen: false });
    expect(await readWorkbookOptions()).toEqual({ refreshOnOpen: false });
  });

  it("refuses outside Excel, as the store does, rather than say the workbook does not refresh", async () => {
    excel = installFakeExcel();
    excel.restore();
    await expect(readWorkbookOptions()).rejects.toMatchObject({ kind: "workbook" });
    excel = installFakeExcel();
  });
});

describe("the change threshold", () => {
  let excel: FakeExcel;
  afterEach(() => excel.restore());

  it("is kept with the workbook beside refresh on open, each set without losing the other", async () => {
    excel = installFakeExcel();
    await workbookQueryStore().setOptions({ refreshOnOpen: true });
    await workbookQueryStore().setOptions({ changeThreshold: 0.5 });
    const saved = excel.control.save();
    excel.restore();
    excel = installFakeExcel({ workbook: saved });
    expect(await readWorkbookOptions()).toEqual({ refreshOnOpen: true, changeThreshold: 0.5 });
    await workbookQueryStore().setOptions({ refreshOnOpen: false });
    expect(await readWorkbookOptions()).toEqual({ refreshOnOpen: false, changeThreshold: 0.5 });
  });
});
