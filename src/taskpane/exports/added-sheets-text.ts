/** What Open as worksheet says once Excel added the file's sheets, by the names Excel gave them. */
export function addedSheetsText(sheetNames: readonly string[]): string {
  if (sheetNames.length === 0)
    return "Excel added no worksheet from the file. Try again, or use Export Excel and open the downloaded file.";
  const quoted = sheetNames.map((name) => `"${name}"`);
  const list = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(", ")} and ${quoted[quoted.length - 1]}`;
  return `Added the worksheet${sheetNames.length === 1 ? "" : "s"} ${list} to this workbook${sheetNames.length > 1 ? "; the last one describes the query" : ""}.`;
}
