/** What the Query and Legacy tabs say when asked to write into a workbook outside Excel. */
export const NEEDS_EXCEL = "Inserting needs Excel: open this add-in inside Excel.";
